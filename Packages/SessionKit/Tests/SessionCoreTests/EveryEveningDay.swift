import CivilTime
import SessionCore

/// Every day of a small evening grid, exhaustively, instead of random days: seven slots whose
/// spacings hit the rules' edges (a span of exactly 2 h from 17:00 to 19:00, gaps of exactly
/// 1 h and of 61 min, sunset inside the grid at 19:30, civil dusk on a slot at 20:00), each slot
/// empty, one wave of 1, 2 or 10 points, or two waves of 5 at the same time: 5^7 = 78 125 days.
/// The date is the spring DST change, so local and Unix time differ by two offsets in one day.
enum EveryEveningDay {
    static let clock = ZoneClock.zurich
    static let day = LocalDate(iso: "2026-03-29")!
    static func at(_ minutes: Int) -> Int64 { clock.unixTime(of: day, secondsAfterMidnight: minutes * 60) }
    static let sun = SunWindow(
        sunrise: at(420), sunset: at(1170), civilTwilightBegin: at(390), civilTwilightEnd: at(1200))
    /// Minutes after midnight: 17:00, 17:30, 18:00, 19:00, 19:30, 20:00, 21:01.
    static let slots = [1020, 1050, 1080, 1140, 1170, 1200, 1261]
    /// What a slot holds: nothing, or waves of these points.
    static let contents: [[Int]] = [[], [1], [2], [10], [5, 5]]

    static var count: Int { slots.reduce(1) { n, _ in n * contents.count } }

    /// The waves of day number `index` (0 ..< ``count``), in time order.
    static func waves(_ index: Int) -> [Wave] {
        var rest = index
        var waves: [Wave] = []
        for slot in slots {
            for points in contents[rest % contents.count] { waves.append(Wave(time: at(slot), quality: points)) }
            rest /= contents.count
        }
        return waves
    }
}
