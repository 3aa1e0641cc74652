package import Foundation
import JobContract
import ShipRatingTable
import TextFormats
import WaveRating

extension FleetFile {
    /// A new ship entry for `fleet add`.
    package struct Entry: Sendable {
        package var name: String
        package var prefix: String
        package var values: [(field: FleetField, value: Double)]
        package var source: String
        package var overridesPage: String?
        /// Add the ship although its name is spelled like one in the file (a sister named alike).
        package var allowsSimilarName: Bool

        package init(
            name: String, prefix: String, values: [(field: FleetField, value: Double)], source: String,
            overridesPage: String? = nil, allowsSimilarName: Bool = false
        ) {
            self.name = name
            self.prefix = prefix
            self.values = values
            self.source = source
            self.overridesPage = overridesPage
            self.allowsSimilarName = allowsSimilarName
        }
    }

    /// The file's bytes with `entry` appended, checked.
    /// - Throws: ``RatingsError/invalidFile(path:reason:)`` when the file has problems already, or
    ///   the entry itself is not valid (every problem named); ``RatingsError/shipExists(path:ship:index:)``
    ///   when the ship is there; ``RatingsError/similarShip(path:ship:existing:index:)`` when a
    ///   ship in the file is spelled like it ("Helvetja", "Helvetia"), unless the entry allows it.
    package static func adding(_ entry: Entry, to data: Data, path: String) throws -> Data {
        var document = try Document(checked: data, path: path)
        if let index = document.index(of: "\(entry.prefix) \(entry.name)") ?? document.index(of: entry.name) {
            throw RatingsError.shipExists(path: path, ship: document.records[index].fullName, index: index)
        }
        // Names told apart by a number ("Probe 1", "Probe 2") are two ships, not a typo.
        func number(_ name: String) -> String { name.filter(\.isNumber) }
        let fleet = document.fleet
        if !entry.allowsSimilarName, let similar = ResolvedFleet.probableSpelling(of: entry.name, in: fleet),
            number(entry.name) == number(similar.name),
            let index = fleet.ships.firstIndex(where: { $0.fullName == similar.fullName })
        {
            throw RatingsError.similarShip(
                path: path, ship: "\(entry.prefix) \(entry.name)", existing: similar.fullName, index: index)
        }
        var record = Record(name: entry.name, prefix: entry.prefix)
        record.aliases = aliases(name: entry.name, prefix: entry.prefix)
        for (field, value) in entry.values {
            record.set(field, to: value, source: entry.source, overridesPage: entry.overridesPage)
        }
        document.records.append(record)
        return try checkedBytes(document, path: path)
    }

    /// Applies `change` to the record `name` refers to and returns the file's canonical bytes,
    /// checked again.
    /// - Throws: ``RatingsError/invalidFile(path:reason:)`` when the file has problems, no entry
    ///   has that name (the closest names suggested), or the result is not valid.
    static func changing(_ name: String, in data: Data, path: String, _ change: (inout Record) -> Void) throws -> Data {
        var document = try Document(checked: data, path: path)
        guard let index = document.index(of: name) else {
            let hint = NameMatch.closest(to: name, in: document.fullNames, limit: 3)
            throw RatingsError.invalidFile(
                path: path,
                reason: "no ship \"\(VisibleText.excerpt(name))\" in the file"
                    + (hint.isEmpty
                        ? "; add it with `nextwave fleet add`" : "; did you mean \(hint.joined(separator: ", "))?"))
        }
        change(&document.records[index])
        return try checkedBytes(document, path: path)
    }

    /// The document's canonical bytes, after the check: the tool never writes a file its own
    /// check refuses.
    static func checkedBytes(_ document: Document, path: String) throws -> Data {
        let bytes = Data(document.text.utf8)
        let problems = check(bytes).problems
        guard problems.isEmpty else { throw invalid(path, problems) }
        return bytes
    }

    /// The file's bytes with new values for an existing ship (a refit, a correction): each value
    /// with `source`, and `reason` as the reason it replaces the operator's page value.
    package static func setting(
        _ name: String, values: [(field: FleetField, value: Double)], source: String, reason: String?, in data: Data,
        path: String
    ) throws -> Data {
        try changing(name, in: data, path: path) { record in
            for (field, value) in values { record.set(field, to: value, source: source, overridesPage: reason) }
        }
    }

