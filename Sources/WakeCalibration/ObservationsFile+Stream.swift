import CSVText
package import Foundation
import JobContract
import SafeFiles

extension ObservationsFile {
    /// What a streamed read saw besides its rows.
    package struct StreamSummary: Sendable {
        package var rows = 0
        /// The first skipped rows, "line N, column C: why", and how many there were.
        package var skipped: [String] = []
        package var skippedCount = 0
        /// Rows whose `source` marks them illustrative.
        package var illustrativeCount = 0
    }

    /// Reads the file from start to end in blocks of at most `blockRows` observations and hands
    /// each to `body`, so that memory holds one block and one chunk of the file, whatever its
    /// length (`nextwave calibrate` reads it twice: docs/RELIABILITY.md, round 3). Line numbers
    /// in the skipped rows are the file's.
    package static func stream(
        _ url: URL, blockRows: Int = 65_536, body: (ObservationTable) throws -> Void
    ) throws -> StreamSummary {
        let handle: FileHandle
        do { handle = try BoundedFile.openRegular(url, what: "observations file") } catch let problem as FileProblem {
            throw CalibrationError.unreadable(problem)
        }
        defer { try? handle.close() }
        var reader = Reader(path: url.path)
        var summary = StreamSummary()
        func handOver() throws {
            guard reader.observations.count > 0 else { return }
            let block = reader.observations
            reader.observations = ObservationTable()
            reader.lines.removeAll(keepingCapacity: true)
            summary.rows += block.count
            try body(block)
        }
        try csv(path: url.path) { parser in
            while true {
                let chunk: Data
                do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch {
                    throw CalibrationError.unreadable(
                        path: url.path, reason: FileProblem.words(for: error), kind: FileProblem.kind(of: error))
                }
                if chunk.isEmpty { break }
                try parser.feed(chunk) { record in
                    try reader.take(record)
                    if reader.observations.count >= blockRows { try handOver() }
                }
            }
            try parser.finish { try reader.take($0) }
        }
        guard reader.columns != nil else {
            throw CalibrationError.unreadable(path: url.path, reason: "empty file", kind: .badData)
        }
        try handOver()
        summary.skipped = reader.skipped
        summary.skippedCount = reader.skippedCount
        summary.illustrativeCount = reader.illustrativeCount
        return summary
    }
}
