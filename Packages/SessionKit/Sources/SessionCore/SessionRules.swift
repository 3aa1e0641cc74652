public import WaveRating

/// The Next Wave app's session rules (its WaveAnalyticsViewModel; docs/SCIENCE.md §2), as constants
/// and the per-window score. Times are Unix seconds.
public enum SessionRules {
    /// A window must span at least this long from its first to its last wave (s).
    public static let minimumSpan: Int64 = 3600
    /// A wave more than this after the window's first is not taken (s).
    public static let maximumSpan: Int64 = 7200
    /// A gap longer than this to the previously taken wave ends the window (s).
    public static let maximumGap: Int64 = 3600
    /// Fewest waves in a window.
    public static let minimumWaves = 3
    /// Sessions kept per station and day, by default.
    public static let defaultTop = 5
    /// Score reduction per unit of twilight share: `score × (1 − 0.8 × share)`.
    public static let twilightPenalty = 0.8
    /// The wave times the rules take, Unix seconds: ±2^40 s, about ±34,800 years, far beyond any
    /// schedule (the toolkit's readers accept 1901–2099). Times outside it leave a window without
    /// a score and a day without windows, never an arithmetic trap: any two times in it, and a
    /// sun time (``SunWindow``, within ±2^60 s), differ by less than Int64 holds.
    public static let timeRange: ClosedRange<Int64> = -(1 << 40)...(1 << 40)

    /// Quality points of one wave: 10 for a rating-3 ship, 5 for rating 2, 2 for any other named
    /// ship (rating 1, or a ship the rating table does not know), 1 when no ship is known.
    public static func quality(rating: Rating?, named: Bool) -> Int {
        switch rating {
        case .three: 10
        case .two: 5
        case .one, nil: named ? 2 : 1
        }
    }

    /// The expected points of a wave whose ship is predicted: Σ share × points over the ships
    /// that ran its course, each with its share of the days (shares sum to 1; a ship the table
    /// does not rate counts as a named ship).
    public static func expectedQuality(_ predicted: [(share: Double, rating: Rating?)]) -> Double {
        predicted.reduce(0) { $0 + $1.share * Double(quality(rating: $1.rating, named: true)) }
    }

    /// Score of a window from `start` (its first wave) to `end` (its last taken wave), with
    /// `count` waves worth `quality` points, under `sun`; 0 when it lies in darkness.
    ///
    /// `score = quality × (1 + (count / (duration / 3600)) / 10)`, then × `(1 − 0.8 × share)`
    /// when the window overlaps the time before sunrise or after sunset by `share` of its
    /// duration (> 0); 0 when it ends at or before civil dawn or starts at or after civil dusk.
    ///
    /// The arithmetic is the app's, in its order, so that equal windows have bit-identical
    /// scores; a window in darkness is answered before any division, and the share's division
    /// is made only when there is an overlap (a share of 0 leaves the score as it is).
    @inline(__always)
    public static func score(quality: Double, count: Int, start: Int64, end: Int64, sun: SunWindow) -> Double {
        guard timeRange.contains(start), timeRange.contains(end) else { return 0 }
        if end <= sun.civilTwilightBegin || start >= sun.civilTwilightEnd { return 0 }
        let duration = Double(end - start)
        let wavesPerHour = Double(count) / (duration / 3600)
        var score = quality * (1 + wavesPerHour / 10)
        var overlap: Int64 = 0
        if start <= sun.sunrise { overlap += max(0, min(end, sun.sunrise) - start) }
        if end >= sun.sunset { overlap += max(0, end - max(start, sun.sunset)) }
        if overlap > 0 { score *= 1 - twilightPenalty * (Double(overlap) / duration) }
        return score
    }
}
