import Foundation
import RatingsPipeline
import SessionsPipeline

// Usage: pipeline-client [DATA]   (DATA: a data folder; default: found as the command line finds
//                                  it: $NEXTWAVE_DATA, else Data/ of the checkout you are in, …)
//
// 1. Rates the bundled fleet (the operator's pages as snapshotted, the curated fleet file) with
//    the legacy model, as a dry run: the table is computed and checked, nothing is written.
// 2. Plans three days at Wädenswil on a copy of the bundled archive of assigned courses.

let data: DataLayout
do {
    // Which data folder, and what it holds where: the library's one rule and layout, as the
    // command line uses them. A folder another user owns is used only when named.
    let folder = try DataFolder.locate(explicit: CommandLine.arguments.dropFirst().first)
    if case .foundAndForeign = folder.ownership {
        FileHandle.standardError.write(Data("pipeline-client: \(folder.url.path) belongs to another user\n".utf8))
        exit(1)
    }
    data = folder.layout
} catch {
    FileHandle.standardError.write(Data("pipeline-client: \(error)\n".utf8))
    exit(1)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-client-\(getpid())")
defer { try? FileManager.default.removeItem(at: scratch) }

do {
    // Ratings: a library caller builds the job's input and runs it; `run` validates first.
    let source = FleetSource(
        pages: .snapshot(directory: data.snapshot(), name: DataLayout.Name.bundledSnapshot),
        fleet: data.fleet, fleetReference: data.reference(for: data.fleet))
    var input = RatingsJob.Input(
        source: source, out: scratch.appendingPathComponent("ratings"), outName: "ratings", appRatings: data.appRatings)
    input.dryRun = true
    let ratings = try await RatingsJob(input).run { event in
        if case .warning(let text) = event { FileHandle.standardError.write(Data("warning: \(text)\n".utf8)) }
    }
    let table = ratings.run.table
    let rated = table.ships.filter { $0.rating != nil }
    print("ratings: \(table.ships.count) ships, \(rated.count) rated (model \(table.model.name))")
    for ship in rated.prefix(3) { print("  \(ship.name): \(ship.rating!)") }

    // Every job throws one error type, JobFailure: its kind says what to do next, its words name
    // the field, file or page. A refused input is a usage error, found before anything is read.
    var wrong = input
    wrong.point = OperatingPoint(speedKmh: 0, trackDepthM: 10)
    do {
        _ = try await RatingsJob(wrong).run()
    } catch let failure as JobFailure {
        switch failure.kind {
        case .usage: print("refused: \(failure)")
        default: print("failed (\(failure.kind.rawValue)): \(failure)")
        }
    }

    // A plan on a copy of the archive's record: opening an archive may refresh its store, and
    // the copy's store is its own.
    let archive = scratch.appendingPathComponent("archive")
    try ScheduleArchive.copyRecord(from: data.archive(), to: archive)
    let zurich = data.currentTable(operatorID: "zsg")
    let schedule = ScheduleSource(
        archive: archive, archiveName: DataLayout.Name.bundledArchive, layout: data, ratings: zurich,
        ratingsName: data.reference(for: zurich))
    let catalogue = try StationCatalogue.load(from: schedule.stations)
    let wadenswil = try catalogue.resolve("Wädenswil").uic
    let plan = try await PlanJob(.init(source: schedule, from: nil, days: 3, selection: .stations([wadenswil]))).run()
    print("plan: \(plan.stationDays.count) station-days")
    for day in plan.stationDays {
        let best =
            day.distinctSessions.first.map {
                "best window: \($0.waves) waves, score \(String(format: "%.1f", $0.score))"
            }
            ?? "no session"
        print("  \(day.date): \(best)")
    }
} catch {
    FileHandle.standardError.write(Data("pipeline-client: \(error)\n".utf8))
    exit(1)
}
