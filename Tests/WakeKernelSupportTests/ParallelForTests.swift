import Testing
import WakeKernelSupport

/// The one parallel-for: its chunks cover every item once, in order, and depend only on their
/// arguments (so reductions over chunks add in the same order on every run).
@Suite struct ParallelForTests {
    @Test func chunksAreContiguousAndSplitAsStated() {
        // 10 items for 4 workers: 10·w/4 = 0, 2, 5, 7, 10.
        #expect(ParallelFor.chunks(10, workers: 4) == [0..<2, 2..<5, 5..<7, 7..<10])
        // Fewer items than workers: one chunk per item.
        #expect(ParallelFor.chunks(3, workers: 8) == [0..<1, 1..<2, 2..<3])
        // Nothing to do is one empty chunk, run on the caller's thread.
        #expect(ParallelFor.chunks(0, workers: 8) == [0..<0])
        // At least 10 000 items per chunk: 25 000 rows make at most 25 000/10 000 + 1 = 3 chunks.
        #expect(
            ParallelFor.chunks(25_000, workers: 8, minimumItems: 10_000) == [0..<8333, 8333..<16_666, 16_666..<25_000])
        #expect(ParallelFor.chunks(9_999, workers: 8, minimumItems: 10_000) == [0..<9_999])
    }

    @Test func everyItemIsVisitedOnceByItsOwnChunk() {
        let count = 100_003
        let visits = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        visits.initialize(repeating: 0)
        defer { visits.deallocate() }
        let shared = SharedOutput(visits)
        ParallelFor.run(count, workers: 7) { _, range in
            for i in range { shared.base[i] += 1 }
        }
        #expect(visits.allSatisfy { $0 == 1 })
    }

    @Test func gridSizesThatOverflowAreNil() {
        #expect(gridCellCount(1_000, 1_000, 1_000) == 1_000_000_000)
        #expect(gridCellCount(Int.max, 2) == nil)
        #expect(gridCellCount(3, -1) == nil)
    }
}
