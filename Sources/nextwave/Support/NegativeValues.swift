import ArgumentParser

/// Negative numbers as option values. ArgumentParser takes every word that begins with "-" for
/// an option (apple/swift-argument-parser#31), so `nextwave sun --lat -33.87` said "Missing
/// value for '--lat'", and `plan --days -1` the same instead of the accepted range; only
/// `--lat=-33.87` worked.
enum NegativeValues {
    /// `arguments` with each negative number that follows an option taking a value joined to it
    /// (`--lat -33.87` → `--lat=-33.87`), the form ArgumentParser reads as the value. No option
    /// of this tool is named by a digit, so such a word can be nothing but a value; one after a
    /// flag, or after `--`, is left as it is.
    static func joined(_ arguments: [String], root: ParsableCommand.Type) -> [String] {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard arguments[..<end].contains(where: isNegativeNumber) else { return arguments }
        // The command's options and its parents' (ArgumentParser reads those after its name too).
        let commands = CommandSuggestion.descend(arguments, root: root).commands
        let valued = CommandSuggestion.withOptions(commands).reduce(into: Set<String>()) {
            $0.formUnion(CommandSuggestion.longOptions(of: $1, valued: true))
        }
        var joined: [String] = []
        for (index, word) in arguments.enumerated() {
            // `valued` holds bare `--name`s only: a word already joined (`--lat=-1`) takes no more.
            if index < end, isNegativeNumber(word), let option = joined.last, valued.contains(option) {
                joined[joined.count - 1] = option + "=" + word
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    /// "-" then a digit, or a point and a digit: `-1`, `-33.87`, `-.5`, `-1e3`.
    static func isNegativeNumber(_ word: String) -> Bool {
        let rest = word.utf8.dropFirst()
        guard word.utf8.first == UInt8(ascii: "-"), let first = rest.first else { return false }
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        return digits.contains(first)
            || (first == UInt8(ascii: ".") && rest.dropFirst().first.map(digits.contains) == true)
    }
}
