import ArgumentParser
import Foundation
import RatingsPipeline
import SessionsPipeline

/// `--archive DIR` for commands that read an archive (default: the bundled one).
struct ArchiveOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Archive directory (default: the bundled September 2026 one).", valueName: "DIR"))
    var archive: String?

    @OptionGroup var data: DataOptions

    func validate() throws { try checkPaths([("--archive", archive)]) }

    /// The archive directory and its name for reports.
    func location() throws -> (url: URL, name: String) {
        if let archive { return (URL(fileURLWithPath: archive, isDirectory: true), archive) }
        let layout = try data.layout
        return (layout.archive(), layout.reference(for: layout.archive()))
    }

    /// What a sessions, plan or feed job reads: this archive, the data folder's station list
    /// (already read: `catalogue`) and periods, and the rating tables given.
    func scheduleSource(
        catalogue: StationCatalogue, ratings: URL, ratingsName: String, moreRatings: [URL]
    ) throws -> ScheduleSource {
        let archive = try location()
        var source = ScheduleSource(
            archive: archive.url, archiveName: archive.name, layout: try data.layout, ratings: ratings,
            ratingsName: ratingsName)
        source.catalogue = catalogue
        source.moreRatings = moreRatings
        return source
    }

    /// The same, with the rating tables `sessions`, `plan` and `today` score with: `ratings`
    /// (the path given), else the defaults for the lakes of `stations` (nil: all stations) by
    /// ``DefaultRatingTables``.
    func scheduleSource(
        catalogue: StationCatalogue, stations: [Station]?, ratings: String?, categories: WaveCategories = .ships
    ) throws -> (source: ScheduleSource, tables: DefaultRatingTables.Choice) {
        let operators = try OperatorCatalogue.inDataFolder(data)
        let tables = try DefaultRatingTables.choose(
            given: try ratings.map(TableFile.path(named:)), stations: stations, catalogue: catalogue,
            data: try data.layout, operators: operators, visible: DefaultRatingTables.Candidate.reviewed(by: operators))
        var source = try scheduleSource(
            catalogue: catalogue, ratings: tables.main.url, ratingsName: tables.main.name,
            moreRatings: tables.more.map(\.url))
        source.categories = categories
        return (source, tables)
    }
}
