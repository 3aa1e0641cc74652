import ArgumentParser
import SessionsPipeline

/// `--lang de|fr|it|en`: the rider's language (default: the locale's, `LC_ALL`/`LC_MESSAGES`/`LANG`).
struct LanguageOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The rider's language: de, fr, it or en (default: from LC_ALL, LC_MESSAGES or LANG).", valueName: "LANG"))
    var lang: RiderLanguage?

    var words: RiderWords { RiderWords(lang ?? RiderLanguage.fromEnvironment()) }
}

extension RiderLanguage: ExpressibleByArgument {}

/// `--alarm MINUTES|none`: minutes before a calendar event its alarm fires.
struct AlarmArgument: ExpressibleByArgument, Sendable, Equatable {
    var minutes: Int?

    init(minutes: Int?) { self.minutes = minutes }

    init?(argument: String) {
        if argument.lowercased() == "none" {
            minutes = nil
        } else if let n = Int(argument), (0...1440).contains(n) {
            minutes = n
        } else {
            return nil
        }
    }

    var defaultValueDescription: String { minutes.map(String.init) ?? "none" }
}
