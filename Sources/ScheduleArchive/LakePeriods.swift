package import CivilTime
import Foundation

/// The timetable periods of one lake.
package struct LakePeriods: Sendable {
    package let periods: [SchedulePeriod]
    let years: [Int]

    init(periods: [SchedulePeriod]) {
        self.periods = periods
        years = Set(periods.flatMap { [$0.start.year, $0.end.year] }).sorted()
    }

    /// The period of `date` and whether it was found by projecting the month and day into the
    /// years the periods cover.
    package func period(for date: LocalDate) -> (period: SchedulePeriod, projected: Bool)? {
        if let exact = periods.first(where: { $0.start <= date && date <= $0.end }) { return (exact, false) }
        for year in years {
            let shifted = date.inYear(year)
            if let match = periods.first(where: { $0.start <= shifted && shifted <= $0.end }) { return (match, true) }
        }
        return nil
    }
}
