import Foundation

/// How a published report names a file or folder a person gave on the command line: as given
/// when relative (`review/zsg-pages`), else by its last component (`/home/me/site/ratings` →
/// `ratings`), so that no report names a folder of the machine it was made on.
package enum PortablePath {
    package static func name(_ path: String) -> String {
        guard path.hasPrefix("/") || path.hasPrefix("~") else { return path }
        let last = URL(fileURLWithPath: path).lastPathComponent
        return last.isEmpty || last == "/" ? "(a folder of this machine)" : last
    }
}
