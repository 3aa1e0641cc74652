import ArgumentParser
import CivilTime
import Foundation
import SessionCore
import SessionsPipeline

/// `nextwave plan`: what a rider opens — the coming days, day by day, with the best windows.
struct PlanCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "The best sessions day by day, with their waves, for a few days.",
        usage: """
            nextwave plan (--station <STATION> ... | --lake <NAME>) [--from <DATE>]
                          [--days <N>] [--windows <N>] [--json] [--ics <FILE|->]
                          [<options>]
            """,
        discussion: """
            For each day from --from for --days days, the best non-overlapping windows at
            each chosen station, scored as the app scores them, each with its waves: time,
            course, ship (known, or predicted from the courses' archived ships: "MS Panta
            Rhei? 60 %") and its stars. A lake's days open with the best window on the
            lake. A day without a session says why. Without --from the plan starts today
            when the archive holds today; else it shows the archive's days and says on
            stderr how to fetch the coming ones. Ships are rated by the lake's current
            table (the one last reviewed or published; stderr names it) unless --ratings
            names another. --ics writes the windows as a calendar to
            subscribe to (- for stdout), with an alarm before each; events keep their
            identity, and their stamp while they do not change. --lang picks the language.

            Examples:
              nextwave plan --station wadenswil --from 2026-09-22 --days 3
              nextwave plan --lake Zürichsee --from today --archive ~/nextwave-archive
              nextwave plan --station Stäfa --days 7 --ics ~/sessions.ics --ics-waves
              nextwave plan --lake "Lake Zurich" --from 2026-09-22 --days 2 --lang de
            """)

    @OptionGroup var source: ArchiveOptions

    @OptionGroup var stations: StationOptions

    @Option(
        help: ArgumentHelp(
            "First day, YYYY-MM-DD, today or tomorrow (default: today, when the archive holds it; else its first).",
            valueName: "DATE"),
        transform: DateArgument.parse)
    var from: LocalDate?

    @Option(help: ArgumentHelp("How many days (1…31).", valueName: "N"))
    var days = 7

    @OptionGroup var scoring: ScoringOptions

    @OptionGroup var predict: PredictOption

    @Option(help: ArgumentHelp("Windows shown per station and day, best first (1…5).", valueName: "N"))
    var windows = 2

    @Flag(help: "Print the plan as JSON (every window).")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Also write the windows as an iCalendar file (RFC 5545); - writes it to stdout instead of the plan.",
            valueName: "FILE|-"))
    var ics: String?

    @Flag(name: .customLong("ics-waves"), help: "In the calendar, also one event per wave, with its own alarm.")
    var icsWaves = false

    @Option(help: ArgumentHelp("Calendar alarms: minutes before each event (0…1440), or none.", valueName: "MINUTES"))
    var alarm = AlarmArgument(minutes: 10)

    @OptionGroup var language: LanguageOption

    func validate() throws {
        try checkPaths([("--ics", ics == "-" ? nil : ics)])
        if (icsWaves || alarm.minutes != 10) && ics == nil {
            throw ValidationError("--ics-waves and --alarm shape the calendar: give --ics FILE (or - for stdout)")
        }
        if stations.isEmpty { throw ValidationError("choose --station NAME (repeatable) or --lake NAME") }
        guard (1...SessionRules.defaultTop).contains(windows) else {
            throw ValidationError("--windows must lie in 1…\(SessionRules.defaultTop), got \(windows)")
        }
    }

    static let inputFlags = ["days": "--days"]

    func execute(_ terminal: Terminal) async throws {
        let plan = try await Self.plan(
            source: source, stations: stations, scoring: scoring, predict: predict.isOn, from: from, days: days,
            terminal: terminal)
        let words = language.words
        if let ics {
            let options = PlanCalendar.Options(
                windows: windows, alarmMinutes: alarm.minutes, waveEvents: icsWaves, words: words)
            let calendar = PlanCalendar.render(
                plan, replacing: ics, options: options, fixed: SourceDateEpoch.date(), now: Date())
            if ics == "-" {
                print(calendar, terminator: "")
                return
            }
            try Paths.writeText(calendar, to: ics)
            let events = plan.stationDays.reduce(0) { $0 + min(windows, $1.distinctSessions.count) }
            terminal.info("wrote \(counted(events, "session")) to \(ics)")
        }
        print(
            json ? try PlanJSON.render(plan, words: words) : PlanText.render(plan, windows: windows, words: words),
            terminator: json ? "" : "\n")
    }

    /// The plan of `days` days from `from` at the chosen stations.
    static func plan(
        source: ArchiveOptions, stations: StationOptions, scoring: ScoringOptions, predict: Bool, from: LocalDate?,
        days: Int, terminal: Terminal
    ) async throws -> RiderPlan {
        let catalogue = try source.data.stationCatalogue()
        let (chosen, selection) = try stations.selection(in: catalogue)
        let (schedule, tables) = try source.scheduleSource(
            catalogue: catalogue, stations: chosen, ratings: scoring.ratings, categories: scoring.categories.rule)
        var input = PlanJob.Input(source: schedule, from: from, days: days, selection: selection)
        input.sun = scoring.sun
        input.predict = predict
        let plan = try await PlanJob(input).run(onAccepted: { terminal.announce(tables, quiet: source.data.quietData) })
        for file in plan.skippedFiles { terminal.warn("skipped \(file)") }
        if let today = plan.todayNotInArchive {
            terminal.warn(
                "today (\(today)) is not in the archive \(try source.location().name), which holds "
                    + "\(plan.archiveRange.lowerBound) … \(plan.archiveRange.upperBound): showing those days. "
                    + Advice.fetchAdvice(lakes: plan.askedLakes))
        }
        return plan
    }
}
