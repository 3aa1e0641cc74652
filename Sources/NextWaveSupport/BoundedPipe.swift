import Foundation

/// A bounded queue from one producing thread to one consuming thread: the producer waits while
/// `depth` elements are queued, so memory stays at a few elements however far ahead it could
/// run (inflating a GTFS table ahead of its parser; scoring station-days ahead of the report
/// writer). Either side may end it: the producer with ``finish(_:)``, the consumer with
/// ``cancel()``, after which ``put(_:)`` throws and the producer stops.
///
/// Elements cross threads: the producer must not touch one after putting it.
package final class BoundedPipe<Element>: @unchecked Sendable {
    /// Elements queued at most.
    package let depth: Int

    private let condition = NSCondition()
    private var queue: [Element] = []
    private var finished = false
    private var cancelled = false
    private var failure: Error?

    package init(depth: Int) { self.depth = max(1, depth) }

    /// Cancelled by the consumer.
    package struct Cancelled: Error {}

    /// Whether the producer ended with an error (read by the consumer after ``take()`` threw).
    package var failed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return failure != nil
    }

    /// Queues an element, waiting while the queue is full.
    /// - Throws: ``Cancelled`` once the consumer has cancelled.
    package func put(_ chunk: Element) throws {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= depth && !cancelled { condition.wait() }
        if cancelled { throw Cancelled() }
        queue.append(chunk)
        condition.broadcast()
    }

    /// Ends the stream; `error` is thrown to the consumer after the queued elements.
    package func finish(_ error: Error?) {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        if !(error is Cancelled) { failure = error }
        condition.broadcast()
    }

    /// The next element, waiting for one; nil at the end.
    /// - Throws: what the producer ended with.
    package func take() throws -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !finished { condition.wait() }
        if !queue.isEmpty {
            condition.broadcast()
            return queue.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// Stops the producer at its next element and drops what is queued.
    package func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        queue.removeAll()
        condition.broadcast()
    }
}
