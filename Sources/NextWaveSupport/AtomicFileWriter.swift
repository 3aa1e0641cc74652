import Foundation

/// Writes files so that a reader sees either the old or the new content, never a mix: each
/// file goes to a temporary file beside it, then is renamed over the target.
package enum AtomicFileWriter {
    /// Writes one file atomically (creating its directory if needed).
    package static func write(_ data: Data, to url: URL) throws {
        try writeAll([(url, data)])
    }

    /// What goes into one file of ``writeAll(_:)-(_)``.
    package enum Content {
        case data(Data)
        /// Written through a handle (large files, or content produced while writing). Closures
        /// run in order, so a later file may use what an earlier one computed.
        case stream((FileHandle) throws -> Void)
    }

    /// Writes several files: all temporary files first, then the renames, so that a failure
    /// while producing any of them leaves every target untouched.
    package static func writeAll(_ files: [(URL, Data)]) throws {
        try writeAll(files.map { ($0.0, Content.data($0.1)) })
    }

    /// Writes several files, each from data or a stream: all temporary files first (in order),
    /// then the renames, so that a failure while producing any of them leaves every target
    /// untouched.
    /// - Throws: ``FileProblem`` naming the output and the reason in words; errors thrown by a
    ///   stream's closure are passed on as they are.
    package static func writeAll(_ files: [(URL, Content)]) throws {
        var staged: [(temporary: URL, target: URL)] = []
        var renamed = 0
        // Only temporaries not yet renamed are removed: a renamed one is now its target.
        defer { for s in staged[renamed...] { try? FileManager.default.removeItem(at: s.temporary) } }
        for (target, content) in files {
            let temporary = try temporaryURL(for: target)
            staged.append((temporary, target))
            try produce(content, into: temporary, for: target)
        }
        for s in staged {
            guard rename(s.temporary.path, s.target.path) == 0 else {
                throw FileProblem(
                    path: s.target.path, reason: "cannot replace it (\(String(cString: strerror(errno)).lowercased()))")
            }
            renamed += 1
        }
    }

    private static func produce(_ content: Content, into temporary: URL, for target: URL) throws {
        func problem(_ error: Error) -> FileProblem {
            FileProblem(path: target.path, reason: "cannot write (\(FileProblem.words(for: error)))")
        }
        switch content {
        case .data(let data):
            do { try data.write(to: temporary) } catch { throw problem(error) }
        case .stream(let body):
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw FileProblem(path: target.path, reason: "cannot create a file in its folder")
            }
            let handle: FileHandle
            do { handle = try FileHandle(forWritingTo: temporary) } catch { throw problem(error) }
            defer { try? handle.close() }
            try body(handle)
            do { try handle.synchronize() } catch { throw problem(error) }
        }
    }

    /// A hidden temporary file beside `target` (same folder, so `rename` is atomic); creates
    /// the folder if needed.
    static func temporaryURL(for target: URL) throws -> URL {
        let directory = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw FileProblem(
                path: directory.path, reason: "cannot create the folder (\(FileProblem.words(for: error)))")
        }
        return directory.appendingPathComponent(
            ".\(target.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// Streams a large file through a handle into a temporary file, renamed over `url` only
    /// when `body` returns without throwing.
    package static func stream(to url: URL, _ body: @escaping (FileHandle) throws -> Void) throws {
        try writeAll([(url, Content.stream(body))])
    }
}
