/// Why a station-day has no session, with the numbers (docs/SCIENCE.md §2's rules in words).
public enum NoSessionReason: Hashable, Sendable, CustomStringConvertible {
    /// Fewer than three waves all day.
    case fewerThanThreeWaves(Int)
    /// The day's waves span less than an hour from first to last (seconds).
    case spanTooShort(waves: Int, span: Int64)
    /// No three or more waves lie within two hours, spanning an hour, without a gap over an
    /// hour: `longestRun` is the most waves a window takes (over `runSpan` s), `longestGap` the
    /// longest gap between waves (s).
    case wavesTooFarApart(waves: Int, longestRun: Int, runSpan: Int64, longestGap: Int64)
    /// Windows exist, but every one lies before civil dawn or after civil dusk.
    case onlyInDarkness(windows: Int)
    /// Waves at times outside the rules' range (``SessionRules/timeRange``): the day is not
    /// scored.
    case timesOutOfRange(waves: Int)

    public var description: String {
        switch self {
        case .fewerThanThreeWaves(let n): "\(n) wave\(n == 1 ? "" : "s") all day (a session needs 3)"
        case .spanTooShort(let waves, let span):
            "\(waves) waves within \(span / 60) min (a session spans at least 60 min)"
        case .wavesTooFarApart(let waves, let run, let runSpan, let gap):
            "\(waves) waves, but no 3 within 2 h spanning 1 h without a gap over 1 h "
                + "(best: \(run) wave\(run == 1 ? "" : "s") over \(runSpan / 60) min; longest gap \(gap / 60) min)"
        case .onlyInDarkness(let windows):
            "only in darkness: \(windows) window\(windows == 1 ? "" : "s") of 3+ waves, all before civil dawn or after civil dusk"
        case .timesOutOfRange(let waves):
            "\(waves) wave\(waves == 1 ? "" : "s") at times outside the years the rules take (±34,800 years)"
        }
    }

    /// The reason, for a day whose ``SessionFinder/best(waves:sun:top:)`` is empty; nil when it
    /// is not empty.
    /// - Parameters:
    ///   - waves: sorted by time.
    ///   - sun: the day's sun window.
    public static func of(waves: [Wave], sun: SunWindow) -> NoSessionReason? {
        guard SessionFinder.best(waves: waves, sun: sun, top: 1).isEmpty else { return nil }
        let outside = waves.count { !SessionRules.timeRange.contains($0.time) }
        guard outside == 0 else { return .timesOutOfRange(waves: outside) }
        let n = waves.count
        guard n >= SessionRules.minimumWaves else { return .fewerThanThreeWaves(n) }
        let span = waves[n - 1].time - waves[0].time
        guard span >= SessionRules.minimumSpan else { return .spanTooShort(waves: n, span: span) }
        // The same day in daylight from end to end: if windows appear, darkness removed them.
        let daylight = SunWindow(
            sunrise: waves[0].time - 86_400, sunset: waves[n - 1].time + 86_400,
            civilTwilightBegin: waves[0].time - 86_400, civilTwilightEnd: waves[n - 1].time + 86_400)
        let lit = SessionFinder.best(waves: waves, sun: daylight, top: n)
        if !lit.isEmpty { return .onlyInDarkness(windows: lit.count) }
        var longestRun = 1
        var runSpan: Int64 = 0
        var longestGap: Int64 = 0
        for i in 0..<n {
            var last = i
            while last + 1 < n, waves[last + 1].time - waves[last].time <= SessionRules.maximumGap,
                waves[last + 1].time - waves[i].time <= SessionRules.maximumSpan
            {
                last += 1
            }
            let span = waves[last].time - waves[i].time
            if last - i + 1 > longestRun || (last - i + 1 == longestRun && span > runSpan) {
                (longestRun, runSpan) = (last - i + 1, span)
            }
            if i > 0 { longestGap = max(longestGap, waves[i].time - waves[i - 1].time) }
        }
        return .wavesTooFarApart(waves: n, longestRun: longestRun, runSpan: runSpan, longestGap: longestGap)
    }
}
