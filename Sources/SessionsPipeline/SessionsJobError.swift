public import CivilTime
import Foundation
public import JobContract
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
import SessionCore
import SessionReports
import ShipRatingTable

/// Why a sessions run stopped before writing anything.
public enum SessionsJobError: KindedError, Equatable {
    /// An empty archive is bad data; no departures in the range, a failed run; dates outside
    /// what is supported or in the wrong order, a usage error.
    public var kind: ProblemKind {
        switch self {
        case .emptyArchive: .badData
        case .noDepartures: .failed
        case .unsupportedDate, .reversedDates: .usage
        }
    }

    public var location: String? {
        if case .emptyArchive(let path) = self { return path }
        return nil
    }

    case emptyArchive(path: String)
    case noDepartures(from: LocalDate, to: LocalDate)
    /// A date outside `CivilTime/SupportedDates` (the years sun times can be computed for).
    case unsupportedDate(LocalDate)
    case reversedDates(from: LocalDate, to: LocalDate)

    public var description: String {
        switch self {
        case .emptyArchive(let path): "\(path): the archive holds no departures"
        case .noDepartures(let from, let to):
            "no departures between \(from) and \(to) for the chosen stations; nothing written"
        case .unsupportedDate(let date):
            "\(date) lies outside \(SupportedDates.text), the years sun times are computed for"
        case .reversedDates(let from, let to): "the first day \(from) is after the last day \(to)"
        }
    }
}
