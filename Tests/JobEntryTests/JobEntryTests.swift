import CivilTime
import Foundation
import RatingsPipeline
import SessionsPipeline
import ShipRatings
import Testing
import WakeModels

/// The public job entries (issue 52, item 1): every job a library caller can build, run through
/// `run()` with inputs made from random bytes (numbers from a pool of edges and from any bit
/// pattern, counts from Int's edges, dates from a day count at Int's edges or any day of years
/// 1–9999, station and lake names). A refusal or a failure is a correct answer; a trap ends the test process, which fails the suite. Files are the
/// repository's bundled data (read only) and a scratch copy of its archive; outputs go to a
/// scratch folder. A test, not a libFuzzer target: the fuzz binary stays offline by the
/// architecture's rule 8, and the pipelines link the HTTP stack.
@Suite struct JobEntryTests {
    /// Inputs per job and run; each run draws new ones. Each input is saved before it runs
    /// (``JobEntries/lastInput(job:)``), so the one a trap ended on is there to replay.
    static let inputsPerJob = 40

    @Test(arguments: 0..<JobEntries.jobCount)
    func randomInputsEndInAnAnswerNotATrap(job: Int) async {
        var rng = SystemRandomNumberGenerator()
        var done = 0
        for _ in 0..<Self.inputsPerJob {
            let bytes = [UInt8(job)] + (0..<96).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if await JobEntries.run(Data(bytes)) { done += 1 }
        }
        // Not every input is refused: the jobs' work is reached too (the harness's files are
        // right): a quarter of the inputs are plain, and most plain ones are valid.
        #expect(done > 0, "no input of job \(job) got past its validation")
    }

    /// The reader's edges are reached: NaN, an infinity, Int's extremes and a date far out.
    @Test func theReaderReachesItsEdges() {
        var sawNaN = false
        var sawInfinity = false
        var sawExtremeInt = false
        var sawFarDate = false
        for seed in 0..<2_000 {
            var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
            let bytes = (0..<64).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            var r = FuzzReader(Data(bytes))
            for _ in 0..<8 {
                let x = r.double()
                sawNaN = sawNaN || x.isNaN
                sawInfinity = sawInfinity || x.isInfinite
                let n = r.int()
                sawExtremeInt = sawExtremeInt || n == .max || n == .min
                if let days = r.date()?.daysSinceEpoch, days > 10_000_000 || days < -10_000_000 { sawFarDate = true }
            }
        }
        #expect(sawNaN && sawInfinity && sawExtremeInt && sawFarDate)
    }
}

/// Reads job inputs from fuzz bytes; past the end every read gives its smallest answer.
struct FuzzReader {
    private let bytes: [UInt8]
    private var at = 0
    /// A plain input: every choice below takes its typical branch (so that a good share of the
    /// inputs reach the jobs' work, not only their refusals).
    var plain = false

    init(_ data: Data) { bytes = Array(data) }

    mutating func byte() -> UInt8 {
        guard at < bytes.count else { return 0 }
        defer { at += 1 }
        return bytes[at]
    }

