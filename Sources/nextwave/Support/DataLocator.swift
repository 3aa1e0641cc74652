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
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = executable.deletingLastPathComponent()
        let installed = dir.deletingLastPathComponent().appendingPathComponent("share/nextwave/Data")
        if isData(installed) { return installed }
        let cwd = URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent("Data")
        if isData(cwd) { return cwd }
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("Data")
            if isData(candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        throw CLIError(
            "cannot find the bundled data folder (Data/ with fleet.json); pass --data DIR, set NEXTWAVE_DATA, "
                + "or install with scripts/install")
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
