import ArgumentParser
import Foundation
import RatingsPipeline

@main
struct NextWave: AsyncParsableCommand {
    /// The toolkit's version (`nextwave --version`).
    static let version = "0.6.0"

    static let configuration = CommandConfiguration(
        commandName: "nextwave",
        abstract: "Ferry wake ratings and wake sessions for Swiss lakes (the Next Wave app's science).",
        discussion: """
            Ratings come from the lake operator's vessel pages (a bundled snapshot by
            default, or the live site) and the curated fleet file. Sessions come from a
            schedule archive (a bundled one holds ten days of Lake Zurich) scored with a
            rating table. Results go to files and stdout; progress and warnings to stderr.

            Examples:
              nextwave ratings
              nextwave wake --ship "MS Panta Rhei" --distances 20:200:20
              nextwave sessions
              nextwave plan --station wadenswil --days 3
              nextwave sun --lat 47.3657 --lon 8.5410 --date 2026-06-21
            """,
        version: version,
        groupedSubcommands: [
            CommandGroup(
                name: "Ship rating",
                subcommands: [
                    RatingsCommand.self, FleetCommand.self, WakeCommand.self, GridCommand.self, CalibrateCommand.self,
                ]),
            CommandGroup(
                name: "Rider",
                subcommands: [
                    PlanCommand.self, TodayCommand.self, SessionsCommand.self, StationsCommand.self, SunCommand.self,
                ]),
            CommandGroup(
                name: "Schedule and feed", subcommands: [ArchiveCommand.self, FeedCommand.self, SiteCommand.self]),
        ])

    /// ArgumentParser's own entry, except that its messages about the command line show the
    /// arguments' control characters escaped: a value pasted from a hostile page cannot rewrite
    /// the terminal through "The value '…' is invalid".
    static func main() async {
        HelpWidth.ensureReadable()
        let arguments = NegativeValues.joined(Array(CommandLine.arguments.dropFirst()), root: Self.self)
        if let message = CommandSuggestion.command(for: arguments, root: Self.self) {
            Terminal(noProgress: true).error(message)
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            // A mistyped option first: ArgumentParser reports a missing or refused one before it.
            if code.rawValue == ExitStatus.usage.rawValue,
                let message = CommandSuggestion.option(for: arguments, root: Self.self)
            {
                Terminal(noProgress: true).error(message)
                Foundation.exit(ExitStatus.usage.rawValue)
            }
            // A command's own failure has been reported already (ExitCode carries no message).
            // ArgumentParser's "Error: …" line is said as every other error is ("error: …").
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") {
                let line = message.dropFirst("Error: ".count).prefix { $0 != "\n" }
                Terminal(noProgress: true).error(String(line))
                message = String(message.dropFirst("Error: ".count + line.count).drop { $0 == "\n" })
            }
            message = VisibleText.escaped(message)
            if !message.isEmpty {
                FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
