import CivilTime
package import Foundation
import RatingsPipeline
import SessionsPipeline
import WakeModels
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The nine public jobs, one per input (its first byte chooses).
package enum JobEntries {
    package static let jobCount = 9

    /// The repository's data folder.
    static var data: DataLayout { RepositoryPaths.layout }

    /// The scratch folder, made afresh by each process (one folder, so runs leave at most one
    /// behind: the last input is worth keeping), with a copy of the bundled archive's record
    /// (opening an archive may refresh its store).
    static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nextwave-job-entries-\(getpid())", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? ScheduleArchive.copyRecord(from: data.archive(), to: folder.appendingPathComponent("archive"))
        return folder
    }()

    static var fleet: FleetSource {
        FleetSource(
            pages: .snapshot(directory: data.snapshot(), name: DataLayout.Name.bundledSnapshot), fleet: data.fleet,
            fleetReference: data.reference(for: data.fleet))
    }

    static var schedule: ScheduleSource {
        ScheduleSource(
            archive: scratch.appendingPathComponent("archive"), archiveName: DataLayout.Name.bundledArchive,
            layout: data, ratings: data.currentTable(operatorID: "zsg"), ratingsName: "zsg")
    }

    static func out(_ name: String) -> URL { scratch.appendingPathComponent(name, isDirectory: true) }

    /// Where each input is saved before it runs, per job (the jobs' tests run side by side).
    package static func lastInput(job: Int) -> URL { scratch.appendingPathComponent("last-input-\(job).bin") }

    /// Runs the job the input chooses; true when it returned (false: it refused or failed).
    @discardableResult
    package static func run(_ data: Data) async -> Bool {
        var r = FuzzReader(data)
        let job = Int(r.byte()) % jobCount
        r.plain = r.byte() % 4 == 0
        try? data.write(to: lastInput(job: job))
        switch job {
        case 0:
            let job = wake(&r)
            return (try? await job.run()) != nil
        case 1:
            let job = GridJob(
                .init(
                    source: fleet, speedsKmh: r.doubles(maximum: 6, typical: 8...30),
                    trackDepthsM: r.doubles(maximum: 6, typical: 3...50),
                    output: .stream { _ in }))
            return (try? await job.run()) != nil
        case 2:
            var input = RatingsJob.Input(
                source: fleet,
                point: !r.plain && r.byte() % 2 == 0
                    ? OperatingPoint(speedKmh: r.double(), trackDepthM: r.double())
                    : OperatingPoint(speedKmh: 10 + Double(r.byte() % 20), trackDepthM: 5 + Double(r.byte() % 40)),
                out: out("ratings"), outName: "ratings",
                appRatings: Self.data.appRatings)
            input.dryRun = true
            let job = RatingsJob(input)
            return (try? await job.run()) != nil
        case 3:
            let job = PlanJob(
                .init(source: schedule, from: r.date(), days: r.count(1...14), selection: selection(&r)))
            return (try? await job.run()) != nil
        case 4:
            let job = SessionsJob(
                .init(
                    source: schedule, from: r.date(), to: r.date(), selection: selection(&r), top: r.count(1...100),
                    out: out("sessions")))
            return (try? await job.run()) != nil
        case 5:
            let job = CourseSpeedsJob(
                .init(
                    archive: scratch.appendingPathComponent("archive"), archiveName: DataLayout.Name.bundledArchive,
                    stations: Self.data.stations, from: r.date(), to: r.date(), out: nil)
            )
            return (try? await job.run()) != nil
        case 6:
            let table = FeedJob.OperatorTable(
                code: "ZSG", id: "zsg", url: Self.data.currentTable(operatorID: "zsg"))
            let from = r.date() ?? LocalDate(year: 2026, month: 9, day: 22)!
            let job = FeedJob(
                .init(
                    source: schedule, tables: [table], from: from,
                    days: r.count(1...31),
                    lakes: [r.plain || r.byte() % 2 == 0 ? "Zürichsee" : r.name()],
                    out: out("feed")))
            return (try? await job.run()) != nil
        case 7:
            // Observations: rows of plain values, with an edge (any number, as printed) here and there.
            let file = scratch.appendingPathComponent("observations.csv")
            let typical: [ClosedRange<Double>] = [20...70, 5...12, 50...500, 8...30, 3...50, 20...300, 0.05...0.5]
            let rows = (0..<(4 + Int(r.byte() % 40))).map { _ in
                typical.map { range in
                    r.byte() % 16 == 0
                        ? "\(r.double())"
                        : "\(range.lowerBound + (range.upperBound - range.lowerBound) * Double(r.byte()) / 255)"
                }.joined(separator: ",")
            }
            let csv = (["lengthM,beamM,displacementT,speedKmh,trackDepthM,distanceM,heightM"] + rows).joined(
                separator: "\n")
            guard (try? Data(csv.utf8).write(to: file)) != nil else { return false }
            let job = CalibrationJob(.init(observations: file, out: nil))
            return (try? await job.run()) != nil
        default:
            let job = PublishJob(
                .init(
                    table: Self.data.currentTable(operatorID: "zsg"), tableName: r.name(),
                    destination: out("publish"), schema: nil))
            return (try? await job.run()) != nil
        }
    }

    static func wake(_ r: inout FuzzReader) -> WakeJob {
        let ships: WakeJob.Ships
        if !r.plain, r.byte() % 2 == 0,
            let hull = try? WakeHull(
                lengthM: r.double(), beamM: r.double(), displacementT: r.double(),
                draftM: r.byte() % 2 == 0 ? nil : r.double(), blockCoefficient: r.byte() % 2 == 0 ? nil : r.double())
        {
            ships = .explicit(name: "fuzz", hull: hull)
        } else {
            ships = .fleet(names: [r.plain || r.byte() % 2 == 0 ? "Panta Rhei" : r.name()], source: fleet)
        }
        return WakeJob(
            .init(
                ships: ships, speedsKmh: r.doubles(maximum: 4, typical: 8...30),
                trackDepthsM: r.doubles(maximum: 4, typical: 3...50),
                riderDepthsM: r.doubles(maximum: 3, typical: 1...5),
                distancesM: r.doubles(maximum: 4, typical: 20...300)))
    }

    static func selection(_ r: inout FuzzReader) -> SessionsJob.StationSelection {
        switch r.plain ? 0 : r.byte() % 3 {
        case 0: .all
        case 1: .stations((0..<Int(r.byte() % 4)).map { _ in r.byte() % 2 == 0 ? 8_503_651 : r.int() })
        default: .lake(r.name())
        }
    }
}
