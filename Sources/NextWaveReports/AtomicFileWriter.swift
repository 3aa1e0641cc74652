import Foundation

/// Writes files so that a reader sees either the old or the new content, never a mix: each
/// file goes to a temporary file beside it, then is renamed over the target.
public enum AtomicFileWriter {
    /// Writes one file atomically (creating its directory if needed).
    public static func write(_ data: Data, to url: URL) throws {
        try writeAll([(url, data)])
    }

    /// What goes into one file of ``writeAll(_:)-(_)``.
    public enum Content {
        case data(Data)
        /// Written through a handle (large files, or content produced while writing). Closures
        /// run in order, so a later file may use what an earlier one computed.
        case stream((FileHandle) throws -> Void)
    }

    /// Writes several files: all temporary files first, then the renames, so that a failure
    /// while producing any of them leaves every target untouched.
    public static func writeAll(_ files: [(URL, Data)]) throws {
        try writeAll(files.map { ($0.0, Content.data($0.1)) })
    }

    /// Writes several files, each from data or a stream: all temporary files first (in order),
    /// then the renames, so that a failure while producing any of them leaves every target
    /// untouched.
    public static func writeAll(_ files: [(URL, Content)]) throws {
        var staged: [(temporary: URL, target: URL)] = []
        var renamed = 0
        // Only temporaries not yet renamed are removed: a renamed one is now its target.
        defer { for s in staged[renamed...] { try? FileManager.default.removeItem(at: s.temporary) } }
        for (target, content) in files {
            let temporary = try temporaryURL(for: target)
            staged.append((temporary, target))
            switch content {
            case .data(let data):
                try data.write(to: temporary)
            case .stream(let body):
                guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
                }
                let handle = try FileHandle(forWritingTo: temporary)
                defer { try? handle.close() }
                try body(handle)
                try handle.synchronize()
            }
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
    static func temporaryURL(for target: URL) throws -> URL {
        let directory = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(
            ".\(target.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// Streams a large file through a handle into a temporary file, renamed over `url` only
    /// when `body` returns without throwing.
    public static func stream(to url: URL, _ body: @escaping (FileHandle) throws -> Void) throws {
        try writeAll([(url, Content.stream(body))])
    }
}
