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
        func walk(_ command: [String: Any], _ path: [String]) {
            let arguments = (command["arguments"] as? [[String: Any]] ?? []).filter { argument in
                argument["shouldDisplay"] as? Bool != false || !(argument["abstract"] as? String ?? "").isEmpty
            }
            let names = arguments.flatMap { $0["names"] as? [[String: String]] ?? [] }
            out[path.joined(separator: " ")] = Set(
                names.filter { $0["kind"] == "long" }.compactMap { $0["name"].map { "--" + $0 } })
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path + [sub["commandName"] as? String ?? "?"])
            }
        }
        walk(try #require(document["command"] as? [String: Any]), ["nextwave"])
        return out
    }

    /// The hand-written Markdown files: the README, docs/, BENCHMARKS.md and every folder's
    /// README (the generated reports and build folders left out).
    static func docs() throws -> [URL] {
        let root = RepositoryPaths.root
        var files = ["README.md", "BENCHMARKS.md", "docs/ARCHITECTURE.md", "docs/SCIENCE.md", "docs/RELIABILITY.md"]
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

    @Test func everyDocumentedCommandLineUsesOptionsItsCommandHas() async throws {
        let commands = try await Self.commands()
        let builtIn: Set<String> = ["--help", "--help-hidden", "--version"]
        var checked = 0
        for file in try Self.docs() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in Self.commandLines(in: text) {
                // The longest run of words that names a command: "nextwave fleet set --length 3".
                var command = "nextwave"
                for word in line.split(separator: " ").dropFirst() {
                    guard commands["\(command) \(word)"] != nil else { break }
                    command += " \(word)"
                }
                let options = commands[command] ?? []
                // Options are words of their own: "--from", not the "--" inside "a--b".
                for match in line.matches(of: /(?:^|[\s=(\[|])(--[a-z][a-z0-9-]*)/) {
                    let option = String(match.1)
                    checked += 1
                    #expect(
                        options.contains(option) || builtIn.contains(option),
                        "\(file.lastPathComponent): `\(command)` has no option \(option): \(line)")
                }
            }
        }
        // The docs show well over a hundred options on command lines; a scan that finds none
        // has stopped reading them.
        #expect(checked > 150, "only \(checked) options found on the docs' command lines")
    }

    /// The scan finds an option its command lacks, in a code span and in a shell block.
    @Test func aStaleOptionIsFound() async throws {
        let commands = try await Self.commands()
        let text = "Run `nextwave plan\n--station wadi --statoin 3`.\n```sh\nnextwave wake \\\n  --depths 2\n```\n"
        let lines = Self.commandLines(in: text)
        #expect(lines == ["nextwave plan --station wadi --statoin 3", "nextwave wake    --depths 2"])
        #expect(commands["nextwave plan"]?.contains("--statoin") == false)
        #expect(commands["nextwave plan"]?.contains("--station") == true)
        #expect(commands["nextwave wake"]?.contains("--rider-depths") == true)
        // An old spelling works, with a notice, but is not what the docs teach.
        #expect(commands["nextwave wake"]?.contains("--depths") == false)
        #expect(commands["nextwave wake"]?.contains("--snapshot") == true)
    }
}
