package import Foundation

/// One input format the toolkit reads, as a fuzz target: `run` feeds it any bytes and must
/// return, whatever they are (a thrown error is a correct answer; a trap, a crash, a hang or an
/// address-sanitizer report is a finding). `seeds` are valid inputs from the repository that
/// coverage-guided fuzzing starts from. Not API.
package struct FuzzTarget: Sendable {
    package let name: String
    package let summary: String
    package let run: @Sendable (Data) -> Void
    /// (file name, bytes) of the seed inputs, read from the repository at `root`.
    package let seeds: @Sendable (_ root: URL) -> [(name: String, data: Data)]

    /// Regression inputs (crashes found and fixed) live in `Fuzz/regressions/<name>/`.
    package func regressions(root: URL) -> [(name: String, data: Data)] {
        SeedFiles.files(in: root.appendingPathComponent("Fuzz/regressions/\(name)"))
    }
}

/// Seed files from the repository.
enum SeedFiles {
    /// Every regular file of `directory` (not recursive), by name.
    static func files(in directory: URL, suffix: String = "", limit: Int = .max) -> [(name: String, data: Data)] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted().prefix(limit)
        return names.compactMap { name in
            (try? Data(contentsOf: directory.appendingPathComponent(name))).map { (name, $0) }
        }
    }

    /// Files in the subfolders of `directory` (one level), named `<folder>-<file>`.
    static func nested(in directory: URL, suffix: String, limit: Int) -> [(name: String, data: Data)] {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        var result: [(name: String, data: Data)] = []
        for folder in folders where result.count < limit {
            for file in files(in: directory.appendingPathComponent(folder), suffix: suffix, limit: limit - result.count)
            {
                result.append(("\(folder)-\(file.name)", file.data))
            }
        }
        return result
    }

    static func file(_ root: URL, _ path: String) -> [(name: String, data: Data)] {
        let url = root.appendingPathComponent(path)
        return (try? Data(contentsOf: url)).map { [(url.lastPathComponent, $0)] } ?? []
    }
}
