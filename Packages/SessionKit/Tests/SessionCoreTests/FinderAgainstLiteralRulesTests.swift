import Testing

@_spi(Benchmarks) @testable import SessionCore

/// The O(n) finder against the literal, O(n²) transcription of the app's rules, on every day of
/// ``EveryEveningDay``: the same windows, in the same order, with bit-identical scores.
@Suite struct FinderAgainstLiteralRulesTests {
    @Test func theFinderMatchesTheLiteralRulesOnEveryDayOfTheGrid() {
        var windowsSeen = 0
        var tiesAtTheCut = 0
        var penalised = 0
        for index in 0..<EveryEveningDay.count {
            let waves = EveryEveningDay.waves(index)
            let top = [1, 3, 5][index % 3]
            let fast = SessionFinder.best(waves: waves, sun: EveryEveningDay.sun, top: top).map {
                LiteralSessionRules.Window(
                    start: $0.start, end: $0.end, count: $0.count, quality: $0.quality, score: $0.score)
            }
            let literal = LiteralSessionRules.sessions(waves: waves, sun: EveryEveningDay.sun, top: top)
            #expect(fast == literal, "day \(index): \(waves.map(\.time))")
            if fast != literal { return }
            windowsSeen += fast.count
            if fast.count >= 2, fast[fast.count - 1].score == fast[fast.count - 2].score { tiesAtTheCut += 1 }
            if fast.contains(where: { $0.end > EveryEveningDay.sun.sunset }) { penalised += 1 }
        }
        // The grid reaches the cases that matter: many windows, ties at the cut, twilight.
        #expect(windowsSeen > 50_000)
        #expect(tiesAtTheCut > 1_000)
        #expect(penalised > 1_000)
    }

    /// Any `top` an app might pass, from `Int.min` to `Int.max`: none below 1, else the literal
    /// rules' first `top` windows (all of them when there are fewer), never a trap.
    @Test func anyTopKeepsTheLiteralFirstWindowsAndNoneBelowOne() {
        let tops = [Int.min, -1, 0, 1, 2, 7, 1_000, Int.max]
        for index in stride(from: 0, to: EveryEveningDay.count, by: 11) {
            let waves = EveryEveningDay.waves(index)
            let all = LiteralSessionRules.sessions(waves: waves, sun: EveryEveningDay.sun, top: waves.count + 1)
            for top in tops {
                let kept = top < 1 ? 0 : min(top, all.count)
                let fast = SessionFinder.best(waves: waves, sun: EveryEveningDay.sun, top: top).map {
                    LiteralSessionRules.Window(
                        start: $0.start, end: $0.end, count: $0.count, quality: $0.quality, score: $0.score)
                }
                #expect(fast == Array(all.prefix(kept)), "day \(index), top \(top)")
                let both = SessionFinder.bestAndDistinct(waves: waves, sun: EveryEveningDay.sun, top: top)
                #expect(both.best.count == kept && both.distinct.count <= kept, "day \(index), top \(top)")
            }
        }
        #expect(SessionFinder.best(waves: [], sun: EveryEveningDay.sun, top: Int.max).isEmpty)
    }

    @Test func theBenchmarksCountOfQualifyingWindowsIsTheLiteralOne() {
        for index in stride(from: 0, to: EveryEveningDay.count, by: 7) {
            let waves = EveryEveningDay.waves(index)
            let all = LiteralSessionRules.sessions(waves: waves, sun: EveryEveningDay.sun, top: waves.count + 1)
            #expect(
                SessionFinder.qualifyingWindows(waves: waves, sun: EveryEveningDay.sun) == all.count, "day \(index)")
        }
    }
}
