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
    /// The table to publish cites pages on this machine (a mirror run): the apps would show
    /// sources nobody can open.
    case localSources(example: String, count: Int)

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
        case .localSources(let example, let count):
            "the table cites \(count) source\(count == 1 ? "" : "s") on this machine (e.g. \(example)); the apps would "
                + "show addresses nobody can open. Nothing was written. Map a mirror back with --source-base "
                + "https://www.zsg.ch, or publish anyway with --allow-local-sources"
        case .unreadableExisting(let path, let reason):
            "\(path) cannot be read (\(reason)), so the new table cannot be checked against it. Nothing was "
                + "written. Restore the file, write elsewhere with --out, or replace it with --accept-regression."
        }
    }
}
