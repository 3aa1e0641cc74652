package import CivilTime
package import Foundation
import SafeFiles
import TextFormats

/// The app's timetable periods per lake.
///
/// The file covers one timetable year (2025/26). Timetables repeat yearly, so a date outside
/// every period is assigned by its month and day projected into the year the periods cover
/// (``period(for:lake:)`` says whether it projected).
public struct SchedulePeriods: Sendable {
    public let periods: [SchedulePeriod]
    private let byLake: [String: LakePeriods]

    public init(periods: [SchedulePeriod]) {
        self.periods = periods
        byLake = Dictionary(grouping: periods, by: { TextKey.fold($0.lake) }).mapValues(LakePeriods.init)
    }

    /// The periods of one lake (matched case- and diacritic-insensitively); look them up once
    /// per lake when classifying many dates.
    package func periods(ofLake lake: String) -> LakePeriods {
        byLake[TextKey.fold(lake)] ?? LakePeriods(periods: [])
    }

    /// The period of `date` on `lake` and whether it was found by projecting the month and day.
    package func period(for date: LocalDate, lake: String) -> (period: SchedulePeriod, projected: Bool)? {
        periods(ofLake: lake).period(for: date)
    }
}

extension SchedulePeriods {
    /// Loads `schedule_periods.json` (`{"lakes": [{"name", "schedule_periods": [{"name", "type",
    /// "start_date", "end_date"}]}]}`).
    package static func load(from url: URL) throws -> SchedulePeriods {
        struct File: Decodable {
            struct Lake: Decodable {
                var name: String
                var schedule_periods: [Period]
            }
            struct Period: Decodable {
                var name: String
                var type: Season
                var start_date: String
                var end_date: String
            }
            var lakes: [Lake]
        }
        let file = try JSONFile.decode(
            File.self, at: url, what: "timetable periods file", limit: BoundedFile.tableLimit,
            makeError: ArchiveError.file)
        var periods: [SchedulePeriod] = []
        for lake in file.lakes {
            for period in lake.schedule_periods {
                guard let start = LocalDate(iso: period.start_date), let end = LocalDate(iso: period.end_date),
                    start <= end
                else {
                    throw ArchiveError.malformed(
                        path: url.path, reason: "\(lake.name) \"\(period.name)\": bad start_date/end_date")
                }
                periods.append(
                    SchedulePeriod(lake: lake.name, name: period.name, type: period.type, start: start, end: end))
            }
        }
        return SchedulePeriods(periods: periods)
    }
}
