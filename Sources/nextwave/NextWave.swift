import ArgumentParser

@main
struct NextWave: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nextwave",
        abstract: "The science behind the Next Wave app: ferry wake ratings and wake sessions for Swiss lakes.",
        discussion: """
            Ratings come from the lake operator's vessel pages (a bundled snapshot by default, or \
            the live site) and the curated fleet file in Data/. Sessions come from a schedule \
            archive (a bundled one holds ten days of Lake Zurich) scored with a rating table. \
            Results go to files and stdout, progress and warnings to stderr.
            """,
        subcommands: [
            RatingsCommand.self, GridCommand.self, SessionsCommand.self, ArchiveCommand.self, SunCommand.self,
        ])
}
