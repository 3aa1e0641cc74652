/// The season a timetable period belongs to (`type` in `schedule_periods.json`).
public enum Season: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case spring, summer, autumn, winter

    public var description: String { rawValue }
}
