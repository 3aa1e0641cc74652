@_spi(Benchmarks) import FleetScraper
import Foundation
import ShipRatingTable
@_spi(Benchmarks) import ShipRatings

/// Stage 1 of a ratings run: the new table from the curated fleet and the pages, and the snapshot
/// of what was fetched.
extension RatingsJob {
    /// Saves what the run fetched as the snapshot it was asked for; nil when none was.
    func saveSnapshot(_ scrape: FleetScrape, onEvent: @Sendable (Event) -> Void) async throws -> (
        directory: URL, isNew: Bool
    )? {
        guard let pending = scrape.pendingSnapshot else { return nil }
        let existed = FileManager.default.fileExists(atPath: pending.directory.path)
        let count = try await pending.save()
        onEvent(.pages(.saved(pages: count, directory: pending.directory)))
        return (pending.directory, !existed)
    }

    /// Stage 1 (reads, writes nothing): the new table from the curated fleet and the pages.
    struct Built {
        var run: RatingRun
        var app: RatingTable?
        var scrape: FleetScrape
        var sourceDescription: String
    }

    func build(onEvent: @escaping @Sendable (Event) -> Void) async throws -> Built {
        let fleet = try CuratedFleet.load(from: input.source.fleet)
        var app: RatingTable?
        do { app = try RatingTable.load(from: input.appRatings) } catch {
            onEvent(.warning("\(error); the report skips the comparison with the app's ratings"))
        }
        let courses = try input.courseSpeeds.map(CourseSpeedTable.load(from:))
        let (scrape, sourceDescription) = try await input.source.pages.on(input.clock).scrape { onEvent(.pages($0)) }
        var builder = RatingTableBuilder(fleet: fleet, fleetReference: input.source.fleetReference, point: input.point)
        builder.courseSpeeds = courses
        builder.courseSpeedsReference = input.courseSpeedsReference
        builder.model = input.model
        builder.wakeReference = input.wakeReference
        builder.heightThresholds = input.heightThresholds
        builder.wording = input.wording
        builder.appRatings = app
        let run = try builder.build(from: scrape.pages, generatedAt: input.clock.date)
        for warning in scrape.allWarnings + run.warnings { onEvent(.warning(warning)) }
        return Built(run: run, app: app, scrape: scrape, sourceDescription: sourceDescription)
    }
}
