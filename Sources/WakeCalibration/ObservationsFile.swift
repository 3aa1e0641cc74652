import CSVText
public import Foundation
import JobContract
import SafeFiles
import TextFormats
import WakeKernelSupport
import WakeModels

/// Reads an observations CSV: a header with `lengthM, beamM, displacementT, speedKmh, trackDepthM,
/// distanceM, heightM` (any order; `depthM` is read as the old name of `trackDepthM`), optional
/// `ship, draftM, blockCoefficient, entranceLengthM` and `source` (where the row was measured;
/// read by people and tests, not by the fit), one observation per row. A bad row is named by line
/// and column and skipped; the rest are read.
@_spi(Benchmarks) public enum ObservationsFile {
    package static let required = [
        "lengthM", "beamM", "displacementT", "speedKmh", "trackDepthM", "distanceM", "heightM",
    ]
    /// Old column names still read, by the name they now have.
    package static let oldNames = ["trackDepthM": "depthM"]
    package static let optional = ["ship", "draftM", "blockCoefficient", "entranceLengthM", "source"]

    /// Largest file read, bytes (2 GiB: about 25 million rows).
    package static let sizeLimit = 2 << 30

    @_spi(Benchmarks) public struct Result: Sendable {
        @_spi(Benchmarks) public var observations: ObservationTable
        /// 1-based file line of each observation (for messages).
        package var lines: [Int32]
        /// The first skipped rows, each "line N, column C: why".
        package var skipped: [String]
        package var skippedCount: Int
        /// Rows whose `source` marks them illustrative ("ILLUSTRATIVE…"), not measured.
        package var illustrativeCount = 0
    }

    /// How a row's `source` says it was not measured.
    package static let illustrativeMark = "ILLUSTRATIVE"

    /// Plausible ranges of the measured values (the hull's are ``WakeModels/WakeHull``'s).
    package static let speedRange = 0.5...100.0
    package static let depthRange = 0.1...1000.0
    package static let distanceRange = 0.5...10_000.0
    package static let heightRange = 0.001...20.0

    /// Reads the file; rows are parsed on `threads` threads (in parts split at line ends) when the
    /// file has no quoted fields, which could hold a line end.
    @_spi(Benchmarks) public static func read(_ url: URL, threads: Int = 1) throws -> Result {
        let data: Data
        do { data = try BoundedFile.map(url, limit: sizeLimit, what: "observations file") } catch let problem
            as FileProblem
        {
            throw CalibrationError.unreadable(problem)
        }
        return try parse(data, path: url.path, threads: threads)
    }

