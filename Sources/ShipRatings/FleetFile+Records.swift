package import Foundation
import ShipRatingTable
import WaveRating

extension FleetFile {
    /// A checked fleet file as records: its entries in the file's order, each read and changed
    /// through named fields (``Record``), and its canonical text.
    ///
    /// A record keeps each value as the file wrote it: a length read as `59` is written `59`, one
    /// read as `59.0` stays `59.0`. The ratings read the same file as ``CuratedFleet``, whose
    /// numbers are plain `Double`s; an edit goes through records so that it changes the lines it
    /// is asked to change and no other.
    package struct Document {
        /// The file's top level, `description` and `ships`.
        private var root: [String: Any]
        /// The ship entries, in the file's order.
        package var records: [Record]
        /// The file as the ratings read it, from the same check (before any edit).
        package let fleet: CuratedFleet

        /// The records of a file the check accepts.
        /// - Throws: ``RatingsError/invalidFile(path:reason:)`` naming every problem
        ///   (``FleetFile/check(_:)``).
        package init(checked data: Data, path: String) throws {
            let (fleet, problems) = FleetFile.check(data)
            guard let fleet, problems.isEmpty,
                let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { throw FleetFile.invalid(path, problems) }
            self.root = root
            self.fleet = fleet
            records = (root["ships"] as? [Any] ?? []).compactMap { ($0 as? [String: Any]).map(Record.init) }
        }

        /// The index of the entry `name` refers to: its name, its full name or one of its names
        /// (``Record/names``), with case, accents and spacing ignored.
        package func index(of name: String) -> Int? {
            let key = ShipNames.key(name)
            return records.firstIndex { record in record.allNames.contains { ShipNames.key($0) == key } }
        }

        /// The full names of the entries, in the file's order.
        package var fullNames: [String] { records.map(\.fullName) }

        /// The file's canonical text (``FleetFile/format(_:)``).
        package var text: String {
            var object = root
            object["ships"] = records.map(\.object)
            return FleetFile.format(object)
        }
    }

    /// One ship's entry of a checked fleet file.
    package struct Record {
        /// The entry as the file holds it; only the accessors below change it.
        fileprivate(set) var object: [String: Any]

        /// An entry with a name and a type prefix and nothing else.
        package init(name: String, prefix: String) { object = ["name": name, "prefix": prefix] }

        fileprivate init(_ object: [String: Any]) { self.object = object }

        /// The name without its type prefix, e.g. "Panta Rhei".
        package var name: String {
            get { object[FleetField.name.rawValue] as? String ?? "" }
            set { object[FleetField.name.rawValue] = newValue }
        }

        /// The type prefix (``FleetFile/prefixes``).
        package var prefix: String {
            get { object[FleetField.prefix.rawValue] as? String ?? "" }
            set { object[FleetField.prefix.rawValue] = newValue }
        }

        /// "MS Panta Rhei".
        package var fullName: String { prefix.isEmpty ? name : "\(prefix) \(name)" }

        /// The names the entry gives besides its own; nil when it gives none.
        package var aliases: [String]? {
            get { (object[FleetField.aliases.rawValue] as? [Any])?.compactMap { $0 as? String } }
            set { object[FleetField.aliases.rawValue] = newValue }
        }

        /// The entry's aliases, or the ones generated for it (``FleetFile/aliases(name:prefix:)``).
        package var names: [String] { aliases ?? FleetFile.aliases(name: name, prefix: prefix) }

        /// Every name the entry answers to: its name, its full name and ``names``.
        package var allNames: [String] { [name, fullName] + names }

        /// Sets a sourced number (`{"value", "source", "overridesPage"?}`). An integer field gets
        /// the value as a whole number when it is one; otherwise the check refuses it.
        package mutating func set(_ field: FleetField, to value: Double, source: String, overridesPage: String?) {
            var sourced: [String: Any] = ["source": source]
            if case .sourced(.integer) = field.kind, let whole = Int(exactly: value) {
                sourced["value"] = whole
            } else {
                sourced["value"] = value
            }
            if let overridesPage { sourced["overridesPage"] = overridesPage }
            object[field.rawValue] = sourced
        }

        /// The riders' rating; nil removes it.
        package var riderRating: CuratedFleet.RiderRatingEntry? {
            get { decoded(.riderRating) }
            set {
                object[FleetField.riderRating.rawValue] = newValue.map { rating in
                    ["value": rating.value.rawValue, "source": rating.source, "reason": rating.reason] as [String: Any]
                }
            }
        }

        /// When and why the ship left the fleet; nil while it sails.
        package var retirement: CuratedFleet.Retirement? {
            get { decoded(.retired) }
            set {
                object[FleetField.retired.rawValue] = newValue.map { retirement in
                    var fields: [String: Any] = ["since": retirement.since]
                    if let reason = retirement.reason { fields["reason"] = reason }
                    if let source = retirement.source { fields["source"] = source }
                    return fields
                }
            }
        }

        private func decoded<Value: Decodable>(_ field: FleetField) -> Value? {
            guard let value = object[field.rawValue], JSONSerialization.isValidJSONObject([value]),
                let data = try? JSONSerialization.data(withJSONObject: value)
            else { return nil }
            return try? JSONDecoder().decode(Value.self, from: data)
        }
    }
}
