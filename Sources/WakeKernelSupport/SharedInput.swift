import Dispatch

/// A buffer that concurrent chunks only read.
package struct SharedInput<Element>: @unchecked Sendable {
    // Invariant: nobody writes the buffer while the chunks run; it outlives them (the caller
    // holds it in a `withUnsafeBufferPointer` around the whole parallel run).
    package let base: UnsafeBufferPointer<Element>
    package init(_ base: UnsafeBufferPointer<Element>) { self.base = base }
}
