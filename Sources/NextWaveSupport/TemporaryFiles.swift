import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files this process has open while it writes outputs, so that an interrupted
/// run removes them (``removeAll()``, called by the CLI's signal handling), and the naming rule
/// that lets a later run find what a killed one left behind (``sweepStale(in:)``).
///
/// A temporary file is `.<target name>.tmp-<pid>` beside its target: hidden, in the same folder
/// (so the final `rename` is atomic), and marked with the process that writes it.
package enum TemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths = Set<String>()

    /// The temporary file for `target`, for this process; `suffix` tells apart two temporary
    /// files of one target (`.waves.csv.part.tmp-123`), and the name still marks the process.
    package static func url(for target: URL, suffix: String = "") -> URL {
        target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent)\(suffix).tmp-\(getpid())")
    }

    package static func register(_ url: URL) { lock.withLock { _ = paths.insert(url.path) } }
    package static func unregister(_ url: URL) { lock.withLock { _ = paths.remove(url.path) } }

    /// Paths registered now (for tests).
    package static var registered: Set<String> { lock.withLock { paths } }

    nonisolated(unsafe) private static var folders = Set<String>()

    /// A temporary folder (a snapshot being staged), removed with everything in it.
    package static func registerFolder(_ url: URL) { lock.withLock { _ = folders.insert(url.path) } }
    package static func unregisterFolder(_ url: URL) { lock.withLock { _ = folders.remove(url.path) } }

    /// Removes every registered temporary file and folder (on SIGINT, SIGTERM, SIGHUP).
    package static func removeAll() {
        let (all, staged) = lock.withLock { () -> (Set<String>, Set<String>) in
            defer {
                paths.removeAll()
                folders.removeAll()
            }
            return (paths, folders)
        }
        for path in all { unlink(path) }
        for folder in staged { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Removes temporary files of this tool in `directory` whose process is gone (a run killed
    /// with SIGKILL, or by a power cut, cannot clean up after itself). Files of live processes,
    /// including this one, are left alone. Returns the names removed.
    @discardableResult
    package static func sweepStale(in directory: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var removed: [String] = []
        for name in names {
            guard let pid = owner(ofTemporaryName: name), pid != getpid(), !isAlive(pid) else { continue }
            let path = directory.appendingPathComponent(name).path
            // A staged folder (a snapshot) goes whole.
            if unlink(path) == 0 || (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(name) }
        }
        return removed
    }

    /// The process id in a temporary file's name (`.x.tmp-123` → 123), nil for other names.
    static func owner(ofTemporaryName name: String) -> pid_t? {
        guard name.hasPrefix("."), let range = name.range(of: ".tmp-", options: .backwards),
            range.lowerBound > name.index(after: name.startIndex)
        else { return nil }
        let digits = name[range.upperBound...]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy(\.isASCII), let pid = Int32(digits), pid > 0
        else { return nil }
        return pid
    }

    static func isAlive(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}
