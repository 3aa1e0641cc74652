import LegacyWakeModel
import WakeKernelSupport

/// A column of doubles owned by a batch result: allocated uninitialised (with huge-page advice
/// when large) and filled once by a kernel, then read-only. A random-access collection, so
/// `column[i]` and `Array(column)` work as for an array.
public final class DoubleColumn: RandomAccessCollection, @unchecked Sendable {
    // Invariant: the kernel that creates the column writes every element before the column is
    // handed out (and before any other thread sees it); from then on it is only read, and the
    // memory lives exactly as long as the object.
    let base: UnsafeMutablePointer<Double>
    public let count: Int

    /// An uninitialised column of `count` doubles, nil when the memory cannot be had; the
    /// creator must write every element before anyone reads it.
    init?(uninitializedCount count: Int) {
        self.count = count
        let (bytes, overflow) = Swift.max(count, 1).multipliedReportingOverflow(by: MemoryLayout<Double>.stride)
        guard !overflow, let raw = HugePages.allocate(bytes: bytes) else { return nil }
        base = raw.bindMemory(to: Double.self, capacity: Swift.max(count, 1))
    }

    deinit { HugePages.deallocate(UnsafeMutableRawPointer(base)) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Double {
        precondition(position >= 0 && position < count, "index out of range")
        return base[position]
    }

    /// The column as a buffer to write into (for the kernel that fills it).
    var buffer: UnsafeMutableBufferPointer<Double> { UnsafeMutableBufferPointer(start: base, count: count) }
}
