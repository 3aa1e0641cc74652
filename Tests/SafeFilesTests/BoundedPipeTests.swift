import Foundation
import SafeFiles
import Testing
import ThreadTools

/// The pipe between two threads and its `overlap` helper: every element arrives once and in
/// order, the producer's result and errors reach the consumer, and a consumer's error stops the
/// producer before it is thrown.
@Suite struct BoundedPipeTests {
    struct Failed: Error, Equatable { let at: Int }

    @Test func everyElementArrivesInOrderAndTheResultComesBack() throws {
        for depth in [1, 2, 7] {
            let count = Int.random(in: 0...5_000)
            var received: [Int] = []
            let result = try BoundedPipe<Int>.overlap(
                producer: "test producer", depth: depth,
                produce: { put in
                    for value in 0..<count { try put(value) }
                    return count * 2
                },
                consume: { received.append($0) })
            #expect(received == Array(0..<count))
            #expect(result == count * 2)
        }
    }

    @Test func theProducersErrorArrivesAfterWhatItPut() {
        var received: [Int] = []
        #expect(throws: Failed(at: 30)) {
            try BoundedPipe<Int>.overlap(
                producer: "failing producer", depth: 4,
                produce: { put in
                    for value in 0..<30 { try put(value) }
                    throw Failed(at: 30)
                },
                consume: { received.append($0) })
        }
        #expect(received == Array(0..<30))
    }

    @Test func aConsumersErrorStopsTheProducerFirst() {
        let produced = Counter()
        #expect(throws: Failed(at: 10)) {
            try BoundedPipe<Int>.overlap(
                producer: "stopped producer", depth: 2,
                produce: { put in
                    for value in 0..<1_000_000 {
                        try put(value)
                        produced.add()
                    }
                    return 0
                },
                consume: { if $0 == 10 { throw Failed(at: 10) } })
        }
        // The producer's thread has ended when overlap throws: the count no longer moves, and it
        // stopped within the pipe's depth (plus the element in hand) of the failure.
        let seen = produced.value
        Thread.sleep(forTimeInterval: 0.05)
        #expect(produced.value == seen)
        #expect(seen <= 10 + 2 + 2)
    }

    @Test func aDedicatedThreadRunsAtOnceAndJoinsOnce() {
        let ran = Counter()
        let thread = DedicatedThread(name: "test thread") { ran.add() }
        thread.join()
        thread.join()  // a second join returns at once
        #expect(ran.value == 1)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }
}
