package import Foundation
import JobContract
import NextWaveSupport
import ShipRatingTable

extension FleetFile {
    /// The file's bytes with the riders' rating of `name` set (1–3, with where it is published and
    /// why); it becomes the ship's published rating on the next `nextwave ratings`.
    /// - Throws: ``RatingsError/invalidFile(path:reason:)`` for a rating outside 1…3, an empty
    ///   source or reason, or a name no entry has.
    package static func settingRiderRating(
        _ name: String, rating: Int, source: String, reason: String, in data: Data, path: String
    ) throws -> Data {
        guard (1...3).contains(rating) else {
            throw RatingsError.invalidFile(path: path, reason: "a riders' rating is 1, 2 or 3; got \(rating)")
        }
        return try changing(name, in: data, path: path) { ship in
            ship["riderRating"] = ["value": rating, "source": source, "reason": reason] as [String: Any]
        }
    }

    /// The file's bytes without the riders' rating of `name`: the selected model rates it again.
    package static func removingRiderRating(_ name: String, in data: Data, path: String) throws -> Data {
        try changing(name, in: data, path: path) { ship in ship["riderRating"] = nil }
    }

    /// The file's bytes with more names for `name` (a spelling a page or the app uses). Names the
    /// entry already answers to are left out; a name another entry has is refused by the check.
    package static func addingAliases(_ aliases: [String], to name: String, in data: Data, path: String) throws
        -> Data
    {
        try changing(name, in: data, path: path) { ship in
            let bare = ship["name"] as? String ?? ""
            let prefix = ship["prefix"] as? String ?? ""
            var names =
                (ship["aliases"] as? [Any])?.compactMap { $0 as? String } ?? Self.aliases(name: bare, prefix: prefix)
            let known = Set(([bare, "\(prefix) \(bare)"] + names).map(ShipNames.key))
            var added = Set<String>()
            for alias in aliases.map({ $0.trimmingCharacters(in: .whitespaces) }) where !alias.isEmpty {
                let key = ShipNames.key(alias)
                if !known.contains(key) && added.insert(key).inserted { names.append(alias) }
            }
            ship["aliases"] = names.sorted()
        }
    }

    /// The file's bytes with the entry `old` renamed `new` ("MS Zürichsee", or a bare name that
    /// keeps the prefix): the entry keeps its values, sources and riders' rating; its old names
    /// become aliases, and the new name's usual spellings are added.
    /// - Throws: ``RatingsError/invalidFile(path:reason:)`` when no entry is `old`, the new name
    ///   belongs to another entry, or the prefix is not MS, DS or EMS.
    package static func renaming(_ old: String, to new: String, in data: Data, path: String) throws -> Data {
        let words = new.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1).map(String.init)
        let explicitPrefix = words.count == 2 && prefixes.contains(words[0]) ? words[0] : nil
        let bareNew = (explicitPrefix == nil ? new : words[1]).trimmingCharacters(in: .whitespaces)
        guard !bareNew.isEmpty else {
            throw RatingsError.invalidFile(path: path, reason: "the new name is empty")
        }
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let ships = root?["ships"] as? [Any] ?? []
        // The entry's own name again, letter for letter: nothing to rename (going on rewrote the
        // file and said it had renamed the ship). Another spelling ("Wadenswil" to "Wädenswil")
        // is a rename.
        let own = entryIndex(named: old, in: ships)
        if let index = own, let entry = ships[index] as? [String: Any],
            let bare = entry["name"] as? String
        {
            let prefix = entry["prefix"] as? String ?? ""
            if (explicitPrefix ?? prefix) == prefix && bareNew == bare {
                throw RatingsError.invalidFile(
                    path: path, reason: "\(prefix) \(bare) (ships[\(index)]) is already called that; nothing to rename",
                    kind: .usage)
            }
        }
        if let other = entryIndex(named: explicitPrefix.map { "\($0) \(bareNew)" } ?? bareNew, in: ships),
            other != own
        {
            let entry = ships[other] as? [String: Any]
            throw RatingsError.invalidFile(
                path: path,
                reason: "\"\(new)\" is already \(entry?["prefix"] as? String ?? "") \(entry?["name"] as? String ?? "")"
                    + " (ships[\(other)]); rename that entry first, or retire it")
        }
        return try changing(old, in: data, path: path) { ship in
            let bare = ship["name"] as? String ?? ""
            let prefix = ship["prefix"] as? String ?? ""
            let newPrefix = explicitPrefix ?? prefix
            var names =
                (ship["aliases"] as? [Any])?.compactMap { $0 as? String } ?? Self.aliases(name: bare, prefix: prefix)
            names += ["\(prefix) \(bare)"] + (ShipNames.isLakeName(bare) ? [] : [bare])
            names += Self.aliases(name: bareNew, prefix: newPrefix)
            let newKeys = Set([bareNew, "\(newPrefix) \(bareNew)"].map(ShipNames.key))
            var seen = Set<String>()
            ship["aliases"] = names.filter { !newKeys.contains(ShipNames.key($0)) && seen.insert($0).inserted }.sorted()
            ship["name"] = bareNew
            ship["prefix"] = newPrefix
        }
    }
}
