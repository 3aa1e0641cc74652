/// Text laid out in lines of at most a width without breaking a piece (a word, a ship's name).
package enum TextWrap {
    /// `pieces` joined by single spaces, in lines of at most `width` characters; the first line
    /// starts with `indent`, the others with `continuation`. A piece longer than the width stands
    /// on a line of its own, whole.
    package static func lines(_ pieces: [String], width: Int, indent: String = "", continuation: String = "")
        -> [String]
    {
        var lines: [String] = []
        var line = indent
        var filled = false
        for piece in pieces {
            if filled && line.count + 1 + piece.count > width {
                lines.append(line)
                (line, filled) = (continuation, false)
            }
            line += (filled ? " " : "") + piece
            filled = true
        }
        if filled { lines.append(line) }
        return lines
    }
}
