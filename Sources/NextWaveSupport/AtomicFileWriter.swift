import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a reader sees either the old or the new content, never a mix, and so
/// that nothing is left behind however a run ends:
/// - each file goes to a temporary file beside it (``TemporaryFiles``), then is renamed over the
///   target; a failure while producing any file of a set leaves every target untouched;
/// - the target folders are locked (``DirectoryLock``) while a set is written, so two runs into
///   one folder follow each other instead of mixing their files;
/// - temporary files are registered for removal on SIGINT/SIGTERM/SIGHUP, and those left by a
///   killed run are swept before the next write into the folder;
/// - a set of files is committed with a journal: once every file is staged, a commit record
///   listing the renames is written into each target folder, then the renames run, then the
///   record is removed. A run killed during the renames (SIGKILL, a crash) leaves the record;
///   the next write into the folder completes those renames before anything else, so a set
///   is never left half old, half new.
package enum AtomicFileWriter {
    /// Writes one file atomically (creating its directory if needed).
    package static func write(_ data: Data, to url: URL) throws {
        try writeAll([(url, data)])
    }

    /// What goes into one file of ``writeAll(_:locking:)-(_,_)``.
    package enum Content {
        case data(Data)
        /// Written through a handle (large files, or content produced while writing). Closures
        /// run in order, so a later file may use what an earlier one computed.
        case stream((FileHandle) throws -> Void)
        /// A file already written and synchronised by the caller, in the target's folder under a
        /// temporary name (``TemporaryFiles/url(for:suffix:)``): renamed with the set, not copied.
        /// Useful when it is produced while an earlier file of the set streams. The write owns it:
        /// it is removed when the set fails.
        case file(URL)
    }

    /// Writes several files: all temporary files first, then the renames, so that a failure
    /// while producing any of them leaves every target untouched.
    package static func writeAll(_ files: [(URL, Data)], locking: Bool = true) throws {
        try writeAll(files.map { ($0.0, Content.data($0.1)) }, locking: locking)
    }

    /// Writes several files, each from data or a stream: all temporary files first (in order),
    /// then the renames, so that a failure while producing any of them leaves every target
    /// untouched.
    /// - Parameter locking: lock the target folders for the write (pass `false` when the caller
    ///   already holds their ``DirectoryLock``).
    /// - Throws: ``FileProblem`` naming the output and the reason in words (also for a failed
    ///   write inside a stream's closure); other errors thrown by a closure are passed on.
    package static func writeAll(_ files: [(URL, Content)], locking: Bool = true) throws {
        let folders = Array(Set(files.map { $0.0.deletingLastPathComponent().standardizedFileURL.path })).sorted()
        // Sorted, so that two writers of overlapping folder sets cannot deadlock.
        let locks = try locking ? folders.map { try DirectoryLock(URL(fileURLWithPath: $0)) } : []
        defer { withExtendedLifetime(locks) {} }
        for folder in folders { settle(URL(fileURLWithPath: folder)) }

        var staged: [(temporary: URL, target: URL)] = []
        var renamed = 0
        // Files handed over ready-made belong to the write from now on: removed if it fails.
        let handedOver = files.compactMap { if case .file(let url) = $0.1 { url } else { nil } }
        // Only temporaries not yet renamed are removed: a renamed one is now its target.
        defer {
            let done = Set(staged[..<renamed].map(\.temporary.path))
            for url in staged[renamed...].map(\.temporary) + handedOver where !done.contains(url.path) {
                unlink(url.path)
                TemporaryFiles.unregister(url)
            }
        }
        for (target, content) in files {
            if case .file = content { continue }
            let temporary = try temporaryURL(for: target)
            TemporaryFiles.register(temporary)
            staged.append((temporary, target))
            try produce(content, into: temporary, for: target)
        }
        // Files written beforehand exist only once the streams before them have run.
        for (target, content) in files {
            guard case .file(let ready) = content else { continue }
            guard
                ready.deletingLastPathComponent().standardizedFileURL
                    == target.deletingLastPathComponent().standardizedFileURL,
                access(ready.path, F_OK) == 0
            else {
                throw FileProblem(path: target.path, reason: "its staged file \(ready.lastPathComponent) is missing")
            }
            TemporaryFiles.register(ready)
            staged.append((ready, target))
        }
        let journal = try writeCommitRecords(staged, folders: folders)
        defer { for record in journal { unlink(record.path) } }
        for s in staged {
            guard rename(s.temporary.path, s.target.path) == 0 else {
                throw FileProblem(
                    path: s.target.path, reason: "cannot replace it (\(String(cString: strerror(errno)).lowercased()))")
            }
            TemporaryFiles.unregister(s.temporary)
            renamed += 1
        }
    }

    /// Finishes what killed runs left in `folder`: completes their interrupted commits, then
    /// removes their temporary files. Writes do this themselves; a run that holds the folder's
    /// ``DirectoryLock`` and may end up writing nothing (its outputs are unchanged) calls it before
    /// it reads the existing outputs, so that it reads a whole set and leaves a clean folder.
    package static func settle(_ folder: URL) {
        recoverInterruptedCommits(in: folder)
        TemporaryFiles.sweepStale(in: folder)
    }

    // MARK: Commit journal

    /// `.nextwave-commit-<pid>`: the renames of one set, as JSON `[[temporary, target], …]`.
    static let commitPrefix = ".nextwave-commit-"

    /// Writes the commit record of `staged` into every folder of the set (each atomically);
    /// returns the records written. A single file needs none (its rename is atomic by itself).
    private static func writeCommitRecords(_ staged: [(temporary: URL, target: URL)], folders: [String]) throws
        -> [URL]
    {
        guard staged.count > 1 else { return [] }
        let pairs = staged.map { [$0.temporary.path, $0.target.path] }
        let data = try JSONSerialization.data(withJSONObject: pairs)
        var written: [URL] = []
        for folder in folders {
            let record = URL(fileURLWithPath: folder).appendingPathComponent("\(commitPrefix)\(getpid())")
            let temporary = TemporaryFiles.url(for: record)
            TemporaryFiles.register(temporary)
            defer { TemporaryFiles.unregister(temporary) }
            do {
                try produce(.data(data), into: temporary, for: record)
            } catch {
                unlink(temporary.path)
                for done in written { unlink(done.path) }
                throw error
            }
            guard rename(temporary.path, record.path) == 0 else {
                unlink(temporary.path)
                for done in written { unlink(done.path) }
                throw FileProblem(path: record.path, reason: "cannot write the commit record")
            }
            written.append(record)
        }
        return written
    }

    /// Completes the renames of sets whose run died while committing them (their commit record
    /// is still there and their process is gone), then removes the records. Returns the targets
    /// completed.
    @discardableResult
    package static func recoverInterruptedCommits(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var completed: [String] = []
        for name in names where name.hasPrefix(commitPrefix) && !name.contains(".tmp-") {
            guard let pid = Int32(name.dropFirst(commitPrefix.count)), pid != getpid(), !TemporaryFiles.isAlive(pid)
            else { continue }
            let record = folder.appendingPathComponent(name)
            if let data = try? BoundedFile.read(record, limit: 1 << 20, what: "commit record"),
                let pairs = try? JSONSerialization.jsonObject(with: data) as? [[String]]
            {
                for pair in pairs where pair.count == 2 {
                    if access(pair[0], F_OK) == 0, rename(pair[0], pair[1]) == 0 { completed.append(pair[1]) }
                }
                // The same record in the set's other folders.
                for folder in Set(
                    pairs.compactMap { $0.last.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } })
                {
                    unlink(folder.appendingPathComponent(name).path)
                }
            }
            unlink(record.path)
        }
        return completed
    }

    private static func produce(_ content: Content, into temporary: URL, for target: URL) throws {
        func problem(_ error: Error) -> FileProblem {
            FileProblem(path: target.path, reason: "cannot write (\(FileProblem.words(for: error)))")
        }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FileProblem(
                path: target.path,
                reason: "cannot create a file in its folder (\(String(cString: strerror(errno)).lowercased()))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        do {
            switch content {
            case .data(let data): try handle.write(contentsOf: data)
            case .stream(let body): try body(handle)
            case .file: break
            }
            try handle.synchronize()
        } catch let error as FileProblem {
            throw error
        } catch  where isFileSystemError(error) {
            throw problem(error)
        }
    }

    /// Foundation and POSIX errors of a write (no space, file too large, I/O error), as opposed
    /// to errors a stream's closure throws for its own reasons.
    static func isFileSystemError(_ error: Error) -> Bool {
        if error is POSIXError { return true }
        let ns = error as NSError
        return ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain
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
        return TemporaryFiles.url(for: target)
    }

    /// Streams a large file through a handle into a temporary file, renamed over `url` only
    /// when `body` returns without throwing.
    package static func stream(to url: URL, locking: Bool = true, _ body: @escaping (FileHandle) throws -> Void)
        throws
    {
        try writeAll([(url, Content.stream(body))], locking: locking)
    }
}
