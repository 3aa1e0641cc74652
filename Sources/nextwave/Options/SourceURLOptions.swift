import ArgumentParser
import Foundation

/// `--api-url URL` and `--deployment-url URL`: where the transport API and the operators' ship
/// assignments are fetched from, when not their own addresses (a mirror, a test's server). The
/// environment's `NEXTWAVE_API_URL` and `NEXTWAVE_DEPLOYMENT_URL` stand in for them, so that a
/// command line that must stay as written (a crontab's) can be pointed elsewhere.
struct SourceURLOptions: ParsableArguments {
    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp(
            "Transport API root (default: $NEXTWAVE_API_URL, else https://transport.opendata.ch).", valueName: "URL"))
    var apiURL: String?

    @Option(
        name: .customLong("deployment-url"),
        help: ArgumentHelp(
            "Where the operators publish ship assignments (default: $NEXTWAVE_DEPLOYMENT_URL, else their own).",
            valueName: "URL"))
    var deploymentURL: String?

    /// The transport API's root given; nil: the API's own.
    func apiRoot() throws -> URL? { try Self.url(apiURL, flag: "--api-url", variable: "NEXTWAVE_API_URL") }

    /// Where assignments are fetched from; nil: each operator's own address.
    func deploymentRoot() throws -> URL? {
        try Self.url(deploymentURL, flag: "--deployment-url", variable: "NEXTWAVE_DEPLOYMENT_URL")
    }

    /// The option's URL, else the environment's; nil when neither is given.
    static func url(_ option: String?, flag: String, variable: String) throws -> URL? {
        let environment = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        guard let text = option ?? environment else { return nil }
        try checkHTTPURL(text, option: option == nil ? "$" + variable : flag)
        return URL(string: text)
    }
}
