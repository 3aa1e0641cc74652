/// Why a rating table could not be built or written.
public enum RatingsError: Error, Equatable, CustomStringConvertible {
    /// A data file is unreadable or malformed.
    case invalidFile(path: String, reason: String)
    /// The new table is worse than the previous one (ships lost, ratings lost).
    case regression(previous: String, problems: [String], nextSteps: [String] = [])
    /// The wake model's height thresholds cannot be set.
    case wakeThresholds(String)
    /// The table already in the output folder cannot be read, so the new one cannot be checked
    /// against it.
    case unreadableExisting(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidFile(let path, let reason): "\(path): \(reason)"
        case .regression(let previous, let problems, let nextSteps):
            "the new rating table is worse than \(previous):\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
                + (nextSteps.isEmpty ? "" : "\n" + nextSteps.map { "Next: \($0)." }.joined(separator: "\n"))
                + "\nNothing was written. Review the change with --dry-run; if the fleet really changed, re-run with "
                + "--accept-regression."
        case .wakeThresholds(let reason): reason
        case .unreadableExisting(let path, let reason):
            "\(path) cannot be read (\(reason)), so the new table cannot be checked against it. Nothing was "
                + "written. Restore the file, write elsewhere with --out, or replace it with --accept-regression."
        }
    }
}
