import ArgumentParser

/// Flags renamed so that one word names one quantity (`--track-depth(s)` where the ship sails,
/// `--rider-depth(s)` where the rider stands): the old spellings still parse, as hidden
/// options, and a warning on stderr says what they are called now.
enum OldSpelling {
    /// The value of the option now called `newFlag`: `old` when it was given under `oldFlag`
    /// (with a notice on stderr), else `current`; refuses both spellings together. Call from
    /// `validate()`.
    static func adopt<Value>(_ old: Value?, over current: Value, oldFlag: String, newFlag: String) throws -> Value {
        guard let old else { return current }
        try notice(oldFlag: oldFlag, newFlag: newFlag)
        return old
    }

    private static func notice(oldFlag: String, newFlag: String) throws {
        if spellings(of: newFlag).contains(where: given) {
            throw ValidationError("give \(newFlag) or its old spelling \(oldFlag), not both")
        }
        let used = spellings(of: oldFlag).first(where: given) ?? oldFlag
        Terminal(noProgress: true).warn("\(used) is now \(newFlag); the old spelling still works")
    }

    /// A flag in the plural and the singular (`--depths`, `--depth`).
    private static func spellings(of flag: String) -> [String] {
        flag.hasSuffix("s") ? [flag, String(flag.dropLast())] : [flag, flag + "s"]
    }

    /// Whether `flag` (or `flag=…`) is on the command line.
    static func given(_ flag: String) -> Bool {
        CommandLine.arguments.contains { $0 == flag || $0.hasPrefix(flag + "=") }
    }
}
