import Dispatch

/// A buffer that concurrent chunks write, each only its own disjoint elements.
package struct SharedOutput<Element>: @unchecked Sendable {
    // Invariant: chunks write disjoint index ranges and nobody reads the buffer until
    // `ParallelFor.run` has returned; the caller keeps it alive for the whole run.
    package let base: UnsafeMutableBufferPointer<Element>
    package init(_ base: UnsafeMutableBufferPointer<Element>) { self.base = base }
}
