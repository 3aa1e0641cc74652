import ArgumentParser
import Foundation

/// `--archive DIR` for commands that write: required, never the bundled one by default.
struct WritableArchiveOption: ParsableArguments {
    @Option(help: ArgumentHelp("Archive directory (created if missing).", valueName: "DIR"))
    var archive: String

    func validate() throws { try checkPaths([("--archive", archive)]) }

    /// The folder; the job makes it once its input has passed its checks (a run refused
    /// before that leaves no empty archive behind).
    func url() -> URL { URL(fileURLWithPath: archive, isDirectory: true) }
}
