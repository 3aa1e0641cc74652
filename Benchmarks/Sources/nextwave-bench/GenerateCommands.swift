import ArgumentParser
import CivilTime
import Foundation
@_spi(Benchmarks) import ScheduleArchive
import Synthetic
@_spi(Benchmarks) import WakeModels
import _TestSupport

/// The app's stations: the first `count` of Data/stations.json.
func syntheticStations(data: String, count: Int) throws -> [Station] {
    let catalogue = try StationCatalogue.load(from: URL(fileURLWithPath: data).appendingPathComponent("stations.json"))
    guard catalogue.stations.count >= count else {
        throw ValidationError("stations.json has only \(catalogue.stations.count) usable stations")
    }
    return Array(catalogue.stations.prefix(count))
}

struct GenerateArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-archive", abstract: "Write a synthetic archive: stations × days of stationboards.")

    @Option var out: String
    @Option var stations = 240
    @Option var days = 365
    @Option var first = "2026-01-01"
    @Option var data = "../Data"

    func run() throws {
        let archive = SyntheticArchive(
            stations: try syntheticStations(data: data, count: stations), first: LocalDate(iso: first)!, days: days)
        let start = Date()
        let summary = try archive.write(to: URL(fileURLWithPath: out, isDirectory: true)) { day in
            if day % 30 == 0 { FileHandle.standardError.write(Data("generated \(day) days\n".utf8)) }
        }
        emit([
            "files": summary.files, "departures": summary.departures, "bytes": summary.bytes,
            "seconds": Date().timeIntervalSince(start),
        ])
    }
}

struct GenerateGTFSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-gtfs", abstract: "Write a synthetic GTFS feed (folder and zip) of Switzerland's size.")

    @Option var folder: String
    @Option var zip: String
    @Option var lines = 30_000_000
    @Option var stations = 240
    @Option var year = 2026
    @Option(help: "Quarter years the feed spans from 1 January (4: a year; 8: two).")
    var quarters = 4
    @Option var data = "../Data"
    @Option(help: "Also write ship assignment files for every n-th day of the span into this archive folder.")
    var deployments: String?
    @Option var deploymentEvery = 7

    func run() throws {
        if let deployments {
            let feed = SyntheticGTFS(
                stations: try syntheticStations(data: data, count: stations), year: year, stopTimeLines: lines,
                quarters: quarters)
            let first = feed.span.lowerBound
            let spanDays = first.days(to: feed.span.upperBound) + 1
            let days = stride(from: 0, to: spanDays, by: deploymentEvery).map { first.adding(days: $0) }
            let folder = URL(fileURLWithPath: deployments).appendingPathComponent("deployments")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (date, data) in try feed.deployments(days: days) {
                try data.write(to: folder.appendingPathComponent("\(date).json"))
            }
            emit(["deploymentDays": days.count])
            return
        }
        let feed = SyntheticGTFS(
            stations: try syntheticStations(data: data, count: stations), year: year, stopTimeLines: lines,
            quarters: quarters)
        let start = Date()
        let summary = try feed.write(
            folder: URL(fileURLWithPath: folder, isDirectory: true), zip: URL(fileURLWithPath: zip)
        ) { try? FileHandle.standardError.write(contentsOf: Data(($0 + "\n").utf8)) }
        emit([
            "stopTimeLines": summary.stopTimeLines, "shipTrips": summary.shipTrips, "otherTrips": summary.otherTrips,
            "tableBytes": summary.tableBytes, "zipBytes": summary.zipBytes, "seconds": Date().timeIntervalSince(start),
        ])
    }
}

/// An observations CSV of any size for `nextwave calibrate`: the synthetic hulls at spread
/// speeds, depths and distances, heights from a known power law with log-normal noise.
struct GenerateObservationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-observations", abstract: "Write a synthetic observations CSV for calibrate.")

    @Option var out: String
    @Option var rows = 1_000_000

    func run() throws {
        let hulls = try SyntheticFleet.wakeHulls(count: 40)
        var rng = SplitMix64(seed: 2026)
        var text = "ship,lengthM,beamM,displacementT,speedKmh,trackDepthM,distanceM,heightM\n"
        text.reserveCapacity(rows * 64)
        let start = Date()
        for i in 0..<rows {
            let s = i % hulls.count
            let hull = hulls[s]
            let speed = (rng.uniform(10, 28) * 10).rounded() / 10
            let depth = (rng.uniform(3, 40) * 10).rounded() / 10
            let distance = (rng.uniform(15, 200)).rounded()
            let v = speed / 3.6
            let noise = 0.2 * (-2 * log(rng.uniform(1e-12, 1))).squareRoot() * cos(2 * Double.pi * rng.uniform(0, 1))
            let lnH =
                -1.2 + log(v * v / 9.81) - 0.33 * log(distance / hull.lengthM) + log(v / (9.81 * depth).squareRoot())
                + 0.5 * log(hull.displacementT / (hull.lengthM * hull.beamM)) + noise
            let height = (exp(lnH) * 1000).rounded() / 1000
            // Values as a logbook holds them: displacement to 0.1 t, the rest as measured.
            let displacement = (hull.displacementT * 10).rounded() / 10
            let (length, beam) = ((hull.lengthM * 100).rounded() / 100, (hull.beamM * 100).rounded() / 100)
            text += "S\(s),\(length),\(beam),\(displacement),\(speed),\(depth),\(distance),\(max(height, 0.001))\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: out))
        emit(["rows": rows, "bytes": text.utf8.count, "seconds": Date().timeIntervalSince(start)])
    }
}
