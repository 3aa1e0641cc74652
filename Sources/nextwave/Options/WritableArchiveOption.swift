import ArgumentParser
import Foundation

/// `--archive DIR` for commands that write: required, never the bundled one by default.
struct WritableArchiveOption: ParsableArguments {
    @Option(help: ArgumentHelp("Archive directory (created if missing).", valueName: "DIR"))
    var archive: String

    func validate() throws { try checkPaths([("--archive", archive)]) }

    func url() throws -> URL {
        let url = URL(fileURLWithPath: archive, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
