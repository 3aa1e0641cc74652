import Foundation

/// The width ArgumentParser lays help and usage out in: $COLUMNS, else the window of stdout,
/// else 80. Below about 30 columns its wrapping has no room beside the option labels (26
/// columns): a debug build traps and a release build prints the help without its text. A
/// narrower width, or a $COLUMNS of 0 or less, is raised to ``minimum`` before parsing.
enum HelpWidth {
    /// The narrowest width help is laid out in, in columns.
    static let minimum = 40

    static func ensureReadable() {
        guard let width = current(), width < minimum else { return }
        setenv("COLUMNS", "\(minimum)", 1)
    }

    /// The width ArgumentParser will use, read as it reads it; nil where it falls back to 80.
    static func current() -> Int? {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text) { return columns }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
