import Foundation

/// Finds the bundled data folder (`Data/`, with `fleet.json`): `--data`, `$NEXTWAVE_DATA`, the
/// installed copy beside the binary (`<prefix>/share/nextwave/Data` for `<prefix>/bin/nextwave`),
/// `./Data`, or a `Data/` above the executable (so `.build/release/nextwave` works from anywhere).
enum DataLocator {
    static func dataDirectory(explicit: String?) throws -> URL {
        if let explicit { return URL(fileURLWithPath: explicit, isDirectory: true) }
        if let env = ProcessInfo.processInfo.environment["NEXTWAVE_DATA"], !env.isEmpty {
            return URL(fileURLWithPath: env, isDirectory: true)
        }
        let fm = FileManager.default
        func isData(_ url: URL) -> Bool { fm.fileExists(atPath: url.appendingPathComponent("fleet.json").path) }
        let executable = executableURL()
        var dir = executable.deletingLastPathComponent()
        let installed = dir.deletingLastPathComponent().appendingPathComponent("share/nextwave/Data")
        if isData(installed) { return installed }
        let cwd = URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent("Data")
        if isData(cwd) { return cwd }
        var searched = [installed.path, cwd.path]
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("Data")
            if isData(candidate) { return candidate }
            searched.append(candidate.path)
            dir = dir.deletingLastPathComponent()
        }
        // The advice must not be the step just taken: an installation without its data is broken,
        // not missing.
        let share = installed.deletingLastPathComponent()
        let next =
            fm.fileExists(atPath: share.path)
            ? "the installation at \(share.path) has no Data/fleet.json: run scripts/install again with the same "
                + "prefix, or pass --data DIR"
            : "pass --data DIR or set NEXTWAVE_DATA=DIR (the folder with fleet.json: Data/ of the repository)"
        throw CLIError(
            "cannot find the bundled data folder (Data/ with fleet.json) for \(executable.path); looked in "
                + searched.joined(separator: ", ") + ". " + next.prefix(1).uppercased() + next.dropFirst(),
            status: .noInput)
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

    /// How a table or report cites a data file: `Data/<path>` inside the data folder, else the
    /// file's name alone (outputs carry no machine paths).
    static func reference(for file: URL, dataDirectory: URL) -> String {
        let path = file.standardizedFileURL.resolvingSymlinksInPath().path
        let folder = dataDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        if path.hasPrefix(folder + "/") { return "Data/" + path.dropFirst(folder.count + 1) }
        return file.lastPathComponent
    }
}
