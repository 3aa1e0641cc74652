/// The time left of a long run of requests, from the pace so far, on the monotonic clock (the
/// wall clock may be stepped mid-run, by NTP or by hand, and the estimate would jump with it).
final class ProgressClock: Sendable {
    private let start = ContinuousClock.now

    /// ", about 3 min left" after the first request, "" before (no pace yet).
    func remaining(done: Int, total: Int) -> String {
        guard done > 0, total > done else { return "" }
        let elapsed = (ContinuousClock.now - start) / .seconds(1)
        let left = elapsed / Double(done) * Double(total - done)
        guard left.isFinite else { return "" }
        if left < 90 { return ", about \(Int(left.rounded())) s left" }
        if left < 5400 { return ", about \(Int((left / 60).rounded())) min left" }
        return ", about \(Int((left / 3600).rounded())) h left"
    }
}
