package import Foundation

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

/// The inputs a replay names: a file itself, or the regular files of a folder (not recursive),
/// sorted by name; nothing for a path that is not there. One rule for both fuzz binaries.
package enum ReplayFiles {
    package static func files(at url: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [url] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().map { url.appendingPathComponent($0) }.filter {
            var nested: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &nested) && !nested.boolValue
        }
    }
}
