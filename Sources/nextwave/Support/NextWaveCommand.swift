import ArgumentParser

/// A subcommand whose errors all go through one presenter: the message on stderr (what and
/// where, in words), exit status 1.
protocol NextWaveCommand: AsyncParsableCommand {
    /// Whether progress lines may be drawn (they never are when stderr is not a terminal).
    var showsProgress: Bool { get }
    func execute(_ terminal: Terminal) async throws
}

extension NextWaveCommand {
    var showsProgress: Bool { true }

    mutating func run() async throws {
        let terminal = Terminal(noProgress: !showsProgress)
        ProcessSafety.install(terminal)
        do {
            try await execute(terminal)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            terminal.endProgress()
            terminal.error(ErrorPresenter.message(for: error))
            throw ExitCode.failure
        }
    }
}
