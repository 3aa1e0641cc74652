import Foundation
import RatingsPipeline

/// Finds the data folder by ``DataFolderLayout/DataFolder``'s rule and says once per run, on
/// stderr, which folder that is (unless `--quiet`).
enum DataLocator {
    /// Whether this run has said which folder it uses.
    private static let announced = Locked(false)

    static func dataFolder(explicit: String?, quiet: Bool = false) throws -> DataLayout {
        let folder: DataFolder
        do {
            folder = try DataFolder.resolve(
                explicit: explicit, environment: ProcessInfo.processInfo.environment,
                currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
                executable: executableURL())
        } catch let notFound as DataFolder.NotFound {
            // The advice must not be the step just taken: an installation without its data is broken.
            let advice =
                notFound.brokenInstallation != nil
                ? "run scripts/install again with the same prefix, or pass --data DIR"
                : "Pass --data DIR or set NEXTWAVE_DATA=DIR (the folder with fleet.json: Data/ of the repository)"
            throw CLIError("\(notFound) (for \(executableURL().path)). \(advice)", status: .noInput)
        }
        try checkOwner(folder)
        let first = announced.withLock { done in
            defer { done = true }
            return !done
        }
        if first && !quiet {
            let line = "data: \(folder.url.standardizedFileURL.path) (\(words(folder.origin)))\n"
            try? FileHandle.standardError.write(contentsOf: Data(line.utf8))
        }
        return folder.layout
    }

    /// A data folder found, not named, that belongs to another user (not root, who owns an
    /// installed one) is refused, as git refuses a repository another user owns: its files decide
    /// every rating and name the pages fetched. Named with --data or NEXTWAVE_DATA it is used,
    /// with a warning.
    static func checkOwner(_ folder: DataFolder) throws {
        let me = DataFolder.currentUserID
        guard let ownerID = folder.ownerID, ownerID != me, ownerID != 0 else { return }
        let owner = "belongs to user \(ownerID), not to you (\(me))"
        switch folder.origin {
        case .option, .environment:
            try? FileHandle.standardError.write(
                contentsOf: Data(
                    "warning: the data folder \(folder.url.path) \(owner); its files decide the ratings\n".utf8))
        case .checkout, .installed, .besideBuild:
            throw CLIError(
                "the data folder \(folder.url.path) (\(words(folder.origin))) \(owner): a folder another user controls "
                    + "would decide the ratings; to use it anyway, name it with --data or NEXTWAVE_DATA",
                status: .noPermission)
        }
    }

    /// Words for the line a run prints ("data: … (the checkout this folder is in)").
    static func words(_ origin: DataFolder.Origin) -> String {
        switch origin {
        case .option: "--data"
        case .environment: "NEXTWAVE_DATA"
        case .checkout: "the checkout this folder is in"
        case .installed: "installed beside the binary"
        case .besideBuild: "the checkout the binary was built in"
        }
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
}
