import Foundation
import Testing
import _TestSupport

/// Every shell block of the README, the guides and the command reference says whether a test
/// runs it (`<!-- readme: runs -->`), which test does (`<!-- readme: run by … -->`), or why none can (`<!-- readme: not run: … -->`: the
/// network, the reader's own files). Each block that runs is run as written: the installed
/// binary by name, in an empty folder, with a fresh copy of the installed data.
@Suite struct ReadmeCommandsTests {
    struct Block {
        /// The document (README.md, docs/guides/…, docs/commands.md) and the block's line in it.
        var file: String
        var line: Int
        var marker: String
        var text: String
        var place: String { "\(file) line \(line)" }
    }

    /// The shell blocks of every document a user reads (``RepositoryPaths/userDocuments()``).
    static func blocks() throws -> [Block] {
        var blocks: [Block] = []
        for (file, text) in try RepositoryPaths.userDocuments() {
            for match in text.matches(of: /```sh\n((?:.|\n)*?)\n```/) {
                let before = text[..<match.range.lowerBound]
                let line = before.split(separator: "\n", omittingEmptySubsequences: false).count
                let marker =
                    before.split(separator: "\n").suffix(3).last { $0.hasPrefix("<!-- readme:") }.map(String.init) ?? ""
                blocks.append(Block(file: file, line: line, marker: marker, text: String(match.1)))
            }
        }
        return blocks
    }

    @Test func everyShellBlockSaysWhetherItRuns() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count >= 20)
        for block in blocks {
            #expect(
                block.marker == "<!-- readme: runs -->" || block.marker.hasPrefix("<!-- readme: not run: ")
                    || block.marker.hasPrefix("<!-- readme: run by CLITests."),
                "\(block.place): a shell block without a readme marker")
        }
        // A block marked as run elsewhere names a test that exists.
        for block in blocks where block.marker.hasPrefix("<!-- readme: run by CLITests.") {
            let name = block.marker.dropFirst("<!-- readme: run by CLITests.".count).prefix { $0 != " " && $0 != "." }
            let file = RepositoryPaths.root.appendingPathComponent("Tests/CLITests/\(name).swift")
            #expect(FileManager.default.fileExists(atPath: file.path), "\(block.place): \(name)")
        }
    }

    /// The README is the short way in (issue: docs a newcomer reads in five minutes): at most
    /// about 300 lines, linking each guide, and every guide shows commands a test runs.
    @Test func theReadmeIsShortAndEveryGuideShowsCommandsThatRun() throws {
        let documents = try RepositoryPaths.userDocuments()
        let readme = try #require(documents.first { $0.path == "README.md" }).text
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 300)
        let guides = documents.map(\.path).filter { $0.hasPrefix("docs/guides/") }
        #expect(guides.count == 4)
        let blocks = try Self.blocks()
        for guide in guides {
            #expect(readme.contains("(\(guide))"), "the README links \(guide)")
            #expect(blocks.contains { $0.file == guide && $0.marker == "<!-- readme: runs -->" }, "\(guide)")
        }
    }

    /// A prefix of its own for one block: a copy of the installed data, and the installed binary
    /// hard-linked, not copied. A copy is written through a descriptor that a child started by a
    /// concurrent test in this process can inherit; while that child runs, executing the copy
    /// fails with "Text file busy" (ETXTBSY). A link writes nothing, and the binary still finds
    /// the data beside it (`/proc/self/exe` names the path it was started by).
    static func copy(of template: URL) throws -> URL {
        let prefix = RepositoryPaths.temporaryDirectory("readme-block")
        let files = FileManager.default
        try files.copyItem(at: template.appendingPathComponent("share"), to: prefix.appendingPathComponent("share"))
        try files.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try files.linkItem(
            at: template.appendingPathComponent("bin/nextwave"), to: prefix.appendingPathComponent("bin/nextwave"))
        return prefix
    }

    /// Installed once; each block gets its own copy of the prefix, an empty folder and HOME.
    @Test func theBlocksThatRunRunAsWritten() async throws {
        let template = RepositoryPaths.temporaryDirectory("readme-prefix")
        let install = try await CLI.runOffPool(
            [RepositoryPaths.root.appendingPathComponent("scripts/install").path, template.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"), environment: ["NEXTWAVE_BIN": CLI.binary.path])
        try #require(install.status == 0, "\(install.stderr)")
        let runs = try Self.blocks().filter { $0.marker == "<!-- readme: runs -->" }
        #expect(runs.count >= 12)
        for block in runs {
            let prefix = try Self.copy(of: template)
            let folder = RepositoryPaths.temporaryDirectory("readme-empty")
            let script = "set -e\n" + block.text + "\n"
            let r = try await CLI.runOffPool(
                ["bash", "-c", script], in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"),
                environment: [
                    "PATH": prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin", "HOME": folder.path,
                    "NEXTWAVE_DATA": nil, "NO_COLOR": "1",
                ])
            #expect(r.status == 0, "\(block.place):\n\(block.text)\n\(r.stderr.suffix(1500))")
            // Run by name from the installed prefix, with its own data.
            #expect(
                !r.stderr.contains(RepositoryPaths.root.path) && !r.stderr.contains(template.path),
                "\(block.place) used the checkout or the shared installation")
        }
    }
}
