import Foundation
import ThreadTools

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

extension BoundedPipe {
    /// Runs `produce` on a thread of its own while `consume` takes what it puts on this one, at
    /// most `depth` elements apart (making a GTFS import's departures while the store writes
    /// them), and returns what `produce` returned once both have ended.
    ///
    /// The producer's error reaches this thread after the elements it put before it; when
    /// `consume` throws, the producer is cancelled at its next `put` and its thread has ended
    /// before the error is thrown. Either way nothing runs on the other thread after this
    /// returns, so `produce` may use what the caller owns as long as `consume` does not touch it.
    package static func overlap<Result>(
        producer name: String, depth: Int,
        produce: (_ put: (Element) throws -> Void) throws -> Result,
        consume: (Element) throws -> Void
    ) throws -> Result {
        let pipe = BoundedPipe(depth: depth)
        return try withoutActuallyEscaping(produce) { produce in
            let work = ProducerWork(produce, pipe: pipe)
            let thread = DedicatedThread(name: name) { work.run() }
            defer {
                pipe.cancel()
                thread.join()
            }
            while let element = try pipe.take() { try consume(element) }
            thread.join()
            // The pipe ended without an error: the producer returned, unless what it threw was
            // a pipe's cancellation (which a pipe does not pass on), told here as such.
            guard let result = work.result else { throw Cancelled() }
            return result
        }
    }
}

/// The producer's side of ``BoundedPipe/overlap(producer:depth:produce:consume:)``.
private final class ProducerWork<Element, Result>: @unchecked Sendable {
    // Invariant: `produce` and `result` are touched by the producing thread only, until the
    // consuming thread has joined it. `produce` is let go of before the thread ends: the
    // thread's own block may outlive the join, and the closure must not (it only pretends to
    // escape).
    private var produce: (((Element) throws -> Void) throws -> Result)?
    private let pipe: BoundedPipe<Element>
    var result: Result?

    init(_ produce: @escaping ((Element) throws -> Void) throws -> Result, pipe: BoundedPipe<Element>) {
        self.produce = produce
        self.pipe = pipe
    }

    func run() {
        guard let produce else { return }
        self.produce = nil
        do {
            result = try produce { try pipe.put($0) }
            pipe.finish(nil)
        } catch {
            pipe.finish(error)
        }
    }
}
