import ArgumentParser
import CivilTime
import Foundation
import ScheduleArchive
import Synthetic

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
    @Option var data = "../Data"

    func run() throws {
        let feed = SyntheticGTFS(
            stations: try syntheticStations(data: data, count: stations), year: year, stopTimeLines: lines)
        let start = Date()
        let summary = try feed.write(
            folder: URL(fileURLWithPath: folder, isDirectory: true), zip: URL(fileURLWithPath: zip)
        ) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        emit([
            "stopTimeLines": summary.stopTimeLines, "shipTrips": summary.shipTrips, "otherTrips": summary.otherTrips,
            "tableBytes": summary.tableBytes, "zipBytes": summary.zipBytes, "seconds": Date().timeIntervalSince(start),
        ])
    }
}
