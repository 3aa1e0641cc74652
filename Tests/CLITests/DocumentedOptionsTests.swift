import Foundation
import Testing
import _TestSupport

/// Every `nextwave …` command line the docs show, in a code span or a shell block, uses options
/// its command has: a renamed or dropped option cannot linger in a sentence no test runs. The
/// commands and their options come from the binary itself (`--experimental-dump-help`).
@Suite struct DocumentedOptionsTests {
    /// Each command by its words ("nextwave fleet set") with the long options the docs may show:
    /// every option but an old spelling kept for old scripts (hidden, with no help of its own),
    /// which works with a notice and is not taught.
    static func commands() async throws -> [String: Set<String>] {
        let r = try await CLI.runOffPool(["--experimental-dump-help"])
        try #require(r.status == 0, "\(r.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var out: [String: Set<String>] = [:]
        // A subcommand also takes its parents' options (ArgumentParser reads them after its
        // name: `ratings show --operator sgv` is `ratings --operator`'s).
        func walk(_ command: [String: Any], _ path: [String], inherited: Set<String>) {
            let arguments = (command["arguments"] as? [[String: Any]] ?? []).filter { argument in
                argument["shouldDisplay"] as? Bool != false || !(argument["abstract"] as? String ?? "").isEmpty
            }
            let names = arguments.flatMap { $0["names"] as? [[String: String]] ?? [] }
            let own = Set(names.filter { $0["kind"] == "long" }.compactMap { $0["name"].map { "--" + $0 } })
            out[path.joined(separator: " ")] = own.union(inherited)
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path + [sub["commandName"] as? String ?? "?"], inherited: own.union(inherited))
            }
        }
        walk(try #require(document["command"] as? [String: Any]), ["nextwave"], inherited: [])
        return out
    }

    /// The hand-written Markdown files: the README, docs/, BENCHMARKS.md and every folder's
    /// README (the generated reports and build folders left out).
    static func docs() throws -> [URL] {
        let root = RepositoryPaths.root
        var files =
            (try RepositoryPaths.userDocuments().map(\.path)
            + ["BENCHMARKS.md", "CHANGELOG.md", "docs/ARCHITECTURE.md", "docs/SCIENCE.md", "docs/RELIABILITY.md"])
            .map { root.appendingPathComponent($0) }
        let skipped: Set<String> = [".build", ".git", ".venv", "reports", "node_modules", ".data"]
        let walker = try #require(
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]))
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) {
                walker.skipDescendants()
            } else if url.lastPathComponent == "README.md", url.deletingLastPathComponent().path != root.path {
                files.append(url)
            }
        }
        return files
    }

    /// The `nextwave …` command lines of a Markdown text: code spans, and the lines of shell
    /// blocks (continuations joined, comments dropped).
    static func commandLines(in text: String) -> [String] {
        // A code span may wrap onto the next line of the paragraph: one line, words apart by one space.
        var lines = text.matches(of: /`(nextwave [^`]+)`/).map {
            $0.1.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        for block in text.matches(of: /```sh\n((?:.|\n)*?)```/) {
            for line in block.1.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n") {
                let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                if let start = code.range(of: "nextwave ") { lines.append(String(code[start.lowerBound...])) }
            }
        }
        return lines
    }

    /// The options of a command line its command lacks, as (command, option); and how many
    /// options it has. The command is the longest run of words that names one ("nextwave fleet
    /// set --length 3" is `fleet set`'s).
    static func unknownOptions(in line: String, commands: [String: Set<String>]) -> (
        unknown: [(command: String, option: String)], count: Int
    ) {
        var command = "nextwave"
        for word in line.split(separator: " ").dropFirst() {
            guard commands["\(command) \(word)"] != nil else { break }
            command += " \(word)"
        }
        let options = commands[command] ?? []
        let builtIn: Set<String> = ["--help", "--help-hidden", "--version"]
        // Options are words of their own: "--from", not the "--" inside "a--b".
        let found = line.matches(of: /(?:^|[\s=(\[|])(--[a-z][a-z0-9-]*)/).map { String($0.1) }
        let unknown = found.filter { !options.contains($0) && !builtIn.contains($0) }.map { (command, $0) }
        return (unknown, found.count)
    }

    /// Records each option of `line` that its command lacks, naming `place`; returns how many
    /// options the line has.
    static func check(_ line: String, at place: String, commands: [String: Set<String>]) -> Int {
        let (unknown, count) = unknownOptions(in: line, commands: commands)
        for (command, option) in unknown {
            Issue.record("\(place): `\(command)` has no option \(option): \(line)")
        }
        return count
    }

    @Test func everyDocumentedCommandLineUsesOptionsItsCommandHas() async throws {
        let commands = try await Self.commands()
        var checked = 0
        for file in try Self.docs() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in Self.commandLines(in: text) {
                checked += Self.check(line, at: file.lastPathComponent, commands: commands)
            }
        }
        // The docs show well over a hundred options on command lines; a scan that finds none
        // has stopped reading them.
        #expect(checked > 150, "only \(checked) options found on the docs' command lines")
    }

    /// The same for the usage lines and examples of every command's --help.
    @Test func everyHelpExampleUsesOptionsItsCommandHas() async throws {
        let commands = try await Self.commands()
        var checked = 0
        for command in commands.keys.sorted() {
            let words = command.split(separator: " ").dropFirst().map(String.init)
            let help = try await CLI.runOffPool(words + ["--help"], environment: ["COLUMNS": "80"])
            for line in help.stdout.split(separator: "\n") {
                let example = line.trimmingCharacters(in: .whitespaces)
                guard example.hasPrefix("nextwave ") else { continue }
                let code = String(example.split(separator: " #", maxSplits: 1, omittingEmptySubsequences: false)[0])
                checked += Self.check(code, at: "\(command) --help", commands: commands)
            }
        }
        #expect(checked > 100, "only \(checked) options found in the help's examples")
    }

    /// The scan finds an option its command lacks, in a code span and in a shell block; an old
    /// spelling works, with a notice, but is not what the docs teach.
    @Test func aStaleOptionIsFound() async throws {
        let commands = try await Self.commands()
        let text = "Run `nextwave plan\n--station wadi --statoin 3`.\n```sh\nnextwave wake \\\n  --depths 2\n```\n"
        let lines = Self.commandLines(in: text)
        #expect(lines == ["nextwave plan --station wadi --statoin 3", "nextwave wake    --depths 2"])
        let plan = Self.unknownOptions(in: lines[0], commands: commands)
        #expect(
            plan.count == 2 && plan.unknown.map(\.option) == ["--statoin"] && plan.unknown[0].command == "nextwave plan"
        )
        let wake = Self.unknownOptions(in: lines[1], commands: commands)
        #expect(wake.unknown.map(\.option) == ["--depths"] && wake.unknown[0].command == "nextwave wake")
        let fleet = Self.unknownOptions(in: "nextwave fleet set \"X\" --length 3 --source URL", commands: commands)
        #expect(fleet.count == 2 && fleet.unknown.isEmpty)
        #expect(commands["nextwave wake"]?.contains("--snapshot") == true)
    }
}
