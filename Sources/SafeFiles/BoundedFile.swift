package import Foundation
import JobContract
import TextFormats

/// Reads whole files with a size limit, so that no input file (a snapshot page, an archive
/// body, a rating table) can exhaust memory or overflow a 32-bit length further on.
package enum BoundedFile {
    /// The default limit for the toolkit's JSON and HTML inputs: 64 MiB.
    package static let defaultLimit = 64 << 20

    /// The limit for the small tables the tool reads whole and decodes (rating tables, fleet
    /// files, the station list, calibrations, manifests): 4 MiB, a hundred times the largest
    /// real one. Decoded JSON takes tens of times its size in memory (a 50,000-ship table took
    /// about 1 GB), so these are bounded far below ``defaultLimit``.
    package static let tableLimit = 4 << 20

    /// The bytes of `url`, at most `limit` of them.
    /// - Throws: ``FileProblem`` when the file cannot be read, is not a regular file (a FIFO
    ///   or a device would block or never end), or is larger than `limit`.
    package static func read(_ url: URL, limit: Int = defaultLimit, what: String = "file") throws -> Data {
        let handle = try openRegular(url, what: what)
        defer { try? handle.close() }
        do {
            // One byte past the limit tells a file of exactly `limit` bytes from a larger one.
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                throw FileProblem(
                    path: url.path, reason: "the \(what) is larger than \(ByteCount.text(limit)); refused")
            }
            return data
        } catch let problem as FileProblem {
            throw problem
        } catch {
            throw FileProblem(
                path: url.path, reason: "cannot read the \(what) (\(FileProblem.words(for: error)))",
                kind: FileProblem.kind(of: error))
        }
    }
}

extension BoundedFile {
    /// Opens `url` for reading if it is a regular file (after following links), without
    /// blocking: a FIFO opened for reading waits for a writer, and `/dev/zero` never ends.
    /// - Throws: ``FileProblem`` naming the path and what it is instead.
    package static func openRegular(_ url: URL, what: String = "file") throws -> FileHandle {
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            let reason = String(cString: strerror(code)).lowercased()
            throw FileProblem(
                path: url.path, reason: "cannot read the \(what) (\(reason))", kind: FileProblem.kind(errno: code))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw FileProblem(path: url.path, reason: "cannot read the \(what)")
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(fd)
            let name =
                kind == S_IFDIR
                ? "a folder"
                : kind == S_IFIFO
                    ? "a FIFO"
                    : kind == S_IFCHR || kind == S_IFBLK
                        ? "a device" : kind == S_IFSOCK ? "a socket" : "not a regular file"
            throw FileProblem(
                path: url.path, reason: "the \(what) is \(name), not a regular file; refused", kind: .missingInput)
        }
        // Back to blocking reads for a regular file (O_NONBLOCK has no effect on them anyway).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// The bytes of `url` mapped into memory (read-only, private), at most `limit` of them: no
    /// copy and no zeroed buffer for a large input read once (an observations file of 40 MB maps
    /// in a few milliseconds where reading it took 35). Not for files that may change while
    /// they are read: only regular files are mapped, and a short or failed map falls back to
    /// ``read(_:limit:what:)``.
    package static func map(_ url: URL, limit: Int, what: String = "file") throws -> Data {
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return try read(url, limit: limit, what: what) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return try read(url, limit: limit, what: what)
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            throw FileProblem(path: url.path, reason: "the \(what) is larger than \(ByteCount.text(limit)); refused")
        }
        guard size > 0 else { return Data() }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            return try read(url, limit: limit, what: what)
        }
        return Data(
            bytesNoCopy: base, count: size, deallocator: .custom { pointer, count in _ = munmap(pointer, count) })
    }
}
