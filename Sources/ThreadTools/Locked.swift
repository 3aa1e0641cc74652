import Foundation

/// A value shared between threads, read and changed only inside ``withLock(_:)``: the toolkit's
/// one lock type. State that several threads or tasks touch lives in one of these, never in a
/// `nonisolated(unsafe)` variable.
package final class Locked<Value>: @unchecked Sendable {
    // Invariant: `value` is accessed only inside `withLock`, while `lock` is held; no reference
    // to it escapes the closure (it is passed `inout`).
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock. `body` must not call `withLock` on the
    /// same instance (the lock is not recursive).
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