    mutating func word() -> UInt64 { (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) } }

    /// A number: one of the edges (NaN, infinities, zeros, extremes, the operating ranges' ends),
    /// any bit pattern, or a plain value in 0…60.
    mutating func double() -> Double {
        let edges: [Double] = [
            .nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, 1e-300, 1e300, -1, 0.5, 1, 2, 3, 10, 18, 30, 45, 60, 100, 1e6,
        ]
        switch byte() % 4 {
        case 0: return edges[Int(byte()) % edges.count]
        case 1: return Double(bitPattern: word())
        default: return Double(byte()) / 4
        }
    }

    /// Up to `maximum` numbers: half the time 1…`maximum` plain ones in `typical`, else any.
    mutating func doubles(maximum: Int, typical: ClosedRange<Double>) -> [Double] {
        if plain || byte() % 2 == 0 {
            return (0...(Int(byte()) % maximum)).map { _ in
                typical.lowerBound + (typical.upperBound - typical.lowerBound) * Double(byte()) / 255
            }
        }
        return (0..<(Int(byte()) % (maximum + 1))).map { _ in double() }
    }

    /// Half the time a count in `typical`, else ``int()``.
    mutating func count(_ typical: ClosedRange<Int>) -> Int {
        plain || byte() % 2 == 0 ? typical.lowerBound + Int(byte()) % typical.count : int()
    }

    /// A count: small, or one of Int's edges.
    mutating func int() -> Int {
        let edges = [Int.min, Int.min + 1, -1, 0, 1, 2, 7, 100, 400, 10_000, 1 << 40, Int.max - 1, Int.max]
        return byte() % 3 == 0 ? edges[Int(byte()) % edges.count] : Int(byte()) - 8
    }

    /// A day near the bundled archive's, nil, any day of the calendar's years 1…9999, or a day
    /// count from Int's edges (a library caller can make one).
    mutating func date() -> LocalDate? {
        switch plain ? 4 : byte() % 5 {
        case 0: return nil
        case 1: return LocalDate(daysSinceEpoch: int())
        case 2: return LocalDate(year: 1 + Int(word() % 9999), month: 1 + Int(byte() % 12), day: 1 + Int(byte() % 28))
        default: return LocalDate(year: 2026, month: 9, day: 20 + Int(byte() % 11))  // the archive: 22 Sep – 1 Oct
        }
    }

    /// A station or lake name: a real one, an empty one, or bytes.
    mutating func name() -> String {
        let names = ["Wädenswil", "Zürichsee", "Zurich", "", " ", "Bürkliplatz (See)", "ZSG", "\u{0}", "Lac Léman"]
        return byte() % 2 == 0
            ? names[Int(byte()) % names.count]
            : String(decoding: (0..<Int(byte() % 12)).map { _ in byte() }, as: UTF8.self)
    }
}

/// The nine public jobs, one per input (its first byte chooses).
enum JobEntries {
    static let jobCount = 9

    /// The repository (this file is Tests/JobEntryTests/JobEntryTests.swift in it).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var data: URL { root.appendingPathComponent("Data", isDirectory: true) }

    /// The scratch folder, made afresh by each test process (one folder, so runs leave at most
    /// one behind: the last input is worth keeping), with a copy of the bundled archive
    /// (opening an archive may refresh its store).
    static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nextwave-job-entries-\(getuid())", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.copyItem(
            at: data.appendingPathComponent("archive/zsg-2026-09"), to: folder.appendingPathComponent("archive"))
        return folder
    }()

    static var fleet: FleetSource {
        FleetSource(
            pages: .snapshot(
                directory: data.appendingPathComponent("snapshots/zsg-2025-01-14"), name: "zsg-2025-01-14"),
            fleet: data.appendingPathComponent("fleet.json"), fleetReference: "Data/fleet.json")
    }

    static var schedule: ScheduleSource {
        ScheduleSource(
            archive: scratch.appendingPathComponent("archive"), archiveName: "zsg-2026-09",
            stations: data.appendingPathComponent("stations.json"),
            periods: data.appendingPathComponent("schedule_periods.json"),
            ratings: data.appendingPathComponent("ratings/zsg.json"), ratingsName: "Data/ratings/zsg.json")
    }

    static func out(_ name: String) -> URL { scratch.appendingPathComponent(name, isDirectory: true) }

    /// Where each input is saved before it runs, per job (the jobs' tests run side by side).
    static func lastInput(job: Int) -> URL { scratch.appendingPathComponent("last-input-\(job).bin") }

    /// Runs the job the input chooses; true when it returned (false: it refused or failed).
    @discardableResult
    static func run(_ data: Data) async -> Bool {
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
                appRatings: Self.data.appendingPathComponent("app-ratings.json"))
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
                    archive: scratch.appendingPathComponent("archive"), archiveName: "zsg-2026-09",
                    stations: Self.data.appendingPathComponent("stations.json"), from: r.date(), to: r.date(), out: nil)
            )
            return (try? await job.run()) != nil
        case 6:
            let table = FeedJob.OperatorTable(
                code: "ZSG", id: "zsg", url: Self.data.appendingPathComponent("ratings/zsg.json"))
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
                    table: Self.data.appendingPathComponent("ratings/zsg.json"), tableName: r.name(),
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
