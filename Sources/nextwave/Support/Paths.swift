import Foundation
import RatingsPipeline

/// What the commands ask of the file system, in one place: whether a path is there, and a text
/// file written whole. The commands themselves touch no file, handle or variable
/// (scripts/check-architecture, rule 19).
enum Paths {
    /// Whether something (a file or a folder) is at `path`.
    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Whether something is at `url`.
    static func exists(_ url: URL) -> Bool { exists(url.path) }

    /// Writes `text` to `path` atomically: the file is replaced only by a complete one.
    static func writeText(_ text: String, to path: String) throws {
        try AtomicFileWriter.write(Data(text.utf8), to: URL(fileURLWithPath: path))
    }
}
