import Foundation

/// The `nextwave fleet` commands a message suggests, pointed at the fleet file the run used.
///
/// Messages across the libraries suggest commands such as `` `nextwave fleet set "MS Saphir"
/// --beam M --source URL` ``. Without a fleet file those edit the data folder's `fleet.json`
/// (Lake Zurich's), so a run over another operator's fleet (`--operator sgv`) or a file of its
/// own (`--fleet FILE`) must say which file to edit, or the advice edits the wrong fleet.
package enum FleetCommandText {
    /// `text` with `fleetArgument` (`--operator sgv`, or a file path, quoted for a shell where
    /// needed) at the end of every backticked `nextwave fleet` command that takes a fleet file
    /// (set, add, retire, rename, show, check) and does not end with it already; `text` itself
    /// when `fleetArgument` is nil.
    package static func naming(_ text: String, fleetArgument: String?) -> String {
        guard let fleetArgument, text.contains("`nextwave fleet ") else { return text }
        return text.replacing(/`nextwave fleet (set|add|retire|rename|show|check)( [^`]*)?`/) { match in
            let rest = match.2 ?? ""
            return rest.hasSuffix(" " + fleetArgument)
                ? String(match.0) : "`nextwave fleet \(match.1)\(rest) \(fleetArgument)`"
        }
    }

    /// A fleet argument (the front end's: a file, or an operator and a data folder) as a
    /// published report may show it: every absolute path (a fleet file or a data
    /// folder outside the working folder) cut to its last component, so that a report names no
    /// folder of the machine it was made on (`/home/me/fleets/zsg.json` → `zsg.json`).
    package static func forReport(_ argument: String?) -> String? {
        guard let argument else { return nil }
        var words: [String] = []
        var word = ""
        var quoted = false
        var started = false
        for character in argument {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(word) }
                (word, started) = ("", false)
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return words.map { word in
            guard word.hasPrefix("/") || word.hasPrefix("~") else { return shellWord(word) }
            let last = URL(fileURLWithPath: word).lastPathComponent
            return shellWord(last.isEmpty || last == "/" ? "FILE" : last)
        }.joined(separator: " ")
    }

    /// `text` as one shell word: single-quoted when it holds anything but ASCII letters, digits
    /// and `/._-`.
    package static func shellWord(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "/._-".unicodeScalars.contains(scalar))
            }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