    /// Parses the bytes of an observations file that came from `path` (for messages).
    package static func parse(_ data: Data, path: String, threads: Int = 1) throws -> Result {
        let url = URL(fileURLWithPath: path)
        return try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let headerEnd = bytes.firstIndex(of: 0x0A) ?? (bytes.isEmpty ? nil : bytes.count) else {
                throw CalibrationError.unreadable(path: url.path, reason: "empty file", kind: .badData)
            }
            var header = Reader(path: url.path)
            try Self.csv(path: url.path) { parser in
                try parser.feed(UnsafeBufferPointer(rebasing: bytes[0..<headerEnd])) { try header.take($0) }
                try parser.finish { try header.take($0) }
            }
            guard let columns = header.columns else {
                throw CalibrationError.unreadable(path: url.path, reason: "empty file", kind: .badData)
            }
            let body = UnsafeBufferPointer(rebasing: bytes[min(headerEnd + 1, bytes.count)...])
            if body.contains(0x22) {
                // Quoted fields may hold line ends: one reader over the whole body.
                var reader = Reader(path: url.path, columns: columns, firstLine: 2)
                try Self.csv(path: url.path) { parser in
                    try parser.feed(body) { try reader.take($0) }
                    try parser.finish { try reader.take($0) }
                }
                return merge([reader])
            }
            let parts = split(body, into: threads)
            var results = [Reader?](repeating: nil, count: parts.count)
            let shared = SharedInput(body)
            results.withUnsafeMutableBufferPointer { slots in
                let slots = SharedOutput(slots)
                ParallelFor.run(parts.indices.map { $0..<($0 + 1) }) { index, _ in
                    var reader = Reader(path: url.path, columns: columns, firstLine: parts[index].firstLine)
                    let range = parts[index].range
                    let slice = UnsafeBufferPointer(rebasing: shared.base[range])
                    // Room for every line of the part at once: growing the columns by doubling
                    // copied them and faulted in pages twice.
                    let lines =
                        index + 1 < parts.count
                        ? parts[index + 1].firstLine - parts[index].firstLine
                        : UnquotedLines.count(of: 0x0A, in: slice) + 1
                    reader.reserveCapacity(lines)
                    UnquotedLines.forEach(in: slice) { _ = try? reader.take($0) }
                    slots.base[index] = reader
                }
            }
            return merge(results.map { $0! })
        }
    }

    /// Runs `body` with a CSV parser; a line over the parser's length limit becomes an
    /// ``CalibrationError/unreadable(path:reason:)`` naming the line.
    static func csv(path: String, _ body: (inout CSVStreamParser) throws -> Void) throws {
        var parser = CSVStreamParser()
        do { try body(&parser) } catch let long as CSVStreamParser.RecordTooLong {
            throw CalibrationError.unreadable(path: path, reason: long.description)
        }
    }

    /// The body in `parts` ranges that end at line ends, each with the file line it starts on.
    static func split(_ body: UnsafeBufferPointer<UInt8>, into parts: Int) -> [(range: Range<Int>, firstLine: Int)] {
        let parts = max(1, min(parts, body.count / (1 << 20) + 1))
        var result: [(Range<Int>, Int)] = []
        var start = 0
        var line = 2
        for part in 1...parts {
            var end = part == parts ? body.count : body.count * part / parts
            while end < body.count && end > start && body[end - 1] != 0x0A { end += 1 }
            result.append((start..<end, line))
            line += UnquotedLines.count(of: 0x0A, in: UnsafeBufferPointer(rebasing: body[start..<end]))
            start = end
        }
        return result.filter { !$0.0.isEmpty || parts == 1 }
    }

    /// The parts' observations in file order: the first part's columns grow by the others' (the
    /// first part is not copied again).
    static func merge(_ readers: [Reader]) -> Result {
        var parts = readers
        let first = parts.removeFirst()
        var table = first.observations
        var lines = first.lines
        var skipped = first.skipped
        var skippedCount = first.skippedCount
        var illustrative = first.illustrativeCount
        let rest = parts.reduce(0) { $0 + $1.observations.count }
        table.reserveCapacity(table.count + rest)
        lines.reserveCapacity(lines.count + rest)
        for reader in parts {
            table.append(contentsOf: reader.observations)
            lines += reader.lines
            skipped += reader.skipped.prefix(max(0, 20 - skipped.count))
            skippedCount += reader.skippedCount
            illustrative += reader.illustrativeCount
        }
        return Result(
            observations: table, lines: lines, skipped: skipped, skippedCount: skippedCount,
            illustrativeCount: illustrative)
    }

    /// Turns records into observations, one at a time.
    struct Reader {
        let path: String
        var columns: Columns?
        /// Added to the parser's line numbers (a part of the file starts further down).
        var lineOffset = 0
        var observations = ObservationTable()
        var lines: [Int32] = []
        var skipped: [String] = []
        var skippedCount = 0
        var illustrativeCount = 0

        init(path: String) { self.path = path }

        mutating func reserveCapacity(_ rows: Int) {
            observations.reserveCapacity(rows)
            lines.reserveCapacity(rows)
        }

        /// A reader of body rows only, the header already known, starting at `firstLine`.
        init(path: String, columns: Columns, firstLine: Int) {
            self.path = path
            self.columns = columns
            lineOffset = firstLine - 1
        }

        mutating func take(_ record: some RowFields) throws {
            guard let columns else {
                var found: [String: Int] = [:]
                for index in 0..<record.count {
                    found[record.string(index).trimmingCharacters(in: .whitespaces)] = index
                }
                for (name, old) in ObservationsFile.oldNames {
                    guard let index = found.removeValue(forKey: old) else { continue }
                    guard found[name] == nil else {
                        throw CalibrationError.unreadable(
                            path: path, reason: "the header has \(name) and its old name \(old); keep one",
                            kind: .badData)
                    }
                    found[name] = index
                }
                let missing = ObservationsFile.required.filter { found[$0] == nil }
                guard missing.isEmpty else { throw CalibrationError.missingColumns(path: path, columns: missing) }
                columns = Columns(found)
                return
            }
            let line = record.line + lineOffset
            do {
                try take(record, columns)
                lines.append(Int32(clamping: line))
                if let source = columns.source, source < record.count,
                    record.string(source).trimmingCharacters(in: .whitespaces).hasPrefix(
                        ObservationsFile.illustrativeMark)
                {
                    illustrativeCount += 1
                }
            } catch let problem as RowProblem {
                skippedCount += 1
                if skipped.count < 20 { skipped.append("line \(line), \(problem.text)") }
            }
        }

        struct RowProblem: Error { let text: String }

        /// Column positions, resolved once from the header.
        struct Columns {
            let length, beam, displacement, speed, depth, distance, height: Int
            let ship, draft, blockCoefficient, entranceLength, source: Int?

            init(_ found: [String: Int]) {
                (length, beam, displacement) = (found["lengthM"]!, found["beamM"]!, found["displacementT"]!)
                (speed, depth, distance, height) =
                    (found["speedKmh"]!, found["trackDepthM"]!, found["distanceM"]!, found["heightM"]!)
                (ship, draft, blockCoefficient, entranceLength, source) =
                    (
                        found["ship"], found["draftM"], found["blockCoefficient"], found["entranceLengthM"],
                        found["source"]
                    )
            }
        }

        /// Reads one row into the table; a row that is not an observation throws, naming the column.
        mutating func take(_ record: some RowFields, _ c: Columns) throws {
            func number(_ index: Int?, _ name: String) throws -> Double? {
                guard let index else { return nil }
                let raw = record.raw(index)
                if raw.isEmpty { return nil }
                guard let value = DecimalParser.parse(raw), value.isFinite else {
                    throw RowProblem(text: "column \(name): \"\(record.string(index))\" is not a number")
                }
                return value
            }
            func required(_ index: Int, _ name: String, _ range: ClosedRange<Double>? = nil) throws -> Double {
                guard let value = try number(index, name) else { throw RowProblem(text: "column \(name): empty") }
                if let range, !range.contains(value) {
                    throw RowProblem(
                        text: "column \(name): \(value) is outside \(range.lowerBound)…\(range.upperBound)")
                }
                return value
            }
            let (length, beam) = (try required(c.length, "lengthM"), try required(c.beam, "beamM"))
            let displacement = try required(c.displacement, "displacementT")
            let draft = try number(c.draft, "draftM")
            let blockCoefficient = try number(c.blockCoefficient, "blockCoefficient")
            let entranceLength = try number(c.entranceLength, "entranceLengthM")
            let key = ObservationTable.HullKey(
                length, beam, displacement, draft ?? .nan, blockCoefficient ?? .nan, entranceLength ?? .nan)
            let hull: Int32
            if let known = observations.index(raw: key) {
                hull = known
            } else {
                do {
                    hull = observations.index(
                        of: try WakeHull(
                            lengthM: length, beamM: beam, displacementT: displacement, draftM: draft,
                            blockCoefficient: blockCoefficient, entranceLengthM: entranceLength))
                } catch let error as WakeInputError {
                    if case .outOfRange(let field, _, _) = error {
                        throw RowProblem(text: "column \(field): \(error)")
                    }
                    throw RowProblem(text: "\(error)")
                }
                observations.remember(raw: key, as: hull)
            }
            let distance = try required(c.distance, "distanceM", ObservationsFile.distanceRange)
            // From the sailing line: a wave gauge within half the beam would stand inside the hull.
            guard distance > beam / 2 else {
                throw RowProblem(
                    text: "column distanceM: \(distance) m from the sailing line is inside the hull (half its beam "
                        + "is \(beam / 2) m)")
            }
            observations.append(
                hullAt: hull, speedKmh: try required(c.speed, "speedKmh", ObservationsFile.speedRange),
                trackDepthM: try required(c.depth, "trackDepthM", ObservationsFile.depthRange),
                distanceM: distance, heightM: try required(c.height, "heightM", ObservationsFile.heightRange))
        }
    }
}
