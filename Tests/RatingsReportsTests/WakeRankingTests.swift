import RatingsReports
import Testing
import _TestSupport

/// "Which ship makes the biggest wave where I stand?" ranks by a stated rule that does not chain
/// (issue: wake physics honest at its edges): a ship's rank is one more than the number of
/// ships whose wave is surely larger (their speed intervals apart), never better than the rank
/// before it.
@Suite struct WakeRankingTests {
    /// The case: a leader with a wide speed interval (an Admiralty estimate) and six
    /// ships just under 0.06 m inside it; the old rule tied each with the leader ("=1") and
    /// ranked 0.058 m, within a millimetre of them, 8th.
    @Test func aSlightlySmallerWaveIsNotRankedFarBelowItsEqualNeighbours() {
        let leader = (height: 0.100, low: 0.0598, high: 0.170)
        let close = [0.0600, 0.0598, 0.0595, 0.0593, 0.0591, 0.0590].map {
            (height: $0, low: $0 * 0.97, high: $0 * 1.03)
        }
        let last = (height: 0.0580, low: 0.0580 * 0.97, high: 0.0580 * 1.03)
        let ranks = WakeRanking.ranks([leader] + close + [last])
        // The six reach into the leader's interval: nobody is surely above them. 0.058 m reaches
        // 0.0597 m, under the leader's 0.0598 m: one ship is surely above it, so it is 2nd, not 8th.
        #expect(ranks == [1, 1, 1, 1, 1, 1, 1, 2])
        // With narrow intervals the ranks are 1 … 6, each wave surely below the one before.
        let narrow = [0.10, 0.09, 0.08, 0.07, 0.06, 0.05].map { (height: $0, low: $0 * 0.999, high: $0 * 1.001) }
        #expect(WakeRanking.ranks(narrow) == [1, 2, 3, 4, 5, 6])
        // A wave equal to another shares its rank; a competition rank follows a shared one.
        let tied = [(0.1, 0.1, 0.1), (0.1, 0.1, 0.1), (0.05, 0.05, 0.05)].map { (height: $0.0, low: $0.1, high: $0.2) }
        #expect(WakeRanking.ranks(tied) == [1, 1, 3])
    }

    /// Over random fleets: ranks never fall down the list; each is one more than the ships surely
    /// above, unless a larger wave's rank holds it; and two ships with the same relative speed
    /// interval are ranked in the order of their heights — the property the chaining broke.
    @Test func ranksFollowTheStatedRuleOverRandomFleets() {
        var rng = SplitMix64(seed: 0x4A)
        for _ in 0..<5_000 {
            let items = (0..<(1 + rng.index(25))).map { _ -> WakeRanking.Interval in
                let h = rng.uniform(0.01, 0.5)
                let (lo, hi) = rng.index(3) == 0 ? (1.0, 1.0) : (rng.uniform(0.5, 1), rng.uniform(1, 2))
                return (h, h * lo, h * hi)
            }.sorted { $0.height > $1.height }
            let ranks = WakeRanking.ranks(items)
            #expect(ranks.first == 1)
            for k in items.indices {
                let surely = items.filter { $0.height > items[k].height && $0.low > items[k].high }.count
                #expect(ranks[k] >= surely + 1)
                #expect(ranks[k] == max(surely + 1, k > 0 ? ranks[k - 1] : 1))
                #expect(ranks[k] <= k + 1, "no rank past the place in the list")
            }
            // Same factors for all: the rank is a non-decreasing function of the place, and a
            // wave within the interval of the one above shares its rank or follows it closely.
            let f = rng.uniform(1, 1.5)
            let same = items.map { (height: $0.height, low: $0.height / f, high: $0.height * f) }
            let r = WakeRanking.ranks(same)
            for k in 1..<max(1, same.count) {
                let surelyAboveOne = same[k - 1].low > same[k].high
                if !surelyAboveOne {
                    let above = same.filter { $0.height > same[k].height && $0.low > same[k].high }.count
                    #expect(r[k] == max(r[k - 1], above + 1))
                }
            }
        }
    }
}
