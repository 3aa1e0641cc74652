import ArgumentParser

@main
struct NextWave: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nextwave",
        abstract: "The science behind the Next Wave app: ferry wake ratings for Swiss lakes.",
        discussion: """
            Ratings come from the lake operator's vessel pages (a bundled snapshot by default, or \
            the live site) and the curated fleet file in Data/. Results go to stdout, progress and \
            warnings to stderr.
            """,
        subcommands: [
            RatingsCommand.self, GridCommand.self, SessionsCommand.self, ArchiveCommand.self, SunCommand.self,
        ])
}
