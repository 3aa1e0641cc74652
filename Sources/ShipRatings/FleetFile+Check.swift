package import Foundation
import JSONText
import LegacyWakeModel
import ShipRatingTable
import TextFormats
import WakeKernelSupport

extension FleetFile {
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
        let known = Set(FleetField.allCases.map(\.rawValue))
        for key in ship.keys.sorted() where !known.contains(key) {
            let hint =
                NameMatch.closest(to: key, in: FleetField.allCases.map(\.rawValue), limit: 1).first.map {
                    "; did you mean \($0)?"
                } ?? ""
            problems.append(Problem(entry: entry, field: key, reason: "unknown field\(hint)"))
        }
        for required in ["name", "prefix"] where ship[required] == nil {
            problems.append(Problem(entry: entry, field: required, reason: "missing"))
        }
        let length = ((ship["lengthM"] as? [String: Any])?["value"] as? NSNumber)?.doubleValue
        for field in FleetField.allCases {
            let name = field.rawValue
            guard let value = ship[name] else { continue }
            func problem(_ reason: String) { problems.append(Problem(entry: entry, field: name, reason: reason)) }
            switch field.kind {
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

    static func checkSourced(_ raw: Any, kind: FleetField.Kind.Value, entry: String, field: String, length: Double?)
        -> [Problem]
    {
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
}
