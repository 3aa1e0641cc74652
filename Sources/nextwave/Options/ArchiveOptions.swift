import ArgumentParser
import Foundation

/// `--archive DIR` for commands that read an archive (default: the bundled one).
struct ArchiveOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Archive directory (default: the bundled September 2026 one).", valueName: "DIR"))
    var archive: String?

    @OptionGroup var data: DataOptions

    static let bundledArchive = "archive/zsg-2026-09"

    func validate() throws { try checkPaths([("--archive", archive)]) }

    /// The archive directory and its name for reports.
    func location() throws -> (url: URL, name: String) {
        if let archive { return (URL(fileURLWithPath: archive, isDirectory: true), archive) }
        return (try data.file(Self.bundledArchive), "Data/\(Self.bundledArchive)")
    }
}
