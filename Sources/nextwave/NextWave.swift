import ArgumentParser

@main
struct NextWave: AsyncParsableCommand {
    /// The toolkit's version (`nextwave --version`).
    static let version = "0.5.0"

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
              nextwave sun --lat 47.3657 --lon 8.5410 --date 2026-06-21
            """,
        version: version,
        subcommands: [
            RatingsCommand.self, FleetCommand.self, GridCommand.self, WakeCommand.self, CalibrateCommand.self,
            SessionsCommand.self, PlanCommand.self, TodayCommand.self, FeedCommand.self, StationsCommand.self,
            ArchiveCommand.self,
            SunCommand.self,
        ])
}
