import Foundation
import RatingsPipeline

/// stderr output: warnings always, progress only on a TTY (and never with --no-progress),
/// colour only on a TTY without NO_COLOR.
struct Terminal: Sendable {
    let showProgress: Bool
    let colour: Bool
    /// Applied to every warning, error and note before it is shown (``NextWaveCommand/messageRewrite``).
    var rewrite: @Sendable (String) -> String = { $0 }

    init(noProgress: Bool) {
        let tty = isatty(STDERR_FILENO) == 1
        showProgress = tty && !noProgress
        colour = tty && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    // Messages quote inputs (a station's name, an argument, a page): their control characters
    // are shown escaped, never sent to the terminal (VisibleText).
    func warn(_ message: String) {
        write(
            lineStart + (colour ? "\u{1B}[33mwarning:\u{1B}[0m " : "warning: ") + Self.fenced(rewrite(message)) + "\n")
    }

    func error(_ message: String) {
        write(lineStart + (colour ? "\u{1B}[31merror:\u{1B}[0m " : "error: ") + Self.fenced(rewrite(message)) + "\n")
    }

    /// A warning's or error's text as shown: controls escaped, a tab as `\t`, and every line
    /// after the first indented unless the message indents it: a name holding a line feed cannot
    /// make a line of its own that reads as the tool's ("warning: …" at the line's start).
    static func fenced(_ message: String) -> String {
        VisibleText.escaped(message).replacingOccurrences(of: "\t", with: "\\t")
            .split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { index, line in index == 0 || line.isEmpty || line.first!.isWhitespace ? line : "  " + line }
            .joined(separator: "\n")
    }

    func info(_ message: String) { write(lineStart + VisibleText.escaped(rewrite(message)) + "\n") }

    /// What every message begins with: where a progress line may be drawn, the sequence that
    /// clears it, so that a warning, error or note never runs on from a status line drawn in
    /// place (`[3/40] Wädenswil 2026-09-22warning: …`); nothing where none is.
    private var lineStart: String { showProgress ? "\r\u{1B}[K" : "" }

    /// A one-line status, redrawn in place, cut to the terminal's width (a longer line would
    /// wrap and leave its first part behind on every redraw).
    func progress(_ message: String) {
        guard showProgress else { return }
        let width = max(20, Self.columns() - 1)
        let visible = VisibleText.escaped(message)
        let line = visible.count <= width ? visible : String(visible.prefix(width - 1)) + "…"
        write("\r\u{1B}[K" + line)
    }

    /// The terminal's width in columns: the window size of stderr, else $COLUMNS, else 80.
    static func columns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        return 80
    }

    /// Clears the progress line, before what goes to stdout (a message clears it itself).
    func endProgress() {
        guard showProgress else { return }
        write(lineStart)
    }

    /// What a page source reports, as progress and warnings.
    func show(_ event: FetchEvent) {
        switch event {
        case .fetching(let url): progress("fetching \(url)")
        case .retrying(let url, let attempt, let after, let reason):
            warn("\(url): \(reason); attempt \(attempt) in \(String(format: "%.1f", after)) s")
        }
    }

    private func write(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
