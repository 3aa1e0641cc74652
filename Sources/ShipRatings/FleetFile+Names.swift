package import Foundation
import ShipRatingTable

extension FleetFile {
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

    /// A ship's full name split into its type prefix (``prefixes``) and its name:
    /// "MS Zürichsee" → ("MS", "Zürichsee"); nil for a name without a known prefix or without
    /// a name after it.
    package static func split(fullName: String) -> (prefix: String, name: String)? {
        let words = fullName.split(separator: " ", maxSplits: 1).map(String.init)
        guard words.count == 2, prefixes.contains(words[0]) else { return nil }
        let name = words[1].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : (words[0], name)
    }

    /// The full name ("MS Wädenswil") of the entry `name` refers to (an alias, another
    /// spelling), for messages; nil when none does or the file does not pass the check.
    package static func fullName(of name: String, in data: Data) -> String? {
        guard let document = try? Document(checked: data, path: ""), let index = document.index(of: name) else {
            return nil
        }
        return document.records[index].fullName
    }
}
