import SessionCore

/// A literal transcription of the app's session rules (docs/SCIENCE.md §2), step by step, O(n²):
/// the reference the O(n) finder must match exactly. Written from the rules, not from the
/// finder; the arithmetic follows the rules' formula in the same order of operations, so equal
/// windows have bit-identical scores.
enum LiteralSessionRules {
    struct Window: Equatable {
        var start: Int64
        var end: Int64
        var count: Int
        var quality: Double
        var score: Double
    }

    static func sessions(waves input: [Wave], sun: SunWindow, top: Int = 5) -> [Window] {
        // 1. Sort by time; no sessions if the day spans less than an hour.
        let waves = input.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
            \.element)
        guard let first = waves.first, let last = waves.last, last.time - first.time >= 3600 else { return [] }
        var candidates: [(index: Int, window: Window)] = []
        for (index, s) in waves.enumerated() {
            // 2. Walk every wave at or after s's time, in order; stop at a gap > 1 h or a span > 2 h.
            var taken: [Wave] = []
            for w in waves where w.time >= s.time {
                if let previous = taken.last, w.time - previous.time > 3600 { break }
                if w.time - s.time > 7200 { break }
                taken.append(w)
            }
            // 3. Keep windows of at least an hour and three waves.
            guard let end = taken.last?.time, end - s.time >= 3600, taken.count >= 3 else { continue }
            // 4. Quality and frequency.
            let quality = taken.reduce(0.0) { $0 + $1.quality }
            let duration = Double(end - s.time)
            let wavesPerHour = Double(taken.count) / (duration / 3600)
            var score = quality * (1 + wavesPerHour / 10)
            // 5. Twilight share.
            var overlap: Int64 = 0
            if s.time <= sun.sunrise { overlap += max(0, min(end, sun.sunrise) - s.time) }
            if end >= sun.sunset { overlap += max(0, end - max(s.time, sun.sunset)) }
            let share = Double(overlap) / duration
            if share > 0 { score *= 1 - 0.8 * share }
            // 6. Darkness.
            if end <= sun.civilTwilightBegin || s.time >= sun.civilTwilightEnd { score = 0 }
            if score == 0 { continue }
            candidates.append(
                (index, Window(start: s.time, end: end, count: taken.count, quality: quality, score: score)))
        }
        // 7. Best first, ties in start order; top N.
        return candidates.sorted { ($0.window.score, -$0.index) > ($1.window.score, -$1.index) }.prefix(top).map(
            \.window)
    }
}
