public import Foundation
public import JobContract
import SafeFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Which data folder (`Data/`, with `fleet.json`) a run reads and writes, and why: the one rule
/// every command follows, so that an edit lands in the file the next run reads.
///
/// In order: `--data DIR`; `$NEXTWAVE_DATA`; `Data/` of the checkout of this repository the
/// working directory is in (a folder at or above it with a `Package.swift` naming the NextWave
/// package and a `Data/fleet.json`), so that an installed binary run inside a clone edits the
/// clone's files, which git sees; the installed copy beside the binary
/// (`<prefix>/share/nextwave/Data` for `<prefix>/bin/nextwave`); a checkout's `Data/` above the
/// binary (`.build/release/nextwave` run from anywhere).
public struct DataFolder: Sendable, Equatable {
    /// Why a folder was chosen.
    public enum Origin: Sendable, Equatable {
        /// Named by the caller (the CLI's `--data`).
        case option
        /// Named by `$NEXTWAVE_DATA`.
        case environment
        case checkout, installed, besideBuild
    }

    /// The folder.
    public var url: URL
    /// Why it was chosen.
    public var origin: Origin

    /// What the folder holds, and where.
    public var layout: DataLayout { DataLayout(root: url) }

    /// The id of the user who owns the folder; nil when it cannot be examined.
    public var ownerID: UInt32? {
        var info = stat()
        return stat(url.path, &info) == 0 ? UInt32(info.st_uid) : nil
    }

    /// The effective user id of this process.
    public static var currentUserID: UInt32 { UInt32(geteuid()) }

    /// No data folder was found: where the search looked, and the installation beside the
    /// binary that has no data, if there is one.
    public struct NotFound: KindedError {
        /// The data folder is an input that is not there.
        public var kind: ProblemKind { .missingInput }
        public var searched: [String]
        /// `<prefix>/share/nextwave` when it exists but holds no `Data/fleet.json`: an
        /// installation without its data is broken.
        public var brokenInstallation: String?
        public var description: String {
            "cannot find the data folder (Data/ with fleet.json); looked in \(searched.joined(separator: ", "))"
                + (brokenInstallation.map { ". The installation at \($0) has no Data/fleet.json" } ?? "")
        }
    }

    /// Resolves the data folder by the rule above.
    /// - Parameters:
    ///   - explicit: `--data`.
    ///   - environment: the process's variables (`NEXTWAVE_DATA`).
    ///   - currentDirectory: the working directory.
    ///   - executable: the running binary, symbolic links resolved.
    /// - Throws: ``NotFound`` naming every place looked at.
    public static func resolve(
        explicit: String?, environment: [String: String], currentDirectory: URL, executable: URL
    ) throws -> DataFolder {
        if let explicit { return DataFolder(url: URL(fileURLWithPath: explicit, isDirectory: true), origin: .option) }
        if let env = environment["NEXTWAVE_DATA"], !env.isEmpty {
            return DataFolder(url: URL(fileURLWithPath: env, isDirectory: true), origin: .environment)
        }
        var searched: [String] = []
        if let checkout = checkoutRoot(containing: currentDirectory) {
            return DataFolder(
                url: checkout.appendingPathComponent(DataLayout.folderName, isDirectory: true), origin: .checkout)
        }
        searched.append("the checkouts at or above \(currentDirectory.path)")
        let bin = executable.deletingLastPathComponent()
        let share = bin.deletingLastPathComponent().appendingPathComponent("share/nextwave")
        let installed = share.appendingPathComponent(DataLayout.folderName, isDirectory: true)
        if hasFleet(installed) { return DataFolder(url: installed, origin: .installed) }
        searched.append(installed.path)
        var dir = bin
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent(DataLayout.folderName, isDirectory: true)
            if hasFleet(candidate) { return DataFolder(url: candidate, origin: .besideBuild) }
            searched.append(candidate.path)
            dir = dir.deletingLastPathComponent()
        }
        throw NotFound(
            searched: searched,
            brokenInstallation: FileManager.default.fileExists(atPath: share.path) ? share.path : nil)
    }

    /// Resolves the data folder for this process: ``resolve(explicit:environment:currentDirectory:executable:)``
    /// with the process's variables, its working directory and ``runningExecutable()``.
    /// - Throws: ``NotFound`` naming every place looked at.
    public static func locate(explicit: String?) throws -> DataFolder {
        try resolve(
            explicit: explicit, environment: ProcessInfo.processInfo.environment,
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            executable: runningExecutable())
    }

    /// The running binary itself, whatever the shell typed: `/proc/self/exe` on Linux (argv[0] is
    /// only the name when a program is run by name from PATH, which resolves against the working
    /// directory), else the process's executable URL; symbolic links resolved.
    public static func runningExecutable() -> URL {
        #if os(Linux)
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                return URL(fileURLWithPath: path)
            }
        #endif
        if let url = Bundle.main.executableURL { return url.resolvingSymlinksInPath() }
        // argv may be empty (execve allows it): then the working directory stands for the binary.
        return URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
    }

    /// Whose folder this is, read against the process's user: the folder's files decide every
    /// rating and name the pages fetched, so a folder another user controls is not used unasked
    /// (as git refuses a repository another user owns).
    public enum Ownership: Sendable, Equatable {
        /// This user's, root's (an installed copy), or one whose owner cannot be examined.
        case trusted
        /// Another user's, named by the caller or `$NEXTWAVE_DATA`: used, with a warning.
        case namedButForeign(owner: UInt32, user: UInt32)
        /// Another user's, found by the search (a checkout, an installation): refused.
        case foundAndForeign(owner: UInt32, user: UInt32)
    }

    /// The folder's ``Ownership`` for this process.
    public var ownership: Ownership {
        let user = Self.currentUserID
        guard let owner = ownerID, owner != user, owner != 0 else { return .trusted }
        switch origin {
        case .option, .environment: return .namedButForeign(owner: owner, user: user)
        case .checkout, .installed, .besideBuild: return .foundAndForeign(owner: owner, user: user)
        }
    }

    /// The checkout of this repository that `directory` is in: the nearest folder at or above it
    /// whose `Package.swift` declares the NextWave package and which has `Data/fleet.json`.
    public static func checkoutRoot(containing directory: URL) -> URL? {
        var dir = directory.standardizedFileURL
        for _ in 0..<64 {
            let manifest = dir.appendingPathComponent("Package.swift")
            if hasFleet(dir.appendingPathComponent(DataLayout.folderName)), isThisPackage(manifest) { return dir }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { return nil }
            dir = parent
        }
        return nil
    }

    static func hasFleet(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: DataLayout(root: folder).fleet.path)
    }

    /// Whether a `Package.swift` is this repository's: it names the package "NextWave".
    static func isThisPackage(_ manifest: URL) -> Bool {
        guard let data = try? BoundedFile.read(manifest, limit: 1 << 20, what: "package manifest") else { return false }
        return String(decoding: data, as: UTF8.self).contains("name: \"NextWave\"")
    }
}
