import Foundation

/// The time left of a long run of requests, from the pace so far.
final class ProgressClock: Sendable {
    private let start = Date()

    /// ", about 3 min left" after the first request, "" before (no pace yet).
    func remaining(done: Int, total: Int) -> String {
        guard done > 0, total > done else { return "" }
        let elapsed = Date().timeIntervalSince(start)
        let left = elapsed / Double(done) * Double(total - done)
        guard left.isFinite else { return "" }
        if left < 90 { return ", about \(Int(left.rounded())) s left" }
        if left < 5400 { return ", about \(Int((left / 60).rounded())) min left" }
        return ", about \(Int((left / 3600).rounded())) h left"
    }
}
