import Dispatch

/// The toolkit's one way of spreading a kernel over threads: `count` items (row ranges, ship
/// blocks) in contiguous chunks, one chunk per worker. Every chunk writes only its own slots of
/// the shared outputs, so the workers need no lock.
package enum ParallelFor {
    /// The contiguous chunks of `0..<count` for `workers` workers, in order: chunk `w` of `n` is
    /// `count·w/n ..< count·(w+1)/n`. There are fewer chunks when there are fewer items, or, with
    /// `minimumItems`, when the chunks would hold fewer items than that (n ≤ count/minimum + 1).
    /// The split depends only on its arguments, so a reduction over chunks sums in the same
    /// order on every run.
    package static func chunks(_ count: Int, workers: Int, minimumItems: Int? = nil) -> [Range<Int>] {
        let cap = minimumItems.map { count / max($0, 1) + 1 } ?? count
        let parts = max(1, min(workers, cap))
        return (0..<parts).map { (count * $0 / parts)..<(count * ($0 + 1) / parts) }
    }

    /// Runs `body(chunk, range)` for every chunk of ``chunks(_:workers:minimumItems:)``.
    package static func run(
        _ count: Int, workers: Int, minimumItems: Int? = nil, _ body: @Sendable (Int, Range<Int>) -> Void
    ) {
        run(chunks(count, workers: workers, minimumItems: minimumItems), body)
    }

    /// Runs `body(index, chunk)` for every chunk: on this thread when there is one, else
    /// concurrently (`DispatchQueue.concurrentPerform`, which returns when all have run).
    package static func run(_ parts: [Range<Int>], _ body: @Sendable (Int, Range<Int>) -> Void) {
        if parts.count == 1 {
            body(0, parts[0])
        } else {
            DispatchQueue.concurrentPerform(iterations: parts.count) { body($0, parts[$0]) }
        }
    }
}
