import CSVText
internal import CZlibCRC
import Foundation
import ZIPFoundation

/// Column positions of a GTFS table, from its header, by name.
struct GTFSColumns {
    let names: [String: Int]
    let file: String

    init(header: CSVRecord, file: String) {
        var names: [String: Int] = [:]
        for index in 0..<header.count {
            names[header.string(index).trimmingCharacters(in: .whitespaces)] = index
        }
        self.names = names
        self.file = file
    }

    /// A column the table must have.
    func required(_ name: String) throws -> Int {
        guard let index = names[name] else {
            throw ArchiveError.gtfs(
                file: file, line: 1,
                reason: "no column \"\(name)\" (columns: \(names.keys.sorted().joined(separator: ", ")))")
        }
        return index
    }

    func optional(_ name: String) -> Int? { names[name] }
}
