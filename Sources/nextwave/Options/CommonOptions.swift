import ArgumentParser
import Foundation
import RatingsPipeline
import SessionsPipeline

/// `--data DIR`: the data folder (fleet, stations, archive, tables), and `--quiet`.
struct DataOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The data folder (default: $NEXTWAVE_DATA, else Data/ of the checkout you are in, else the installed one).",
            valueName: "DIR"))
    var data: String?

    @Flag(name: .customLong("quiet"), help: "Do not say on stderr which data folder and rating tables the run uses.")
    var quietData = false

    /// The data folder and what it holds where (``DataLayout``).
    var layout: DataLayout { get throws { try DataLocator.dataFolder(explicit: data, quiet: quietData) } }

    func validate() throws { try checkPaths([("--data", data)]) }

    /// The data folder's station list.
    func stationCatalogue() throws -> StationCatalogue { try StationCatalogue.load(from: try layout.stations) }

    /// An input file the user named: the path as given when it exists; else, for a path under
    /// `Data/` (as the README's examples write the bundled files), the same file of the data
    /// folder, so that the examples run from any folder with the installed tool.
    func input(_ path: String) throws -> URL {
        let given = URL(fileURLWithPath: path)
        guard !FileManager.default.fileExists(atPath: given.path), let bundled = try layout.file(cited: path) else {
            return given
        }
        return FileManager.default.fileExists(atPath: bundled.path) ? bundled : given
    }
}

/// `--no-progress`.
struct ProgressOptions: ParsableArguments {
    @Flag(help: "No progress line on stderr.")
    var noProgress = false
}

/// How requests are made: politeness, timeouts and retries.
struct HTTPOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Seconds between requests to one host (politeness; default 1, none to a server on this machine).",
            valueName: "SECONDS"))
    var delay: Double?

    @Option(help: ArgumentHelp("Seconds of silence before a request times out (≥ 1).", valueName: "SECONDS"))
    var timeout: Double = 20

    @Option(help: ArgumentHelp("Attempts per request: timeouts, 429 and 5xx are retried.", valueName: "N"))
    var attempts: Int = 4

    @Option(help: ArgumentHelp("Longest one request may take in all, however slow the server.", valueName: "SECONDS"))
    var maxRequestTime: Double = 120

    @Option(
        help: ArgumentHelp(
            "Longest the whole run may spend fetching (default 30 min; raise it for a long backfill).",
            valueName: "SECONDS"))
    var maxRunTime: Double = 1800

    @Option(help: ArgumentHelp("Slowest body accepted, on average over --low-speed-time.", valueName: "BYTES/S"))
    var lowSpeedLimit: Int = 1000

    @Option(help: ArgumentHelp("Seconds a body may stay under --low-speed-limit.", valueName: "SECONDS"))
    var lowSpeedTime: Double = 20

    /// The flag of each setting ``HTTPClient/Configuration/validate()`` checks.
    static let flags = [
        "requestDelay": "--delay", "timeout": "--timeout", "maxAttempts": "--attempts",
        "maxRequestTime": "--max-request-time", "maxRunTime": "--max-run-time", "lowSpeedLimit": "--low-speed-limit",
        "lowSpeedTime": "--low-speed-time",
    ]

    func validate() throws {
        do { try configuration.validate() } catch {
            throw ValidationError(
                InvalidInput.message(
                    Self.flags[error.field] ?? error.field, value: error.value, accepted: error.accepted))
        }
    }

    var configuration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.requestDelay = delay ?? 1
        configuration.sparesLoopback = delay == nil
        configuration.timeout = timeout
        configuration.maxAttempts = attempts
        configuration.maxRequestTime = maxRequestTime
        configuration.maxRunTime = maxRunTime
        configuration.lowSpeedLimit = lowSpeedLimit
        configuration.lowSpeedTime = lowSpeedTime
        return configuration
    }
}

extension CSVStyle: ExpressibleByArgument {}

/// `--csv-style`: how CSV files are written.
struct CSVStyleOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "CSV for: standard (, and .), excel-ch (; and ., Swiss-locale spreadsheets) or excel-de (; and decimal commas).",
            valueName: "STYLE"))
    var csvStyle: CSVStyle = .standard
}

/// `--dry-run`, `--accept-regression` and `--allow-local-sources`: the review gate of `ratings`
/// and `ratings publish`. One group for both: ArgumentParser parses a parent command's options
/// first, so a flag the parent and a subcommand each declared went to the parent and the
/// subcommand never saw it (`ratings publish --dry-run` published); a shared group is decoded
/// once and read by both.
struct ReviewOptions: ParsableArguments {
    @Flag(help: "Print what would change, and write or publish nothing.")
    var dryRun = false

    @Flag(
        help: "Go ahead although the table loses ships, ratings or pages, or its wave figures move by more than 2×.")
    var acceptRegression = false

    @Flag(help: "Publish although the table cites loopback or file sources (a mirror run).")
    var allowLocalSources = false
}
