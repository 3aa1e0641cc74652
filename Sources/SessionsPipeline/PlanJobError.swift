public import CivilTime
import Foundation
public import JobContract
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
import SessionCore
import ShipRatingTable

/// Why a plan cannot be made.
public enum PlanJobError: KindedError, Equatable {
    /// No departures where and when asked is one situation whichever command meets it (the run
    /// could not finish). A plan of too many days is refused by ``PlanJob/validate()``.
    public var kind: ProblemKind { .failed }

    /// The first day lies past the archive (`lakes`: those it holds; `asked`: the plan's).
    case pastArchive(from: LocalDate, archive: String, range: ClosedRange<LocalDate>, lakes: [String], asked: [String])
    /// The last day lies before the archive's first.
    case beforeArchive(to: LocalDate, archive: String, range: ClosedRange<LocalDate>, asked: [String])
    /// The chosen stations have no departure in the range.
    /// (`unreadable`: archive files of those days the index could not read, each with why.)
    case noDepartures(
        stations: [String], from: LocalDate, to: LocalDate, lakes: [String], asked: [String], unreadable: [String] = [])

    /// The lakes the plan asked for, for the advice on what to fetch.
    public var askedLakes: [String] {
        switch self {
        case .pastArchive(_, _, _, _, let asked), .beforeArchive(_, _, _, let asked),
            .noDepartures(_, _, _, _, let asked, _):
            asked
        }
    }

    /// "on 2026-09-22", or "from 2026-09-22 to 2026-09-23".
    static func days(_ from: LocalDate, _ to: LocalDate) -> String {
        from == to ? "on \(from)" : "from \(from) to \(to)"
    }

    public var description: String {
        switch self {
        case .pastArchive(let from, let archive, let range, let lakes, _):
            "\(from) lies past the archive \(archive), which holds \(range.lowerBound) … \(range.upperBound)"
                + (lakes.isEmpty ? "" : " (\(lakes.joined(separator: ", ")))")
        case .beforeArchive(let to, let archive, let range, _):
            "\(to) lies before the archive \(archive), which holds \(range.lowerBound) … \(range.upperBound)"
        case .noDepartures(let stations, let from, let to, let lakes, _, let unreadable):
            unreadable.isEmpty
                ? "no departures at \(stations.joined(separator: ", ")) \(Self.days(from, to)) in the archive; it holds "
                    + (lakes.isEmpty ? "no lake" : lakes.joined(separator: ", "))
                : "no departures at \(stations.joined(separator: ", ")) \(Self.days(from, to)) could be read: "
                    + counted(unreadable.count, "archive file") + " of those days cannot be "
                    + "read (\(unreadable.prefix(3).joined(separator: "; ")))"
        }
    }
}
