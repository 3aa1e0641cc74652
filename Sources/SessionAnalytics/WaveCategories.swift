/// Which of a timetable's ship categories make waves.
///
/// The timetable calls a motor ship `BAT`, a paddle steamer `BAV` and a car ferry `FAE`. Each
/// makes a wake, so the toolkit counts all three (``ships``, its default).
/// The Next Wave app lists only `BAT` departures (its `TransportAPI.getStationboard` keeps
/// journeys whose category is "BAT"), so its wave list, and its sessions, leave out the paddle
/// steamers and the Horgen–Meilen car ferry; ``app`` reproduces that list.
public enum WaveCategories: String, Sendable, CaseIterable, Equatable {
    /// Every ship: BAT, BAV and FAE.
    case ships
    /// Motor ships only (BAT), as the app lists waves.
    case app

    /// The categories counted.
    public var categories: Set<String> {
        switch self {
        case .ships: ["BAT", "BAV", "FAE"]
        case .app: ["BAT"]
        }
    }
}
