import Foundation

/// A thread of its own for work that blocks for its whole life: one side of a ``BoundedPipe``
/// (inflating a ZIP entry, reading the store, writing a report).
///
/// Not a `DispatchQueue.global()` block: Dispatch sizes its pool to the processor count and a
/// block that waits on a pipe holds one of those threads, so on two cores a third such block
/// waited (measured: about 0.1–0.3 s in `nextwave sessions`) until Dispatch decided to add a
/// thread. Not a task either: the cooperative pool must never block.
package final class DedicatedThread: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var joined = false

    /// Starts `body` at once on a new thread named `name` (seen in debuggers and `perf`).
    package init(name: String, _ body: @escaping @Sendable () -> Void) {
        let done = self.done
        let thread = Thread {
            body()
            done.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Waits until the body has returned; later calls return at once.
    package func join() {
        guard !joined else { return }
        done.wait()
        joined = true
    }
}
