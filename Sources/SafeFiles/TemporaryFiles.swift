package import Foundation
import ThreadTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files this process has open while it writes outputs, so that an interrupted
/// run removes them (``removeAll()``, called by the CLI's signal handling), and the naming rule
/// that lets a later run find what a killed one left behind (``sweepStale(in:)``).
///
/// A temporary file is `.<target name>.nwtmp-<pid>` beside its target: hidden, in the same
/// folder (so the final `rename` is atomic), marked as this tool's (`nwtmp`, so that the sweep
/// never takes a user's `.x.tmp-1` for one) and with the process that writes it. It is created
/// with `O_EXCL | O_NOFOLLOW` (``create(_:mode:)``): a link planted under its name is never
/// followed.
package enum TemporaryFiles {
    /// What marks a temporary name as this tool's: `.<name>` + `marker` + `<pid>`.
    package static let marker = ".nwtmp-"
    /// The file inside a staged folder (a snapshot being written) that marks it as this tool's.
    package static let folderMarker = ".nextwave-staging"

    /// The registered temporary files and staged folders, by path.
    private struct Registry {
        var paths = Set<String>()
        var folders = Set<String>()
    }
    private static let registry = Locked(Registry())

    /// The temporary file for `target`, for this process; `suffix` tells apart two temporary
    /// files of one target (`.waves.csv.part.tmp-123`), and the name still marks the process.
    package static func url(for target: URL, suffix: String = "") -> URL {
        target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent)\(suffix)\(marker)\(getpid())")
    }

    /// Creates the temporary file `url` for writing, exclusively and without following a link:
    /// whatever is in the way under that name (a file left by a process that had this id, or a
    /// planted link) is removed first — only the name itself, never what a link points to.
    /// - Parameter mode: the new file's permissions (a rewrite passes the target's).
    /// - Throws: ``FileProblem`` naming `target` (the file the user asked for).
    package static func create(_ url: URL, mode: mode_t = 0o644, for target: URL) throws -> FileHandle {
        var descriptor: Int32 = -1
        for _ in 0..<2 {
            descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 || errno != EEXIST { break }
            unlink(url.path)
        }
        guard descriptor >= 0 else {
            throw FileProblem(
                path: target.path,
                reason: "cannot create a file in its folder (\(String(cString: strerror(errno)).lowercased()))",
                side: .output)
        }
        // The umask may have narrowed the mode; a rewrite keeps the target's exactly.
        _ = fchmod(descriptor, mode)
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    package static func register(_ url: URL) { registry.withLock { _ = $0.paths.insert(url.path) } }
    package static func unregister(_ url: URL) { registry.withLock { _ = $0.paths.remove(url.path) } }

    /// Paths registered now (for tests).
    package static var registered: Set<String> { registry.withLock { $0.paths } }

    /// A temporary folder (a snapshot being staged), removed with everything in it.
    package static func registerFolder(_ url: URL) { registry.withLock { _ = $0.folders.insert(url.path) } }
    package static func unregisterFolder(_ url: URL) { registry.withLock { _ = $0.folders.remove(url.path) } }

    /// Removes every registered temporary file and folder (on SIGINT, SIGTERM, SIGHUP).
    package static func removeAll() {
        let taken = registry.withLock { registry in
            defer { registry = Registry() }
            return registry
        }
        let (all, staged) = (taken.paths, taken.folders)
        for path in all { unlink(path) }
        for folder in staged { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Removes temporary files of this tool in `directory` whose process is gone (a run killed
    /// with SIGKILL, or by a power cut, cannot clean up after itself). Only names with this
    /// tool's ``marker`` are touched, and never recursively: a file or link goes by its name; a
    /// staged folder only when it holds ``folderMarker``, and then only its files (a folder
    /// inside it stays, and so does the folder). Files of live processes, including this one,
    /// are left alone. Returns the names removed.
    @discardableResult
    package static func sweepStale(in directory: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var removed: [String] = []
        for name in names {
            guard let pid = owner(ofTemporaryName: name), pid != getpid(), !isAlive(pid) else { continue }
            let path = directory.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                if removeStagedFolder(path) { removed.append(name) }
            } else if unlink(path) == 0 {
                removed.append(name)
            }
        }
        return removed
    }

    /// Removes a staged folder's files (one level) and the folder, if it carries the marker.
    private static func removeStagedFolder(_ path: String) -> Bool {
        guard access(path + "/" + folderMarker, F_OK) == 0,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return false }
        for name in names where name != folderMarker {
            var info = stat()
            let child = path + "/" + name
            if lstat(child, &info) == 0, info.st_mode & S_IFMT != S_IFDIR { unlink(child) }
        }
        unlink(path + "/" + folderMarker)
        return rmdir(path) == 0
    }

    /// The process id in a temporary file's name (`.x.nwtmp-123` → 123), nil for other names.
    static func owner(ofTemporaryName name: String) -> pid_t? {
        guard name.hasPrefix("."), let range = name.range(of: marker, options: .backwards),
            range.lowerBound > name.index(after: name.startIndex)
        else { return nil }
        let digits = name[range.upperBound...]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy(\.isASCII), let pid = Int32(digits), pid > 0
        else { return nil }
        return pid
    }

    static func isAlive(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}
