package import Foundation

/// Which staged files a published folder holds with other bytes than the ones staged (damaged,
/// truncated, edited after publication): those a run writes again, so that every file an index
/// names is there with the bytes the index names (a rerun used to see the name and skip it).
package enum StagedRepair {
    /// The names of `staged` whose file `disk` reads, but with other bytes; a missing file
    /// (`disk` gives nil) is not damaged but new. Sorted.
    package static func damaged(_ staged: [String: Data], disk: (String) -> Data?) -> [String] {
        staged.compactMap { name, data in disk(name).flatMap { $0 == data ? nil : name } }.sorted()
    }
}
