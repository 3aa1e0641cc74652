import Foundation
import RatingsPipeline

/// Everything the commands print to stdout goes through here (the module's `print` below
/// shadows the standard library's): buffered, written with `write(2)`, and a failed write — a
/// full disk, `> /dev/full`, a closed pipe — is remembered however much was written before it,
/// so that ``NextWaveCommand`` ends such a run with status 73 instead of 0.
enum StandardOutput {
    private static let state = Locked((buffer: Data(), failure: String?.none))
    private static let flushAt = 64 << 10

    static func write(_ text: String) { write(Data(text.utf8)) }

    /// Bytes for stdout (a JSON document), in order with what `print` wrote before them.
    static func write(_ bytes: Data) {
        let pending: Data? = state.withLock { s in
            s.buffer.append(bytes)
            guard s.buffer.count >= flushAt else { return nil }
            defer { s.buffer.removeAll(keepingCapacity: true) }
            return s.buffer
        }
        if let pending { emit(pending) }
    }

    /// Writes what is buffered; throws when any write to stdout failed during the run.
    static func flush() throws {
        let pending = state.withLock { s -> Data in
            defer { s.buffer.removeAll(keepingCapacity: true) }
            return s.buffer
        }
        if !pending.isEmpty { emit(pending) }
        if let failure = state.withLock({ $0.failure }) { throw OutputProblem(reason: failure) }
    }

    private static func emit(_ data: Data) {
        do { try FileHandle.standardOutput.write(contentsOf: data) } catch {
            state.withLock { s in
                if s.failure == nil { s.failure = FileProblem.words(for: error) }
            }
        }
    }
}

/// `print` of this module: to ``StandardOutput``.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    StandardOutput.write(items.map { "\($0)" }.joined(separator: separator) + terminator)
}
