import Foundation

/// stderr output: warnings always, progress only on a TTY (and never with --no-progress).
struct Terminal: Sendable {
    let showProgress: Bool
    let colour: Bool

    init(noProgress: Bool) {
        let tty = isatty(STDERR_FILENO) == 1
        showProgress = tty && !noProgress
        colour = tty && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    func warn(_ message: String) {
        write((colour ? "\u{1B}[33mwarning:\u{1B}[0m " : "warning: ") + message + "\n")
    }

    func error(_ message: String) {
        write((colour ? "\u{1B}[31merror:\u{1B}[0m " : "error: ") + message + "\n")
    }

    func info(_ message: String) { write(message + "\n") }

    /// A one-line status, redrawn in place.
    func progress(_ message: String) {
        guard showProgress else { return }
        write("\r\u{1B}[K" + message)
    }

    func endProgress() {
        guard showProgress else { return }
        write("\r\u{1B}[K")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
