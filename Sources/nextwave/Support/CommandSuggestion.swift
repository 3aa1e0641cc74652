import ArgumentParser
import Foundation
import RatingsPipeline

/// Typos on the command line, named with what was meant:
/// - a mistyped command (`nextwave ratingz`, `nextwave fleet shwo`): "did you mean 'ratings'?",
///   where ArgumentParser only says "Unexpected argument";
/// - a mistyped option beside a missing one (`nextwave plan --staton wadi`): ArgumentParser checks
///   the options a command needs before it looks for unknown ones, so it said "choose --station
///   or --lake" to someone who had typed one.
enum CommandSuggestion {
    /// The message for `arguments` (without the program's name) when a word stands where a
    /// subcommand is expected, is none of them, and lies within two edits of one; else nil.
    static func command(for arguments: [String], root: ParsableCommand.Type) -> String? {
        let reached = descend(arguments, root: root)
        guard let word = reached.rest.first, !word.hasPrefix("-"), word != "help" else { return nil }
        let names = reached.command.configuration.subcommands.compactMap { $0.configuration.commandName }
        guard let meant = closest(to: word.lowercased(), in: names) else { return nil }
        return "\(reached.path) has no command '\(word)'; did you mean '\(meant)'? (\(reached.path) --help lists them)"
    }

    /// The message for the first long option of `arguments` that the command they reach does not
    /// take (hidden options count as taken); nil when there is none.
    static func option(for arguments: [String], root: ParsableCommand.Type) -> String? {
        let reached = descend(arguments, root: root)
        // A subcommand also takes its parents' options: ArgumentParser reads them after its name.
        let taken = withOptions(reached.commands).reduce(into: Set<String>()) { $0.formUnion(longOptions(of: $1)) }
        // A subcommand further on (`ratings --out DIR show --ship …`) takes options of its own.
        let subcommands = Set(reached.command.configuration.subcommands.compactMap { $0.configuration.commandName })
        guard !taken.isEmpty, !reached.rest.contains(where: subcommands.contains) else { return nil }
        for argument in reached.rest.prefix(while: { $0 != "--" }) where argument.hasPrefix("--") {
            let name = String(argument.prefix { $0 != "=" })
            guard !taken.contains(name), !builtIn.contains(name) else { continue }
            let meant = closest(to: name, in: taken.sorted()).map { "; did you mean '\($0)'?" } ?? ""
            return "\(reached.path) has no option '\(name)'\(meant) (\(reached.path) --help lists them)"
        }
        return nil
    }

    /// ArgumentParser's own flags, which every command takes.
    private static let builtIn: Set = [
        "--help", "--help-hidden", "--version", "--experimental-dump-help", "--generate-completion-script",
    ]

    /// The command `arguments` reach by their leading subcommand names, its name as typed
    /// ("nextwave fleet"), and the arguments after those names.
    static func descend(_ arguments: [String], root: ParsableCommand.Type) -> (
        command: ParsableCommand.Type, path: String, rest: ArraySlice<String>, commands: [ParsableCommand.Type]
    ) {
        var commands = [root]
        var path = [root.configuration.commandName ?? "nextwave"]
        var rest = arguments[...]
        while let word = rest.first,
            let next = commands.last!.configuration.subcommands.first(where: { $0.configuration.commandName == word })
        {
            commands.append(next)
            path.append(word)
            rest = rest.dropFirst()
        }
        return (commands.last!, path.joined(separator: " "), rest, commands)
    }

    /// Of a command and its parents (root first), those whose options it takes. The root is left
    /// out below a command: it takes only ArgumentParser's own (``builtIn``), and describing it
    /// describes every command of the tool (a debug build's usage error took 0.3 s, most of it
    /// that).
    static func withOptions(_ commands: [ParsableCommand.Type]) -> ArraySlice<ParsableCommand.Type> {
        commands.count > 1 ? commands.dropFirst() : commands[...]
    }

    /// The long options a command takes, hidden ones too, as ArgumentParser describes the
    /// command (`--experimental-dump-help`'s document); only those that take a value when
    /// `valued`; none when that cannot be read.
    static func longOptions(of command: ParsableCommand.Type, valued: Bool = false) -> Set<String> {
        guard
            let document = try? JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any],
            let arguments = (document["command"] as? [String: Any])?["arguments"] as? [[String: Any]]
        else { return [] }
        let names = arguments.filter { !valued || $0["kind"] as? String == "option" }.flatMap {
            $0["names"] as? [[String: String]] ?? []
        }
        return Set(names.filter { $0["kind"] == "long" }.compactMap { $0["name"].map { "--" + $0 } })
    }

    /// The name `word` begins (the shortest: "--stat" is "--station"), else, for a word of three
    /// letters or more, the one within two edits of it (a letter missing, extra or changed; two
    /// swapped), the closest; nil when none is that close.
    private static func closest(to word: String, in names: [String]) -> String? {
        let started = names.filter { $0.hasPrefix(word) && word.drop(while: { $0 == "-" }).count >= 2 }.min {
            $0.count < $1.count
        }
        guard started == nil, word.drop(while: { $0 == "-" }).count >= 3 else { return started }
        return names.map { (name: $0, edits: NameMatch.editDistance(Array(word.prefix(40)), Array($0))) }.filter {
            $0.edits <= 2
        }.min { $0.edits < $1.edits }?
        .name
    }
}
