import ArgumentParser
import Foundation
import RatingsPipeline

#if canImport(Glibc)
    import Glibc
#endif

/// A subcommand whose errors all go through one presenter: the message on stderr (what and
/// where, in words, and what to do next), the exit status of ``ExitStatus``.
protocol NextWaveCommand: AsyncParsableCommand {
    /// Whether progress lines may be drawn (they never are when stderr is not a terminal): by
    /// default not; a command with `--no-progress` draws them unless that is given.
    var showsProgress: Bool { get }
    /// The flag for each field of the command's job that its `validate()` may name
    /// (``RatingsPipeline/InvalidInput/field``); a field without one is shown as it is.
    static var inputFlags: [String: String] { get }
    /// Applied to every message on stderr: a command over a fleet file of its own points the
    /// `nextwave fleet` commands its messages suggest at that file (``FleetCommandText``).
    var messageRewrite: @Sendable (String) -> String { get }
    func execute(_ terminal: Terminal) async throws
}

extension NextWaveCommand {
    var showsProgress: Bool { false }
    static var inputFlags: [String: String] { [:] }
    var messageRewrite: @Sendable (String) -> String { { $0 } }

    mutating func run() async throws {
        var terminal = Terminal(noProgress: !showsProgress)
        terminal.rewrite = messageRewrite
        ProcessSafety.install(terminal)
        do {
            try await execute(terminal)
            try Self.flushStandardOutput()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            if let invalid = ((error as? JobFailure)?.underlying ?? error) as? InvalidInput {
                // The job refused a value: say so under the flag that gave it (exit 64).
                let name = Self.inputFlags[invalid.field] ?? invalid.field
                terminal.error(InvalidInput.message(name, value: invalid.value, accepted: invalid.accepted))
            } else {
                terminal.error(ErrorPresenter.message(for: error))
            }
            throw ExitCode(ExitStatus.of(error).rawValue)
        }
    }

    /// Flushes what `print` buffered and fails when any write to stdout failed (a full disk,
    /// `> /dev/full`): a result that did not arrive is an error, not exit 0.
    static func flushStandardOutput() throws {
        try StandardOutput.flush()
        // fflush(NULL) flushes every stream and fails when one cannot be written.
        if fflush(nil) != 0 {
            throw OutputProblem(reason: String(cString: strerror(errno)).lowercased())
        }
    }
}
