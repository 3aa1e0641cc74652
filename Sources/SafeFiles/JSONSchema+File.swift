package import Foundation
package import JSONText

extension JSONSchema {
    /// Reads a schema file (at most ``BoundedFile/tableLimit``).
    /// - Throws: ``FileProblem`` when it cannot be read or is not a JSON object.
    package init(contentsOf url: URL) throws {
        let data = try BoundedFile.read(url, limit: BoundedFile.tableLimit, what: "JSON schema")
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw FileProblem(path: url.path, reason: "not a JSON schema (a JSON object)")
        }
        self.init(object: object)
    }
}
