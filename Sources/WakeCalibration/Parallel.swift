import Dispatch

/// Splitting row ranges over threads: each part is its own contiguous range, and every part
/// writes only its own slots of shared buffers.
enum Parallel {
    /// `count` rows in `parts` contiguous ranges (fewer when there are few rows).
    static func split(_ count: Int, into parts: Int) -> [Range<Int>] {
        let parts = max(1, min(parts, count / 10_000 + 1))
        return (0..<parts).map { (count * $0 / parts)..<(count * ($0 + 1) / parts) }
    }

    /// Runs `body(part, rows)` for every part, concurrently when there are several.
    static func forEach(_ parts: [Range<Int>], _ body: @Sendable (Int, Range<Int>) -> Void) {
        if parts.count == 1 {
            body(0, parts[0])
        } else {
            DispatchQueue.concurrentPerform(iterations: parts.count) { body($0, parts[$0]) }
        }
    }

    /// A buffer parts only read.
    struct Input<Element>: @unchecked Sendable {
        // Invariant: nobody writes the buffer while the parts run.
        let base: UnsafeBufferPointer<Element>
        init(_ base: UnsafeBufferPointer<Element>) { self.base = base }
    }

    /// A buffer shared between parts that write disjoint elements.
    struct Shared<Element>: @unchecked Sendable {
        let base: UnsafeMutableBufferPointer<Element>
        init(_ base: UnsafeMutableBufferPointer<Element>) { self.base = base }
    }
}
