import JobContract
import Testing

/// The contract's defaults: a job with no events runs with `run()`, and a job without its own
/// checks validates nothing.
@Suite struct JobContractTests {
    struct Doubling: Job {
        typealias Event = NoEvent
        var value: Int
        func work(onEvent: @escaping @Sendable (NoEvent) -> Void) async throws -> Int {
            value * 2
        }
    }

    struct Counting: Job {
        enum Event: Sendable, Equatable { case step(Int) }
        struct Refused: Error {}
        var steps: Int
        func validate() throws { if steps < 0 { throw Refused() } }
        func work(onEvent: @escaping @Sendable (Event) -> Void) async throws -> Int {
            for i in 0..<steps { onEvent(.step(i)) }
            return steps
        }
    }

    @Test func aJobWithoutEventsRunsWithoutAHandler() async throws {
        #expect(try await Doubling(value: 21).run() == 42)
    }

    @Test func eventsArriveInOrderAndAnInvalidInputRunsNothing() async throws {
        actor Log {
            var events: [Counting.Event] = []
            func add(_ event: Counting.Event) { events.append(event) }
        }
        let log = Log()
        let (stream, continuation) = AsyncStream.makeStream(of: Counting.Event.self)
        #expect(try await Counting(steps: 3).run { continuation.yield($0) } == 3)
        continuation.finish()
        for await event in stream { await log.add(event) }
        #expect(await log.events == [.step(0), .step(1), .step(2)])
        await #expect(throws: Counting.Refused.self) { try await Counting(steps: -1).run { _ in Issue.record("ran") } }
    }
}
