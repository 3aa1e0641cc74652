import JobContract
import Testing

/// The contract's defaults: a job with no events runs with `run()`, and a job without its own
/// checks validates nothing.
@Suite struct JobContractTests {
    struct Doubling: Job {
        typealias Event = NoEvent
        var value: Int
        func work(_: Validated, onEvent: @escaping @Sendable (NoEvent) -> Void) async throws -> Int {
            value * 2
        }
    }

    struct Counting: Job {
        enum Event: Sendable, Equatable { case step(Int) }
        struct Refused: Error {}
        var steps: Int
        func validate() throws { if steps < 0 { throw Refused() } }
        func work(_: Validated, onEvent: @escaping @Sendable (Event) -> Void) async throws -> Int {
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
        do {
            try await Counting(steps: -1).run { _ in Issue.record("ran") }
            Issue.record("a negative count was accepted")
        } catch let failure as JobFailure {
            // An error from outside the toolkit's kinds is a failed run, the error kept underneath.
            #expect(failure.kind == .failed && failure.underlying is Counting.Refused && failure.location == nil)
        }
    }

    /// `run(onAccepted:)` calls its hook once, after the checks and before the first event; a
    /// refused input never reaches it.
    @Test func theAcceptedHookComesAfterTheChecksAndBeforeTheWork() async throws {
        final class Order: @unchecked Sendable {
            var lines: [String] = []
        }
        let order = Order()
        let result = try await Counting(steps: 2).run(
            onAccepted: { order.lines.append("accepted") }, onEvent: { order.lines.append("\($0)") })
        #expect(result == 2 && order.lines == ["accepted", "step(0)", "step(1)"])
        var called = false
        await #expect(throws: JobFailure.self) {
            try await Counting(steps: -1).run(onAccepted: { called = true })
        }
        #expect(!called)
    }

    /// Every error `run` throws is one type whose kind a client can switch on: a kinded error
    /// keeps its kind and place; a failure is not wrapped twice; cancellation stays itself.
    @Test func runThrowsOneErrorTypeWithTheKindOfTheProblem() async throws {
        struct Missing: KindedError {
            var kind: ProblemKind { .missingInput }
            var location: String? { "/data/fleet.json" }
            var description: String { "/data/fleet.json: no such file" }
        }
        struct Failing: Job {
            typealias Event = NoEvent
            var error: any Error
            func work(_: Validated, onEvent: @escaping @Sendable (NoEvent) -> Void) async throws -> Int { throw error }
        }
        for (error, kind, location) in [
            (Missing() as any Error, ProblemKind.missingInput, "/data/fleet.json" as String?),
            (InvalidInput(field: "days", value: "0", accepted: "1…31"), .usage, nil),
            (JobFailure(kind: .refused, location: "site/", underlying: Missing()), .refused, "site/"),
        ] {
            do {
                _ = try await Failing(error: error).run()
                Issue.record("no error")
            } catch let failure as JobFailure {
                #expect(failure.kind == kind && failure.location == location)
                #expect(!(failure.underlying is JobFailure))
                #expect(failure.description == "\(failure.underlying)")
            }
        }
        await #expect(throws: CancellationError.self) { _ = try await Failing(error: CancellationError()).run() }
    }
}
