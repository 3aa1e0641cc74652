import Foundation

/// Writes files so that a reader sees either the old or the new content, never a mix: each
/// file goes to a temporary file beside it, then is renamed over the target.
public enum AtomicFileWriter {
    /// Writes one file atomically (creating its directory if needed).
    public static func write(_ data: Data, to url: URL) throws {
        try writeAll([(url, data)])
    }

    /// Writes several files: all temporary files first, then the renames, so that a failure
    /// while producing any of them leaves every target untouched.
    public static func writeAll(_ files: [(URL, Data)]) throws {
        var staged: [(temporary: URL, target: URL)] = []
        var renamed = 0
        // Only temporaries not yet renamed are removed: a renamed one is now its target.
        defer { for s in staged[renamed...] { try? FileManager.default.removeItem(at: s.temporary) } }
        for (target, data) in files {
            let temporary = try temporaryURL(for: target)
            try data.write(to: temporary)
            staged.append((temporary, target))
        }
        for s in staged {
            guard rename(s.temporary.path, s.target.path) == 0 else {
                throw CocoaError(
                    .fileWriteUnknown,
                    userInfo: [
                        NSFilePathErrorKey: s.target.path,
                        NSLocalizedDescriptionKey:
                            "cannot rename \(s.temporary.path) to \(s.target.path): \(String(cString: strerror(errno)))",
                    ])
            }
            renamed += 1
        }
    }

    /// A hidden temporary file beside `target` (same folder, so `rename` is atomic); creates
    /// the folder if needed.
    public static func temporaryURL(for target: URL) throws -> URL {
        let directory = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(
            ".\(target.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// Streams a large file through a handle into a temporary file, renamed over `url` only
    /// when `body` returns without throwing.
    public static func stream(to url: URL, _ body: (FileHandle) throws -> Void) throws {
        let temporary = try temporaryURL(for: url)
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try body(handle)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
