/// The app's session search (docs/SCIENCE.md §2), in O(n · w) per station-day (w: the waves of
/// one window, a handful), without a heap allocation but the result.
///
/// For each wave as a start, the app walks forward and takes waves until a gap exceeds 1 h or the
/// span exceeds 2 h: O(n²) with the walk, and every candidate copied. Here the walk's end is
/// found without walking:
/// - waves at the same time form a group; a window starting at any of them takes the group
///   from its first member (`groupStart`);
/// - the last wave reachable from the group without a gap > 1 h (`gapEnd`) and the last within
///   2 h of the start (`spanEnd`) are pointers that only move forward as the start time grows;
/// - the window ends at the smaller of the two; its quality is summed over the window in wave
///   order (the app's own order of additions, so equal windows have bit-identical scores);
/// - once the day's last wave is less than an hour after a start, no later start qualifies.
/// The best `top` windows (score descending, ties in start order) are kept in a bounded buffer
/// on the stack, so the whole search is O(n · (w + top)); the distinct windows sort the O(n)
/// candidates once.
public enum SessionFinder {
    /// The best windows of one day. A day with a wave outside ``SessionRules/timeRange`` has
    /// none.
    /// - Parameters:
    ///   - waves: sorted by time (ascending; equal times in any order).
    ///   - sun: the day's sun times.
    ///   - top: how many to keep; below 1 keeps none. A day has at most one window per wave, so
    ///     any `top` is served from a buffer of at most `waves.count + 1` windows.
    public static func best(waves: [Wave], sun: SunWindow, top: Int = SessionRules.defaultTop) -> [SessionWindow] {
        let top = min(top, waves.count)
        guard top >= 1 else { return [] }
        return keepingBest(waves: waves, sun: sun, top: top) { kept in kept.isEmpty ? [] : Array(kept) }
    }

    /// The search with the best `top` windows kept in a buffer on the stack, handed to `finish`
    /// best first (score descending, ties in start order).
    @inline(__always)
    static func keepingBest<Result>(
        waves: [Wave], sun: SunWindow, top: Int, _ finish: (UnsafeMutableBufferPointer<SessionWindow>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: SessionWindow.self, capacity: top + 1) { kept in
            var count = 0
            forEachWindow(waves: waves, sun: sun) { window in
                // Bounded insertion: after every kept window with score ≥ this one (stable).
                if count == top, !(window.score > kept[count - 1].score) { return }
                var position = count
                while position > 0 && kept[position - 1].score < window.score { position -= 1 }
                if count == top { kept.deinitializeElement(at: count - 1) } else { count += 1 }
                var move = count - 1
                while move > position {
                    kept.initializeElement(at: move, to: kept.moveElement(from: move - 1))
                    move -= 1
                }
                kept.initializeElement(at: position, to: window)
            }
            let windows = UnsafeMutableBufferPointer(rebasing: kept[..<count])
            defer { _ = windows.deinitialize() }
            return finish(windows)
        }
    }

    /// The day's best windows and its distinct ones (``distinct(waves:sun:limit:)``) from one
    /// search: what a station-day report needs, in O(n log n + n · top). A `top` below 1 keeps
    /// none of either.
    public static func bestAndDistinct(
        waves: [Wave], sun: SunWindow, top: Int = SessionRules.defaultTop
    ) -> (best: [SessionWindow], distinct: [SessionWindow]) {
        guard top >= 1 else { return ([], []) }
        let all = ranked(waves: waves, sun: sun)
        return (Array(all.prefix(top)), nonOverlapping(all, limit: top))
    }

    /// Every qualifying window (at most one per start wave), in start order: O(n · w).
    @inline(__always)
    static func forEachWindow(waves: [Wave], sun: SunWindow, _ body: (SessionWindow) -> Void) {
        let n = waves.count
        // A day with a wave outside the rules' times has no window (SessionRules.timeRange).
        guard n >= SessionRules.minimumWaves, waves.allSatisfy({ SessionRules.timeRange.contains($0.time) }),
            waves[n - 1].time - waves[0].time >= SessionRules.minimumSpan
        else {
            return
        }
        waves.withUnsafeBufferPointer { w in
            let dayEnd = w[n - 1].time
            var groupStart = 0
            var gapEnd = 0
            var spanEnd = 0
            for i in 0..<n {
                let start = w[i].time
                // No later start can span an hour.
                if dayEnd - start < SessionRules.minimumSpan { break }
                if i > 0 && start != w[i - 1].time { groupStart = i }
                // Every gap between `groupStart` and `gapEnd` is at most an hour (they were walked
                // from an earlier start of the same run), so the walk goes on from `gapEnd`.
                if gapEnd < groupStart { gapEnd = groupStart }
                while gapEnd + 1 < n && w[gapEnd + 1].time - w[gapEnd].time <= SessionRules.maximumGap { gapEnd += 1 }
                if spanEnd < i { spanEnd = i }
                while spanEnd + 1 < n && w[spanEnd + 1].time - start <= SessionRules.maximumSpan { spanEnd += 1 }
                let last = min(gapEnd, spanEnd)
                let count = last - groupStart + 1
                let end = w[last].time
                guard end - start >= SessionRules.minimumSpan, count >= SessionRules.minimumWaves else { continue }
                var quality = 0.0
                for k in groupStart...last { quality += w[k].quality }
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

extension SessionFinder {
    /// How many windows of a day qualify: the search without keeping any (for profiling where
    /// the finder's time goes).
    @_spi(Benchmarks) public static func qualifyingWindows(waves: [Wave], sun: SunWindow) -> Int {
        var count = 0
        forEachWindow(waves: waves, sun: sun) { _ in count += 1 }
        return count
    }
}
