import Foundation

/// Finds the repository's bundled `Data/` folder: `--data`, `$NEXTWAVE_DATA`, `./Data`, or a
/// `Data/` above the executable (so `.build/release/nextwave` works from anywhere).
enum DataLocator {
    static func dataDirectory(explicit: String?) throws -> URL {
        if let explicit { return URL(fileURLWithPath: explicit, isDirectory: true) }
        if let env = ProcessInfo.processInfo.environment["NEXTWAVE_DATA"] {
            return URL(fileURLWithPath: env, isDirectory: true)
        }
        let fm = FileManager.default
        let cwd = URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent("Data")
        if fm.fileExists(atPath: cwd.appendingPathComponent("fleet.json").path) { return cwd }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("Data")
            if fm.fileExists(atPath: candidate.appendingPathComponent("fleet.json").path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        throw CLIError(
            "cannot find the bundled Data/ folder (with fleet.json); pass --data DIR or run from the repository")
    }
}

/// A message for the user; the command prints it and exits 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
