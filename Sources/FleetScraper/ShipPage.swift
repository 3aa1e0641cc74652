/// One ship page of the operator's fleet site, as the legacy layout presents it.
public struct ShipPage: Sendable, Equatable, Codable {
    /// The page's URL (as resolved against the site root).
    public var url: String
    /// The page title, e.g. "Motorschiff Panta Rhei" or "Motorschiffe Albis, Pfannenstiel & Uetliberg".
    public var name: String
    /// The technical table's key/value pairs in page order; values verbatim, trimmed.
    public var specs: [Spec]

    public struct Spec: Sendable, Equatable, Codable {
        package var key: String
        package var value: String
        package init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    public init(url: String, name: String, specs: [Spec]) {
        self.url = url
        self.name = name
        self.specs = specs
    }

    /// The first value under `key`, if the table has it.
    package subscript(key: String) -> String? { specs.first { $0.key == key }?.value }
}
