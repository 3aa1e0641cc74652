import ArgumentParser

/// A mistyped command: `nextwave ratingz` or `nextwave fleet shwo` names the command meant
/// ("did you mean 'ratings'?") where ArgumentParser only says "Unexpected argument".
enum CommandSuggestion {
    /// The message for `arguments` (without the program's name) when a word stands where a
    /// subcommand is expected, is none of them, and lies within two edits of one; else nil.
    static func message(for arguments: [String], root: ParsableCommand.Type) -> String? {
        var command = root
        var path = [root.configuration.commandName ?? "nextwave"]
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-"), word != "help" else { return nil }
            if let next = subcommands.first(where: { $0.configuration.commandName == word }) {
                command = next
                path.append(word)
                continue
            }
            let names = subcommands.compactMap { $0.configuration.commandName }
            let close = names.map { (name: $0, edits: edits(word.lowercased(), $0)) }.filter { $0.edits <= 2 }
            guard let best = close.min(by: { $0.edits < $1.edits }) else { return nil }
            let list = path.joined(separator: " ")
            return "\(list) has no command '\(word)'; did you mean '\(best.name)'? (\(list) --help lists them)"
        }
        return nil
    }

    /// Levenshtein distance, for words as short as command names (a longer word is far anyway).
    static func edits(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a.prefix(40)), Array(b.prefix(40)))
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...b.count {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
