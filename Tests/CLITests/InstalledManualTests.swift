import Foundation
import Testing
import _TestSupport

/// `scripts/install PREFIX` installs the manual page and the shell completions beside the binary
/// (issue: docs in the forms Swift users expect): each file is where `man` and the shells look,
/// and each is current, the same bytes the installed binary makes now.
@Suite struct InstalledManualTests {
    static func install() async throws -> URL {
        let prefix = RepositoryPaths.temporaryDirectory("manual-prefix")
        let r = try await CLI.runOffPool(
            [RepositoryPaths.root.appendingPathComponent("scripts/install").path, prefix.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"), environment: ["NEXTWAVE_BIN": CLI.binary.path])
        try #require(r.status == 0, "\(r.stderr)")
        return prefix
    }

    static func run(_ arguments: [String], path: String? = nil) async throws -> CLI.Result {
        try await CLI.runOffPool(
            arguments, executable: URL(fileURLWithPath: "/usr/bin/env"),
            environment: path.map { ["PATH": $0, "MANPATH": nil] } ?? [:])
    }

    /// The visible subcommands, as the binary describes itself.
    static func subcommands() async throws -> [String] {
        let dump = try await CLI.runOffPool(["--experimental-dump-help"])
        let json = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as! [String: Any]
        let command = json["command"] as! [String: Any]
        return (command["subcommands"] as! [[String: Any]]).filter { $0["shouldDisplay"] as? Bool ?? true }
            .map { $0["commandName"] as! String }.filter { $0 != "help" }
    }

    @Test func theManualPageIsWhereManLooksAndCurrent() async throws {
        let prefix = try await Self.install()
        let page = prefix.appendingPathComponent("share/man/man1/nextwave.1")
        let binary = prefix.appendingPathComponent("bin/nextwave").path
        // Current: what scripts/manual makes from the installed binary now.
        let now = try await Self.run([RepositoryPaths.root.appendingPathComponent("scripts/manual").path, binary])
        #expect(now.status == 0, "\(now.stderr)")
        #expect(try String(contentsOf: page, encoding: .utf8) == now.stdout)
        // Found by name from PATH (man-db maps PREFIX/bin to PREFIX/share/man), and readable.
        let found = try await Self.run(["man", "-w", "nextwave"], path: prefix.path + "/bin:/usr/bin:/bin")
        #expect(found.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == page.path, "\(found.stderr)")
        let shown = try await CLI.runOffPool(
            ["man", "-l", page.path], executable: URL(fileURLWithPath: "/usr/bin/env"),
            environment: ["MANWIDTH": "80", "MAN_KEEP_FORMATTING": nil, "PAGER": "cat"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(!shown.stderr.contains("warning"), "\(shown.stderr)")
        for name in try await Self.subcommands() {
            #expect(shown.stdout.contains("nextwave \(name)"), "the manual describes \(name)")
        }
        #expect(shown.stdout.contains("EXIT STATUS") && shown.stdout.contains("NEXTWAVE_DATA"))
    }

    @Test func theCompletionsAreWhereTheShellsLookAndNameEveryCommand() async throws {
        let prefix = try await Self.install()
        let binary = prefix.appendingPathComponent("bin/nextwave").path
        let subcommands = try await Self.subcommands()
        #expect(subcommands.count >= 12)
        for (shell, file) in [
            ("bash", "share/bash-completion/completions/nextwave"), ("zsh", "share/zsh/site-functions/_nextwave"),
            ("fish", "share/fish/vendor_completions.d/nextwave.fish"),
        ] {
            let text = try String(contentsOf: prefix.appendingPathComponent(file), encoding: .utf8)
            let now = try await Self.run([binary, "--generate-completion-script", shell])
            #expect(text == now.stdout, "\(file) is the installed binary's")
            for name in subcommands { #expect(text.contains(name), "\(file) names \(name)") }
        }
        // Tab completion in bash: "nextwave ra" completes to ratings, "nextwave plan --stat" to
        // --station.
        let script = prefix.appendingPathComponent("share/bash-completion/completions/nextwave").path
        for (words, expected) in [(["nextwave", "ra"], "ratings"), (["nextwave", "plan", "--stat"], "--station")] {
            let line = words.joined(separator: " ")
            let r = try await Self.run([
                "bash", "-c",
                "source \(script); COMP_WORDS=(\(line)); COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; "
                    + "COMP_POINT=\(line.count); _nextwave nextwave \(words.last!) \(words[words.count - 2]); "
                    + "printf '%s\\n' \"${COMPREPLY[@]}\"",
            ])
            #expect(r.stdout.split(separator: "\n").contains(Substring(expected)), "\(line): \(r.stdout) \(r.stderr)")
        }
    }

    /// CHANGELOG.md has an entry for the version the binary prints, dated, in the Keep a
    /// Changelog form (`## [0.6.0] - 2026-12-06`).
    @Test func theChangelogNamesTheVersionThisBinaryPrints() async throws {
        let version = try await CLI.runOffPool(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let changelog = try String(
            contentsOf: RepositoryPaths.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let entries = changelog.matches(of: /\n## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}\n/).map { String($0.1) }
        #expect(
            entries.first == version, "the newest entry is \(entries.first ?? "none"), the binary prints \(version)")
        #expect(changelog.contains("## [Unreleased]"))
    }
}
