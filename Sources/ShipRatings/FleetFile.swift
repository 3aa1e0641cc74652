package import Foundation
import LegacyWakeModel
import NextWaveSupport
import ShipRatingTable
import WakeKernelSupport

/// The curated fleet file as people edit it (`Data/fleet.json`, schema
/// `schemas/fleet.schema.json`): checked as a whole (every problem at once), extended by
/// `nextwave fleet add`, and written in one canonical form so that an edit is a small diff.
package enum FleetFile {
    /// One problem of a fleet file: where (entry and field) and why.
    package struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The ship's index and name, e.g. `ships[3] (Helvetia)`; nil for the file itself.
        package var entry: String?
        package var field: String?
        package var reason: String

        package var description: String {
            [entry, field].compactMap { $0 }.joined(separator: ", ") + (entry == nil && field == nil ? "" : ": ")
                + reason
        }
    }

    /// The fields of a ship entry, in the order the file writes them. Sourced fields are
    /// `{"value", "source", "overridesPage"?}`.
    package static let fields: [(name: String, kind: Kind)] = [
        ("name", .text), ("prefix", .text), ("aliases", .list), ("buildYear", .sourced(.integer(1800...2100))),
        ("shipyard", .sourced(.text)), ("displacementT", .sourced(.number(PlausibleValues.displacementT))),
        ("engine", .sourced(.text)), ("propulsion", .sourced(.text)), ("powerKW", .sourced(.number(1...100_000))),
        ("powerPS", .sourced(.number(1...150_000))), ("lengthM", .sourced(.number(PlausibleValues.lengthM))),
        ("beamM", .sourced(.number(PlausibleValues.beamM))), ("crew", .sourced(.integer(0...1000))),
        ("capacity", .sourced(.integer(0...10_000))), ("draftM", .sourced(.number(PlausibleValues.draftM))),
        ("blockCoefficient", .sourced(.number(0.05...1))), ("entranceLengthM", .sourced(.number(0.1...400))),
        ("serviceSpeedKmh", .sourced(.number(PlausibleValues.speedKmh))),
        ("topSpeedKmh", .sourced(.number(PlausibleValues.speedKmh))), ("riderRating", .riderRating),
        ("note", .text), ("retired", .retirement),
    ]

    package enum Kind: Sendable {
        case text, list
        case sourced(Value)
        /// `{"since": "YYYY-MM-DD", "reason"?, "source"?}`: the ship has left the fleet.
        case retirement
        /// `{"value": 1|2|3, "source", "reason"}`: the riders' rating.
        case riderRating
        package enum Value: Sendable {
            case text
            case number(ClosedRange<Double>)
            case integer(ClosedRange<Int>)
        }
    }

    /// The type prefixes ships carry.
    package static let prefixes = ["MS", "DS", "EMS"]

    // MARK: Checking

    /// Every problem of the file's bytes; the fleet when there is none.
    package static func check(_ data: Data) -> (fleet: CuratedFleet?, problems: [Problem]) {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            return (nil, [Problem(reason: "not JSON (\(Self.syntax(error, in: data)))")])
        }
        guard let object = root as? [String: Any] else {
            return (nil, [Problem(reason: "the file must be a JSON object with \"ships\"")])
        }
        var problems: [Problem] = []
        for key in object.keys.sorted() where !["description", "ships"].contains(key) {
            problems.append(Problem(field: key, reason: "unknown top-level field (expected description, ships)"))
        }
        if let description = object["description"], !(description is String) {
            problems.append(Problem(field: "description", reason: "must be text"))
        }
        guard let ships = object["ships"] as? [Any] else {
            return (nil, problems + [Problem(field: "ships", reason: "missing, or not a list")])
        }
        var names: [String: String] = [:]
        for (index, raw) in ships.enumerated() {
            guard let ship = raw as? [String: Any] else {
                problems.append(Problem(entry: "ships[\(index)]", reason: "must be an object"))
                continue
            }
            // The entry's name, as much of it as a message needs (a name may be any length here).
            let label =
                "ships[\(index)]"
                + ((ship["name"] as? String).map { " (\(VisibleText.excerpt($0, limit: 60)))" } ?? "")
            problems += check(ship: ship, entry: label)
            if let name = ship["name"] as? String, let prefix = ship["prefix"] as? String {
                let aliases = (ship["aliases"] as? [Any])?.compactMap { $0 as? String } ?? []
                // Names the rules refuse are reported above; keying them (a name may be megabytes)
                // would only repeat that, slowly.
                let candidates = Set(["\(prefix) \(name)", name] + aliases).filter { ShipNameRules.problem($0) == nil }
                for candidate in candidates.map(ShipNames.key) {
                    if let other = names[candidate], other != label {
                        problems.append(
                            Problem(
                                entry: label, field: "aliases",
                                reason: "the name \"\(candidate)\" also belongs to \(other)"))
                    } else {
                        names[candidate] = label
                    }
                }
            }
        }
        guard problems.isEmpty else { return (nil, problems) }
        do {
            return (try JSONDecoder().decode(CuratedFleet.self, from: data), [])
        } catch {
            return (nil, [Problem(reason: describeDecodingError(error))])
        }
    }

    static func check(ship: [String: Any], entry: String) -> [Problem] {
        var problems: [Problem] = []
        let known = Set(fields.map(\.name))
        for key in ship.keys.sorted() where !known.contains(key) {
            let hint =
                NameMatch.closest(to: key, in: fields.map(\.name), limit: 1).first.map { "; did you mean \($0)?" } ?? ""
            problems.append(Problem(entry: entry, field: key, reason: "unknown field\(hint)"))
        }
        for required in ["name", "prefix"] where ship[required] == nil {
            problems.append(Problem(entry: entry, field: required, reason: "missing"))
        }
        let length = ((ship["lengthM"] as? [String: Any])?["value"] as? NSNumber)?.doubleValue
        for (name, kind) in fields {
            guard let value = ship[name] else { continue }
            func problem(_ reason: String) { problems.append(Problem(entry: entry, field: name, reason: reason)) }
            switch kind {
            case .text:
                guard let text = value as? String, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                    problem("must be non-empty text")
                    continue
                }
                if name == "prefix", !prefixes.contains(text) {
                    problem("\"\(text)\" is not one of \(prefixes.joined(separator: ", "))")
                }
                if name == "name", let reason = ShipNameRules.problem(text) { problem(reason) }
            case .list:
                guard let list = value as? [Any], list.allSatisfy({ ($0 as? String)?.isEmpty == false }) else {
                    problem("must be a list of names")
                    continue
                }
                if name == "aliases" {
                    for alias in list.compactMap({ $0 as? String }) {
                        if let reason = ShipNameRules.problem(alias) {
                            problem("\"\(VisibleText.excerpt(alias))\": \(reason)")
                        }
                    }
                }
            case .sourced(let valueKind):
                problems += checkSourced(value, kind: valueKind, entry: entry, field: name, length: length)
            case .retirement:
                problems += checkRetirement(value, entry: entry, field: name)
            case .riderRating:
                problems += checkRiderRating(value, entry: entry, field: name)
            }
        }
        return problems
    }

    static func checkSourced(_ raw: Any, kind: Kind.Value, entry: String, field: String, length: Double?) -> [Problem] {
        guard let object = raw as? [String: Any] else {
            return [Problem(entry: entry, field: field, reason: "must be {\"value\", \"source\"}")]
        }
        var problems: [Problem] = []
        func problem(_ reason: String) { problems.append(Problem(entry: entry, field: field, reason: reason)) }
        for key in object.keys.sorted() where !["value", "source", "overridesPage"].contains(key) {
            problem("unknown key \"\(key)\" (expected value, source, overridesPage)")
        }
        if (object["source"] as? String)?.isEmpty != false {
            problem("source missing: every value names where it was published")
        }
        if let reason = object["overridesPage"], (reason as? String)?.isEmpty != false {
            problem("overridesPage must say why the page value is wrong")
        }
        guard let value = object["value"] else {
            problem("value missing")
            return problems
        }
        switch kind {
        case .text:
            if !(value is String) { problem("value must be text") }
        case .number(var range):
            if field == "entranceLengthM", let length, length >= range.lowerBound { range = range.lowerBound...length }
            guard let number = value as? NSNumber, !(value is String), !isBoolean(number) else {
                problem("value must be a number")
                break
            }
            if !PlausibleValues.accepts(number.doubleValue, in: range) {
                problem(
                    "\(plain(number.doubleValue)) is outside the plausible \(plain(range.lowerBound))…\(plain(range.upperBound))"
                )
            }
        case .integer(let range):
            guard let number = value as? NSNumber, !(value is String), !isBoolean(number),
                number.doubleValue == number.doubleValue.rounded(),
                range.contains(Int(exactly: number.doubleValue) ?? Int.min)
            else {
                problem("value must be a whole number in \(range.lowerBound)…\(range.upperBound)")
                break
            }
        }
        return problems
    }

    static func checkRetirement(_ raw: Any, entry: String, field: String) -> [Problem] {
        guard let object = raw as? [String: Any] else {
            return [
                Problem(
                    entry: entry, field: field, reason: "must be {\"since\": \"YYYY-MM-DD\", \"reason\"?, \"source\"?}")
            ]
        }
        var problems: [Problem] = []
        func problem(_ reason: String) { problems.append(Problem(entry: entry, field: field, reason: reason)) }
        for key in object.keys.sorted() where !["since", "reason", "source"].contains(key) {
            problem("unknown key \"\(key)\" (expected since, reason, source)")
        }
        if !isDate(object["since"] as? String ?? "") { problem("since must be a date, YYYY-MM-DD") }
        for key in ["reason", "source"] where object[key] != nil && (object[key] as? String)?.isEmpty != false {
            problem("\(key) must be non-empty text")
        }
        return problems
    }

    static func checkRiderRating(_ raw: Any, entry: String, field: String) -> [Problem] {
        guard let object = raw as? [String: Any] else {
            return [
                Problem(entry: entry, field: field, reason: "must be {\"value\": 1, 2 or 3, \"source\", \"reason\"}")
            ]
        }
        var problems: [Problem] = []
        func problem(_ reason: String) { problems.append(Problem(entry: entry, field: field, reason: reason)) }
        for key in object.keys.sorted() where !["value", "source", "reason"].contains(key) {
            problem("unknown key \"\(key)\" (expected value, source, reason)")
        }
        if let number = object["value"] as? NSNumber, !isBoolean(number), [1, 2, 3].contains(number.doubleValue) {
        } else {
            problem("value must be 1, 2 or 3")
        }
        if (object["source"] as? String)?.trimmingCharacters(in: .whitespaces).isEmpty != false {
            problem("source missing: say where the riders' rating is published")
        }
        if (object["reason"] as? String)?.trimmingCharacters(in: .whitespaces).isEmpty != false {
            problem("reason missing: say who rated the ship, on what")
        }
        return problems
    }

    /// A calendar date written YYYY-MM-DD (1800–2100).
    package static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1800...2100).contains(y),
            (1...12).contains(m)
        else { return false }
        let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
        return (1...days).contains(d)
    }

    static func isBoolean(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    /// The JSON reader's complaint, with the line and column it points at (``JSONSyntax``).
    static func syntax(_ error: Error, in data: Data) -> String {
        let ns = error as NSError
        let words = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
        return JSONSyntax.place(of: error, in: data).map { "\($0): \(words)" } ?? words
    }

    // MARK: Writing

    /// The file's canonical text: fields in ``fields`` order, sourced values as value, source,
    /// overridesPage.
    package static func format(_ object: Any) -> String {
        PrettyJSON.text(object) { path, keys in
            switch path.count {
            case 0: return ["description", "ships"]
            case 1: return fields.map(\.name)
            default:
                switch path.last {
                case "retired": return ["since", "reason", "source"]
                case "riderRating": return ["value", "source", "reason"]
                default: return ["value", "source", "overridesPage"]
                }
            }
        }
    }

    /// The names the apps and the operator's deployment page use for a ship besides
    /// `"<prefix> <name>"`: the prefix's other spellings and the bare name (the spellings
    /// scripts/reconstruct-data.py gives the bundled fleet), each also in its ASCII spelling
    /// ("MS Zuerichsee"); never the bare name of a lake.
    package static func aliases(name: String, prefix: String) -> [String] {
        let variants: [String] =
            switch prefix {
            case "MS": ["M/S", "Motorschiff"]
            case "DS": ["Dampfschiff"]
            case "EMS": ["EM", "E-MS", "MS"]
            default: []
            }
        var names = variants.map { "\($0) \(name)" } + (ShipNames.isLakeName(name) ? [] : [name])
        if let ascii = ShipNames.asciiSpelling(name) {
            names += ["\(prefix) \(ascii)"] + variants.map { "\($0) \(ascii)" }
            if !ShipNames.isLakeName(name) { names.append(ascii) }
        }
        // An alias the name rules would refuse (a long name with "Motorschiff " before it) is
        // not generated: the tool never writes a file its own check refuses.
        return names.filter { ShipNameRules.problem($0) == nil }.sorted()
    }

    /// A new ship entry for `fleet add`.
    package struct Entry: Sendable {
        package var name: String
        package var prefix: String
        package var values: [(field: String, value: Double)]
        package var source: String
        package var overridesPage: String?
        /// Add the ship although its name is spelled like one in the file (a sister named alike).
        package var allowsSimilarName: Bool

        package init(
            name: String, prefix: String, values: [(field: String, value: Double)], source: String,
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
        let (fleet, existing) = check(data)
        guard existing.isEmpty else { throw invalid(path, existing) }
        var root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        var ships = root["ships"] as! [Any]
        if let index = entryIndex(named: "\(entry.prefix) \(entry.name)", in: ships)
            ?? entryIndex(named: entry.name, in: ships),
            let other = ships[index] as? [String: Any]
        {
            let full = "\(other["prefix"] as? String ?? "") \(other["name"] as? String ?? entry.name)"
            throw RatingsError.shipExists(path: path, ship: full, index: index)
        }
        // Names told apart by a number ("Probe 1", "Probe 2") are two ships, not a typo.
        func number(_ name: String) -> String { name.filter(\.isNumber) }
        if !entry.allowsSimilarName, let fleet, let similar = ResolvedFleet.probableSpelling(of: entry.name, in: fleet),
            number(entry.name) == number(similar.name),
            let index = fleet.ships.firstIndex(where: { $0.fullName == similar.fullName })
        {
            throw RatingsError.similarShip(
                path: path, ship: "\(entry.prefix) \(entry.name)", existing: similar.fullName, index: index)
        }
        var ship: [String: Any] = [
            "name": entry.name, "prefix": entry.prefix, "aliases": aliases(name: entry.name, prefix: entry.prefix),
        ]
        for (field, value) in entry.values {
            var sourced: [String: Any] = ["value": value, "source": entry.source]
            if let reason = entry.overridesPage { sourced["overridesPage"] = reason }
            ship[field] = sourced
        }
        ships.append(ship)
        root["ships"] = ships
        let text = format(root)
        let (_, problems) = check(Data(text.utf8))
        guard problems.isEmpty else { throw invalid(path, problems) }
        return Data(text.utf8)
    }

    /// The index of the entry a name refers to: its name, its full name or an alias (case,
    /// accents and spacing ignored).
    static func entryIndex(named name: String, in ships: [Any]) -> Int? {
        let key = ShipNames.key(name)
        return ships.firstIndex { raw in
            guard let ship = raw as? [String: Any], let bare = ship["name"] as? String else { return false }
            let prefix = ship["prefix"] as? String ?? ""
            let aliases =
                (ship["aliases"] as? [Any])?.compactMap { $0 as? String } ?? aliases(name: bare, prefix: prefix)
            return ([bare, "\(prefix) \(bare)"] + aliases).contains { ShipNames.key($0) == key }
        }
    }

    /// The full name ("MS Wädenswil") of the entry `name` refers to (an alias, another
    /// spelling), for messages; nil when none does or the file does not parse.
    package static func fullName(of name: String, in data: Data) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let ships = root["ships"] as? [Any], let index = entryIndex(named: name, in: ships),
            let ship = ships[index] as? [String: Any], let bare = ship["name"] as? String
        else { return nil }
        let prefix = ship["prefix"] as? String ?? ""
        return prefix.isEmpty ? bare : "\(prefix) \(bare)"
    }

    /// Applies `change` to the checked file's entry for `name` and returns the file's canonical
    /// bytes, checked again.
    /// - Throws: ``RatingsError/invalidFile(path:reason:)`` when the file has problems, no entry
    ///   has that name (the closest names suggested), or the result is not valid.
    static func changing(
        _ name: String, in data: Data, path: String, _ change: (inout [String: Any]) -> Void
    ) throws -> Data {
        let (_, existing) = check(data)
        guard existing.isEmpty else { throw invalid(path, existing) }
        var root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        var ships = root["ships"] as! [Any]
        guard let index = entryIndex(named: name, in: ships) else {
            let known = ships.compactMap {
                ($0 as? [String: Any]).flatMap { s in
                    (s["name"] as? String).map { "\(s["prefix"] as? String ?? "") \($0)" }
                }
            }
            let hint = NameMatch.closest(to: name, in: known, limit: 3)
            throw RatingsError.invalidFile(
                path: path,
                reason: "no ship \"\(VisibleText.excerpt(name))\" in the file"
                    + (hint.isEmpty
                        ? "; add it with `nextwave fleet add`" : "; did you mean \(hint.joined(separator: ", "))?"))
        }
        var ship = ships[index] as! [String: Any]
        change(&ship)
        ships[index] = ship
        root["ships"] = ships
        let text = format(root)
        let (_, problems) = check(Data(text.utf8))
        guard problems.isEmpty else { throw invalid(path, problems) }
        return Data(text.utf8)
    }

    /// The file's bytes with new values for an existing ship (a refit, a correction): each value
    /// with `source`, and `reason` as the reason it replaces the operator's page value.
    package static func setting(
        _ name: String, values: [(field: String, value: Double)], source: String, reason: String?, in data: Data,
        path: String
    ) throws -> Data {
        try changing(name, in: data, path: path) { ship in
            for (field, value) in values {
                var sourced: [String: Any] = ["value": value, "source": source]
                if let reason { sourced["overridesPage"] = reason }
                ship[field] = sourced
            }
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
        return try changing(name, in: data, path: path) { ship in
            var retired: [String: Any] = ["since": since]
            if let reason { retired["reason"] = reason }
            if let source { retired["source"] = source }
            ship["retired"] = retired
        }
    }

    static func invalid(_ path: String, _ problems: [Problem]) -> RatingsError {
        .invalidFile(
            path: path,
            reason: problems.count == 1
                ? problems[0].description
                : "\(problems.count) problems:\n" + problems.map { "  - \($0)" }.joined(separator: "\n"))
    }
}
