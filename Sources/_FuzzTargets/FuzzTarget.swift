package import Foundation

/// One input format the toolkit reads, as a fuzz target: `run` feeds it any bytes and must
/// return, whatever they are (a thrown error is a correct answer; a trap, a crash, a hang or an
/// address-sanitizer report is a finding). `seeds` are valid inputs from the repository that
/// coverage-guided fuzzing starts from. Not API.
package struct FuzzTarget: Sendable {
    package let name: String
    package let summary: String
    package let run: @Sendable (Data) -> Void
    /// (file name, bytes) of the seed inputs, read from the repository at `root`.
    package let seeds: @Sendable (_ root: URL) -> [(name: String, data: Data)]

    /// Regression inputs (crashes found and fixed) live in `Fuzz/regressions/<name>/`.
    package func regressions(root: URL) -> [(name: String, data: Data)] {
        SeedFiles.files(in: root.appendingPathComponent("Fuzz/regressions/\(name)"))
    }
}
