package import Foundation

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
    /// - Parameter followingLink: write through a symbolic link to the file it names (the link
    ///   stays a link). Only for a file the user keeps where they like and edits with the tool
    ///   (the fleet file); every other output refuses a link (``Target/resolve(_:followingLink:)``).
    package static func write(_ data: Data, to url: URL, followingLink: Bool = false) throws {
        try writeAll([(url, .data(data))], locking: true, followingLinks: followingLink)
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

    package static func writeAll(_ files: [(URL, Content)], locking: Bool = true) throws {
        try writeAll(files, locking: locking, followingLinks: false)
    }

    /// Writes several files, each from data or a stream: all temporary files first (in order),
    /// then the renames, so that a failure while producing any of them leaves every target
    /// untouched.
    /// - Parameter locking: lock the target folders for the write (pass `false` when the caller
    ///   already holds their ``DirectoryLock``).
    /// - Throws: ``FileProblem`` naming the output and the reason in words (also for a failed
    ///   write inside a stream's closure); other errors thrown by a closure are passed on.
    static func writeAll(_ files: [(URL, Content)], locking: Bool, followingLinks: Bool) throws {
        // Where each file really goes: a device or FIFO is written in place, never replaced by a
        // regular file; a link is refused (or, for a file the user edits, followed to its file).
        let targets = try files.map { try Target.resolve($0.0, followingLink: followingLinks) }
        let regular = zip(targets, files.map(\.1)).filter { !$0.0.inPlace }.map { ($0.0, $0.1) }
        let folders = Array(Set(regular.map { $0.0.url.deletingLastPathComponent().standardizedFileURL.path })).sorted()
        // Sorted, so that two writers of overlapping folder sets cannot deadlock.
        let locks = try locking ? folders.map { try DirectoryLock(URL(fileURLWithPath: $0)) } : []
        defer { withExtendedLifetime(locks) {} }
        for folder in folders { settle(URL(fileURLWithPath: folder)) }

        var staged: [(temporary: URL, target: URL)] = []
        var renamed = 0
        // Once the commit record is written and a rename fails, the record and the remaining
        // temporaries stay for the next run to finish the set: nothing is removed then.
        var keepForRecovery = false
        // Files handed over ready-made belong to the write from now on: removed if it fails.
        let handedOver = files.compactMap { if case .file(let url) = $0.1 { url } else { nil } }
        // Only temporaries not yet renamed are removed: a renamed one is now its target.
        defer {
            let done = Set(staged[..<renamed].map(\.temporary.path))
            for url in staged[renamed...].map(\.temporary) + handedOver where !done.contains(url.path) {
                if !keepForRecovery { unlink(url.path) }
                TemporaryFiles.unregister(url)
            }
        }
        for (target, content) in regular {
            if case .file = content { continue }
            let temporary = try temporaryURL(for: target.url)
            TemporaryFiles.register(temporary)
            staged.append((temporary, target.url))
            try produce(content, into: temporary, for: target)
        }
        // Files written beforehand exist only once the streams before them have run.
        for (target, content) in regular {
            guard case .file(let ready) = content else { continue }
            guard
                ready.deletingLastPathComponent().standardizedFileURL
                    == target.url.deletingLastPathComponent().standardizedFileURL,
                access(ready.path, F_OK) == 0
            else {
                throw FileProblem(
                    path: target.requested.path, reason: "its staged file \(ready.lastPathComponent) is missing",
                    side: .output)
            }
            _ = chmod(ready.path, target.mode)
            TemporaryFiles.register(ready)
            staged.append((ready, target.url))
        }
        for (target, content) in zip(targets, files.map(\.1)) where target.inPlace {
            try writeInPlace(content, to: target)
        }
        // Every rename must be able to succeed before the first is made: a folder where a
        // file of the set goes would otherwise stop the set half-way.
        for s in staged {
            var info = stat()
            if lstat(s.target.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                throw FileProblem(
                    path: s.target.path, reason: "is a folder; cannot replace it with the file", side: .output)
            }
        }
        let journal = try writeCommitRecords(staged, folders: folders)
        defer { if !keepForRecovery { for record in journal { unlink(record.path) } } }
        for s in staged {
            guard rename(s.temporary.path, s.target.path) == 0 else {
                let reason = String(cString: strerror(errno)).lowercased()
                keepForRecovery = !journal.isEmpty
                throw FileProblem(
                    path: s.target.path,
                    reason: "cannot replace it (\(reason))"
                        + (keepForRecovery ? "; the next run into this folder completes the set" : ""), side: .output)
            }
            TemporaryFiles.unregister(s.temporary)
            renamed += 1
        }
    }

    /// One output as it will be written: the file a link leads to, whether it is a device or
    /// FIFO written in place, and the permissions a rewrite keeps.
    struct Target {
        /// The path the caller gave (for messages).
        var requested: URL
        /// Where the bytes go.
        var url: URL
        var inPlace: Bool
        /// The existing file's permissions, or 0644 for a new one.
        var mode: mode_t

        /// A regular file (new or replaced) or an existing device or FIFO written in place. A
        /// symbolic link is followed only to a device or FIFO (`/dev/stdout` is one): a link to a
        /// file, or one that dangles, is refused by name, so an output never writes through a
        /// link planted where it writes (a published table's name, `ratings.md`, an archived
        /// day) to a file elsewhere.
        static func resolve(_ requested: URL, followingLink: Bool = false) throws -> Target {
            var info = stat()
            guard lstat(requested.path, &info) == 0 else {
                return Target(requested: requested, url: requested, inPlace: false, mode: 0o644)
            }
            var url = requested
            if info.st_mode & S_IFMT == S_IFLNK {
                url = requested.resolvingSymlinksInPath()
                if followingLink, stat(url.path, &info) != 0 {
                    // A dangling link to a file the user keeps: the file it names is created.
                    return Target(requested: requested, url: url, inPlace: false, mode: 0o644)
                }
                guard stat(url.path, &info) == 0, followingLink || [S_IFCHR, S_IFIFO].contains(info.st_mode & S_IFMT)
                else {
                    throw FileProblem(
                        path: requested.path,
                        reason: "is a symbolic link (to \(url.path)); refused: remove it, or write elsewhere",
                        side: .output)
                }
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return Target(requested: requested, url: url, inPlace: false, mode: info.st_mode & 0o7777)
            case S_IFCHR, S_IFIFO: return Target(requested: requested, url: url, inPlace: true, mode: 0)
            case S_IFDIR:
                throw FileProblem(path: requested.path, reason: "is a folder; give a file name", side: .output)
            default:
                throw FileProblem(
                    path: requested.path, reason: "is not a regular file, a device or a FIFO; refused", side: .output)
            }
        }
    }

    /// Writes `content` into an existing device or FIFO as it is (`/dev/null`, `/dev/stdout`).
    /// The open never blocks: a FIFO nobody reads is refused at once (ENXIO), not waited on.
    private static func writeInPlace(_ content: Content, to target: Target) throws {
        let descriptor = open(target.url.path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let reason =
                errno == ENXIO
                ? "is a FIFO nobody reads; start its reader first"
                : "cannot write (\(String(cString: strerror(errno)).lowercased()))"
            throw FileProblem(path: target.requested.path, reason: reason, side: .output)
        }
        // Writes block again (a slow reader is waited for, as a pipe's writer is).
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        do {
            switch content {
            case .data(let data): try handle.write(contentsOf: data)
            case .stream(let body): try body(handle)
            case .file(let ready):
                defer { unlink(ready.path) }
                try handle.write(contentsOf: try BoundedFile.read(ready, limit: Int.max - 1))
            }
        } catch let error as FileProblem {
            throw error
        } catch  where isFileSystemError(error) {
            throw FileProblem(
                path: target.requested.path, reason: "cannot write (\(FileProblem.words(for: error)))", side: .output)
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
    /// The outputs of a set that go into `folder`, as a message names them ("a.json, b.md" in it).
    private static func outputsInFolder(_ staged: [(temporary: URL, target: URL)], _ folder: String) -> String {
        let names = staged.filter { $0.target.deletingLastPathComponent().standardizedFileURL.path == folder }
            .map(\.target.lastPathComponent).sorted()
        let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        return names.isEmpty ? folder : "\(folder)/{\(shown)}"
    }

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
                try produce(
                    .data(data), into: temporary,
                    for: Target(requested: record, url: record, inPlace: false, mode: 0o644))
            } catch {
                unlink(temporary.path)
                for done in written { unlink(done.path) }
                // The journal is the tool's own: the user's outputs are what could not be written.
                let reason = (error as? FileProblem)?.reason ?? FileProblem.words(for: error)
                throw FileProblem(
                    path: outputsInFolder(staged, folder), reason: "\(reason); nothing was replaced", side: .output)
            }
            guard rename(temporary.path, record.path) == 0 else {
                let reason = String(cString: strerror(errno)).lowercased()
                unlink(temporary.path)
                for done in written { unlink(done.path) }
                throw FileProblem(
                    path: outputsInFolder(staged, folder), reason: "cannot write (\(reason)); nothing was replaced",
                    side: .output)
            }
            written.append(record)
        }
        return written
    }

    /// Completes the renames of sets whose run died while committing them (their commit record
    /// is still there and their process is gone), then removes the records. Returns the targets
    /// completed. A record is trusted only for what its run could have written: a rename is made
    /// only when both names lie in `folder`, the temporary is a regular file (not a link) named
    /// as that run's temporary of that target; anything else in a record is ignored, so that a
    /// planted record cannot move files elsewhere.
    @discardableResult
    package static func recoverInterruptedCommits(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        let here = folder.standardizedFileURL.path
        var completed: [String] = []
        for name in names where name.hasPrefix(commitPrefix) && !name.contains(TemporaryFiles.marker) {
            guard let pid = Int32(name.dropFirst(commitPrefix.count)), pid > 0, pid != getpid(),
                !TemporaryFiles.isAlive(pid)
            else { continue }
            let record = folder.appendingPathComponent(name)
            if let data = try? BoundedFile.read(record, limit: 1 << 20, what: "commit record"),
                let pairs = try? JSONSerialization.jsonObject(with: data) as? [[String]]
            {
                for pair in pairs where pair.count == 2 {
                    let temporary = URL(fileURLWithPath: pair[0]).standardizedFileURL
                    let target = URL(fileURLWithPath: pair[1]).standardizedFileURL
                    guard temporary.deletingLastPathComponent().path == here,
                        target.deletingLastPathComponent().path == here,
                        temporary.lastPathComponent.hasPrefix("." + target.lastPathComponent),
                        TemporaryFiles.owner(ofTemporaryName: temporary.lastPathComponent) == pid
                    else { continue }
                    var info = stat()
                    guard lstat(temporary.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                    if rename(temporary.path, target.path) == 0 { completed.append(target.path) }
                }
            }
            unlink(record.path)
        }
        return completed
    }

    private static func produce(_ content: Content, into temporary: URL, for target: Target) throws {
        func problem(_ error: Error) -> FileProblem {
            FileProblem(
                path: target.requested.path, reason: "cannot write (\(FileProblem.words(for: error)))", side: .output)
        }
        let handle = try TemporaryFiles.create(temporary, mode: target.mode, for: target.requested)
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
        try FileProblem.createFolder(directory)
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
