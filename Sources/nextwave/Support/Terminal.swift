import Foundation
import WebFetch

/// stderr output: warnings always, progress only on a TTY (and never with --no-progress),
/// colour only on a TTY without NO_COLOR.
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

    /// What a page source reports, as progress and warnings.
    func show(_ event: FetchEvent) {
        switch event {
        case .fetching(let url): progress("fetching \(url)")
        case .retrying(let url, let attempt, let after, let reason):
            endProgress()
            warn("\(url): \(reason); attempt \(attempt) in \(String(format: "%.1f", after)) s")
        }
    }

    private func write(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
