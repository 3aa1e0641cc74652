import Foundation
import RatingsPipeline

/// Finds the data folder by ``NextWaveSupport/DataFolder``'s rule and says once per run, on
/// stderr, which folder that is (unless `--quiet`).
enum DataLocator {
    /// Whether this run has said which folder it uses.
    private static let announced = Locked(false)

    static func dataDirectory(explicit: String?, quiet: Bool = false) throws -> URL {
        let folder: DataFolder
        do {
            folder = try DataFolder.resolve(
                explicit: explicit, environment: ProcessInfo.processInfo.environment,
                currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
                executable: executableURL())
        } catch let notFound as DataFolder.NotFound {
            throw CLIError("\(notFound) (for \(executableURL().path))", status: .noInput)
        }
        let first = announced.withLock { done in
            defer { done = true }
            return !done
        }
        if first && !quiet {
            let line = "data: \(folder.url.standardizedFileURL.path) (\(folder.origin.words))\n"
            try? FileHandle.standardError.write(contentsOf: Data(line.utf8))
        }
        return folder.url
    }

    /// The running binary itself, whatever the shell typed: `/proc/self/exe` on Linux (argv[0] is
    /// only "nextwave" when run by name from PATH, which resolves against the current folder),
    /// else the process's executable URL; symbolic links resolved.
    static func executableURL() -> URL {
        #if os(Linux)
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                return URL(fileURLWithPath: path)
            }
        #endif
        if let url = Bundle.main.executableURL { return url.resolvingSymlinksInPath() }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    }

    /// How a table or report cites a data file (``NextWaveSupport/DataFolder/reference(for:dataDirectory:)``).
    static func reference(for file: URL, dataDirectory: URL) -> String {
        DataFolder.reference(for: file, dataDirectory: dataDirectory)
    }
}
