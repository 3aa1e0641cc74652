/// The app's session search (docs/SCIENCE.md §2), in O(n) per station-day.
///
/// For each wave as a start, the app walks forward and takes waves until a gap exceeds 1 h or the
/// span exceeds 2 h: O(n²) with the walk. Here the walk's end is found without walking:
/// - waves at the same time form a group; a window starting at any of them takes the group
///   from its first member (`groupStart`);
/// - `runEnd[k]` is the last wave reachable from `k` without a gap > 1 h (one right-to-left pass);
/// - the span limit is a pointer that only moves forward as the start time grows;
/// - the window ends at the smaller of the two, and its quality is a difference of prefix sums.
/// The best `top` windows (score descending, ties in start order) are kept in a bounded list,
/// so the whole search is O(n · top); the distinct windows sort the O(n) candidates once.
public enum SessionFinder {
    /// The best windows of one day.
    /// - Parameters:
    ///   - waves: sorted by time (ascending; equal times in any order).
    ///   - sun: the day's sun times.
    ///   - top: how many to keep (≥ 1).
    public static func best(waves: [Wave], sun: SunWindow, top: Int = SessionRules.defaultTop) -> [SessionWindow] {
        precondition(top >= 1, "top must be at least 1")
        var kept: [SessionWindow] = []
        kept.reserveCapacity(top + 1)
        forEachWindow(waves: waves, sun: sun) { window in
            // Bounded insertion: after every kept window with score ≥ this one (stable).
            if kept.count == top, let worst = kept.last, !(window.score > worst.score) { return }
            var position = kept.count
            while position > 0 && kept[position - 1].score < window.score { position -= 1 }
            kept.insert(window, at: position)
            if kept.count > top { kept.removeLast() }
        }
        return kept
    }

    /// The day's best windows and its distinct ones (``distinct(waves:sun:limit:)``) from one
    /// search: what a station-day report needs, in O(n log n + n · top).
    public static func bestAndDistinct(
        waves: [Wave], sun: SunWindow, top: Int = SessionRules.defaultTop
    ) -> (best: [SessionWindow], distinct: [SessionWindow]) {
        precondition(top >= 1, "top must be at least 1")
        let all = ranked(waves: waves, sun: sun)
        return (Array(all.prefix(top)), nonOverlapping(all, limit: top))
    }

    /// Every qualifying window (at most one per start wave), in start order: O(n).
    static func forEachWindow(waves: [Wave], sun: SunWindow, _ body: (SessionWindow) -> Void) {
        let n = waves.count
        guard n >= SessionRules.minimumWaves, waves[n - 1].time - waves[0].time >= SessionRules.minimumSpan else {
            return
        }
        waves.withUnsafeBufferPointer { w in
            var prefix = [Double](repeating: 0, count: n + 1)
            for k in 0..<n { prefix[k + 1] = prefix[k] + w[k].quality }
            var runEnd = [Int](repeating: n - 1, count: n)
            if n >= 2 {
                for k in stride(from: n - 2, through: 0, by: -1) {
                    runEnd[k] = w[k + 1].time - w[k].time <= SessionRules.maximumGap ? runEnd[k + 1] : k
                }
            }
            var groupStart = 0
            var spanEnd = 0
            for i in 0..<n {
                if i > 0 && w[i].time != w[i - 1].time { groupStart = i }
                let start = w[i].time
                if spanEnd < i { spanEnd = i }
                while spanEnd + 1 < n && w[spanEnd + 1].time - start <= SessionRules.maximumSpan { spanEnd += 1 }
                let last = min(runEnd[groupStart], spanEnd)
                let count = last - groupStart + 1
                let end = w[last].time
                guard end - start >= SessionRules.minimumSpan, count >= SessionRules.minimumWaves else { continue }
                let quality = prefix[last + 1] - prefix[groupStart]
                let score = SessionRules.score(quality: quality, count: count, start: start, end: end, sun: sun)
                guard score > 0 else { continue }
                body(
                    SessionWindow(
                        startIndex: i, first: groupStart, last: last, start: start, end: end, quality: quality,
                        score: score))
            }
        }
    }

    /// Every qualifying window, best first (ties in start order, as ``best(waves:sun:top:)``
    /// keeps them): O(n log n).
    static func ranked(waves: [Wave], sun: SunWindow) -> [SessionWindow] {
        var all: [SessionWindow] = []
        forEachWindow(waves: waves, sun: sun) { all.append($0) }
        return all.sorted { $0.score > $1.score || ($0.score == $1.score && $0.startIndex < $1.startIndex) }
    }

    /// The best window, then the best that shares no time with those chosen, up to `limit`:
    /// O(n · limit).
    static func nonOverlapping(_ ranked: [SessionWindow], limit: Int) -> [SessionWindow] {
        var chosen: [SessionWindow] = []
        for window in ranked where chosen.count < limit {
            if !chosen.contains(where: { $0.overlaps(window) }) { chosen.append(window) }
        }
        return chosen
    }
}

extension SessionFinder {
    /// Non-overlapping windows of one day, best first: the best window, then the best that
    /// shares no time with it, and so on. Where the app's top 5 are often near-copies of one
    /// window, these are the day's distinct sessions. O(n log n + n · limit).
    public static func distinct(waves: [Wave], sun: SunWindow, limit: Int = SessionRules.defaultTop) -> [SessionWindow]
    {
        guard limit >= 1, !waves.isEmpty else { return [] }
        return nonOverlapping(ranked(waves: waves, sun: sun), limit: limit)
    }
}
