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
            folder = try DataFolder.locate(explicit: explicit)
        } catch let notFound as DataFolder.NotFound {
            // The advice must not be the step just taken: an installation without its data is broken.
            let advice =
                notFound.brokenInstallation != nil
                ? "run scripts/install again with the same prefix, or pass --data DIR"
                : "Pass --data DIR or set NEXTWAVE_DATA=DIR (the folder with fleet.json: Data/ of the repository)"
            throw CLIError("\(notFound) (for \(DataFolder.runningExecutable().path)). \(advice)", status: .noInput)
        }
        try checkOwner(folder)
        let first = announced.withLock { done in
            defer { done = true }
            return !done
        }
        if first && !quiet {
            Terminal(noProgress: true).info("data: \(folder.url.standardizedFileURL.path) (\(words(folder.origin)))")
        }
        return folder.layout
    }

    /// Another user's folder (``DataFolderLayout/DataFolder/Ownership``): named, a warning; found,
    /// refused with how to use it anyway.
    static func checkOwner(_ folder: DataFolder) throws {
        switch folder.ownership {
        case .trusted: return
        case .namedButForeign(let owner, let user):
            Terminal(noProgress: true).warn(
                "the data folder \(folder.url.path) belongs to user \(owner), not to you (\(user)); its files decide "
                    + "the ratings")
        case .foundAndForeign(let owner, let user):
            throw CLIError(
                "the data folder \(folder.url.path) (\(words(folder.origin))) belongs to user \(owner), not to you "
                    + "(\(user)): a folder another user controls would decide the ratings; to use it anyway, name "
                    + "it with --data or NEXTWAVE_DATA", status: .noPermission)
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
}
