package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output folder the tool owns (a feed's site, a publishing folder, an archive): every folder
/// between its root and a file the tool writes or removes must be a real folder of that tree.
/// A symbolic link planted there (`site/zurichsee → elsewhere`) would otherwise carry the tool's
/// writes, and its clean-up's deletions, into a folder it does not own. The root itself may be a
/// link (a web server's document root often is): the user named it.
package enum OutputTree {
    /// Refuses `file` when a folder between `root` (exclusive) and the file (exclusive) is a
    /// symbolic link or not a folder. Folders not there yet are fine: the tool creates them as
    /// real folders. A file outside `root` is not checked.
    /// - Throws: ``FileProblem`` naming the link.
    package static func check(_ file: URL, below root: URL) throws {
        for folder in folders(of: file, below: root) {
            var info = stat()
            guard lstat(folder, &info) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFLNK:
                throw FileProblem(
                    path: folder,
                    reason: "is a symbolic link inside the output folder \(root.path); refused: the tool writes and "
                        + "removes files only in real folders of its output (remove the link, or give its target as "
                        + "the output)", side: .output)
            default:
                throw FileProblem(path: folder, reason: "is not a folder; cannot write below it", side: .output)
            }
        }
    }

    /// Removes `file` when it is a regular file in a real folder of the tree (``check(_:below:)``);
    /// a link, a folder or a file below a link is left alone. Returns whether it was removed.
    @discardableResult
    package static func removeFile(_ file: URL, below root: URL) -> Bool {
        guard (try? check(file, below: root)) != nil else { return false }
        var info = stat()
        guard lstat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return unlink(file.path) == 0
    }

    /// Whether `path` is a real folder (not a link to one).
    package static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The folders between `root` and `file`, outermost first (empty when the file is not below root).
    static func folders(of file: URL, below root: URL) -> [String] {
        let rootPath = root.standardizedFileURL.path
        let parent = file.standardizedFileURL.deletingLastPathComponent().path
        guard parent.hasPrefix(rootPath + "/") else { return [] }
        var current = rootPath
        return parent.dropFirst(rootPath.count).split(separator: "/").map { part in
            current += "/" + part
            return current
        }
    }
}