    /// The file's bytes with `name` retired since `since` (YYYY-MM-DD): the entry stays, the
    /// ship leaves the table.
    package static func retiring(
        _ name: String, since: String, reason: String?, source: String?, in data: Data, path: String
    ) throws -> Data {
        guard isDate(since) else {
            throw RatingsError.invalidFile(
                path: path, reason: "the retirement date \(since) is not a date (YYYY-MM-DD)")
        }
        return try changing(name, in: data, path: path) { record in
            record.retirement = CuratedFleet.Retirement(since: since, reason: reason, source: source)
        }
    }

    /// The file's bytes with the riders' rating of `name` set (1–3, with where it is published and
    /// why); it becomes the ship's published rating on the next `nextwave ratings`.
    /// - Throws: ``RatingsError/invalidFile(path:reason:)`` for a rating outside 1…3, an empty
    ///   source or reason, or a name no entry has.
    package static func settingRiderRating(
        _ name: String, rating: Int, source: String, reason: String, in data: Data, path: String
    ) throws -> Data {
        guard let value = Rating(rawValue: rating) else {
            throw RatingsError.invalidFile(path: path, reason: "a riders' rating is 1, 2 or 3; got \(rating)")
        }
        return try changing(name, in: data, path: path) { record in
            record.riderRating = CuratedFleet.RiderRatingEntry(value: value, source: source, reason: reason)
        }
    }

    /// The file's bytes without the riders' rating of `name`: the selected model rates it again.
    package static func removingRiderRating(_ name: String, in data: Data, path: String) throws -> Data {
        try changing(name, in: data, path: path) { record in record.riderRating = nil }
    }

    /// The file's bytes with more names for `name` (a spelling a page or the app uses). Names the
    /// entry already answers to are left out; a name another entry has is refused by the check.
    package static func addingAliases(_ aliases: [String], to name: String, in data: Data, path: String) throws
        -> Data
    {
        try changing(name, in: data, path: path) { record in
            var names = record.names
            let known = Set(record.allNames.map(ShipNames.key))
            var added = Set<String>()
            for alias in aliases.map({ $0.trimmingCharacters(in: .whitespaces) }) where !alias.isEmpty {
                let key = ShipNames.key(alias)
                if !known.contains(key) && added.insert(key).inserted { names.append(alias) }
            }
            record.aliases = names.sorted()
        }
    }

    /// The file's bytes with the entry `old` renamed `new` ("MS Zürichsee", or a bare name that
    /// keeps the prefix): the entry keeps its values, sources and riders' rating; its old names
    /// become aliases, and the new name's usual spellings are added.
    /// - Throws: ``RatingsError/invalidFile(path:reason:)`` when the file has problems, no entry
    ///   is `old`, the new name belongs to another entry, or the prefix is not MS, DS or EMS.
    package static func renaming(_ old: String, to new: String, in data: Data, path: String) throws -> Data {
        let words = new.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1).map(String.init)
        let explicitPrefix = words.count == 2 && prefixes.contains(words[0]) ? words[0] : nil
        let bareNew = (explicitPrefix == nil ? new : words[1]).trimmingCharacters(in: .whitespaces)
        guard !bareNew.isEmpty else {
            throw RatingsError.invalidFile(path: path, reason: "the new name is empty")
        }
        let document = try Document(checked: data, path: path)
        // The entry's own name again, letter for letter: nothing to rename (going on rewrote the
        // file and said it had renamed the ship). Another spelling ("Wadenswil" to "Wädenswil")
        // is a rename.
        let own = document.index(of: old)
        if let index = own {
            let record = document.records[index]
            if (explicitPrefix ?? record.prefix) == record.prefix && bareNew == record.name {
                throw RatingsError.invalidFile(
                    path: path,
                    reason: "\(record.fullName) (ships[\(index)]) is already called that; nothing to rename",
                    kind: .usage)
            }
        }
        if let other = document.index(of: explicitPrefix.map { "\($0) \(bareNew)" } ?? bareNew), other != own {
            throw RatingsError.invalidFile(
                path: path,
                reason: "\"\(new)\" is already \(document.records[other].fullName)"
                    + " (ships[\(other)]); rename that entry first, or retire it")
        }
        return try changing(old, in: data, path: path) { record in
            let newPrefix = explicitPrefix ?? record.prefix
            var names = record.names + [record.fullName] + (ShipNames.isLakeName(record.name) ? [] : [record.name])
            names += Self.aliases(name: bareNew, prefix: newPrefix)
            let newKeys = Set([bareNew, "\(newPrefix) \(bareNew)"].map(ShipNames.key))
            var seen = Set<String>()
            record.aliases = names.filter { !newKeys.contains(ShipNames.key($0)) && seen.insert($0).inserted }.sorted()
            record.name = bareNew
            record.prefix = newPrefix
        }
    }
}
