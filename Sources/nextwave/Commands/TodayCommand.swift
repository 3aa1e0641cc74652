import ArgumentParser
import CivilTime
import SessionCore
import SessionsPipeline

/// `nextwave today`: every departure of one day at one station, in order.
struct TodayCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Every departure of a day at a station: ship, rating, daylight, windows.",
        usage: "nextwave today --station <STATION> [--date <DATE>] [--json] [<options>]",
        discussion: """
            Each departure in order with its ship (known or predicted), rating, the
            daylight phase (day, twilight, night) and the session windows it belongs to
            (1 = the day's best). Default day: today when the archive holds it; else the
            archive's first day, and stderr says how to fetch the coming ones. Ratings,
            predicted ships and sun times as in `plan`; --lang picks the language.

            Examples:
              nextwave today --station wadenswil
              nextwave today --station Stäfa --date 2026-09-23
              nextwave today --station Stäfa --date 2026-09-23 --lang fr
            """)

    @OptionGroup var source: ArchiveOptions

    @Option(help: ArgumentHelp("The station, by name or UIC id.", valueName: "STATION"))
    var station: String

    @Option(
        help: ArgumentHelp(
            "The day, YYYY-MM-DD, today or tomorrow (default: today, when the archive holds it).", valueName: "DATE"),
        transform: DateArgument.parse)
    var date: LocalDate?

    @OptionGroup var scoring: ScoringOptions

    @OptionGroup var predict: PredictOption

    @Flag(help: "Print JSON (the plan of that day).")
    var json = false

    @OptionGroup var language: LanguageOption

    func execute(_ terminal: Terminal) async throws {
        let result = try await PlanCommand.plan(
            source: source, stations: try StationOptions.parse(["--station=\(station)"]), scoring: scoring,
            predict: predict.isOn, from: date, days: 1, terminal: terminal)
        if json {
            print(try PlanJSON.render(result, words: language.words), terminator: "")
            return
        }
        print(TodayText.render(result, words: language.words))
    }
}
