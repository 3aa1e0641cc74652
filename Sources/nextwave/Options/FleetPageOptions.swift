public import ArgumentParser
import Foundation
import RatingsPipeline

extension PageLayout: ExpressibleByArgument {}

/// Where the fleet pages and the curated fleet come from. The data folder and the HTTP limits
/// are groups of their own beside this one in each command (not nested in it: ArgumentParser's
/// debug builds check every nested group again for each group around it, which made parsing a
/// ratings, grid or wake command line cost 0.2 s of processor time).
struct FleetPageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Replay a saved snapshot folder (with manifest.json).", valueName: "DIR"))
    var snapshot: String?

    @Flag(help: "Scrape the operator's current pages (Data/pages/zsg-2026.txt), not the bundled snapshot.")
    var live = false

    @Option(
        help: ArgumentHelp(
            "The pages' site, with its path (default https://www.zsg.ch); with --live: the current page list on it; alone: its legacy fleet index.",
            valueName: "URL"))
    var baseURL: String?

    @Option(
        help: ArgumentHelp(
            "Scrape the pages listed in this file (one URL or path a line, # comments); implies --live.",
            valueName: "FILE"))
    var pages: String?

    @Option(help: ArgumentHelp("Scrape the ship pages this page links; implies --live.", valueName: "URL"))
    var indexURL: String?

    @Option(
        help: ArgumentHelp(
            "The site a mirror copies: the table cites pages under it (e.g. https://www.zsg.ch).", valueName: "URL"))
    var sourceBase: String?

    @Option(help: ArgumentHelp("How ship pages are read: auto, legacy or labels.", valueName: "LAYOUT"))
    var layout: PageLayout = .auto

    @Option(help: ArgumentHelp("Store every fetched page here, replayable with --snapshot.", valueName: "DIR"))
    var saveSnapshot: String?

    @Flag(help: "Let --save-snapshot replace a folder that is not empty (whole).")
    var force = false

    @Option(help: ArgumentHelp("Curated fleet file (default: fleet.json of the data folder).", valueName: "FILE"))
    var fleet: String?

    @Option(
        name: .customLong("operator"),
        help: ArgumentHelp(
            "The lake operator: zsg (default), sgv, cgn, bls, … (its fleet file; pages only for zsg).",
            valueName: "NAME"))
    var operatorName: String?

    /// How `nextwave fleet` commands name this run's fleet file: the file given, or
    /// `--operator ID` and `--data DIR` as given; nil for the data folder's `fleet.json`.
    func fleetArgument(data: DataOptions) -> String? {
        FleetArgument.words(file: fleet, operatorID: operatorName, dataFolder: data.data)
    }

    /// Points the `nextwave fleet` commands of a message at ``fleetArgument(data:)``.
    func messageRewrite(data: DataOptions) -> @Sendable (String) -> String {
        let argument = fleetArgument(data: data)
        return { FleetCommandText.naming($0, fleetArgument: argument) }
    }

    var isLive: Bool { live || baseURL != nil || pages != nil || indexURL != nil }

    func validate() throws {
        try checkPaths([
            ("--snapshot", snapshot), ("--save-snapshot", saveSnapshot), ("--fleet", fleet), ("--pages", pages),
        ])
        if pages != nil && indexURL != nil { throw ValidationError("give --pages or --index-url, not both") }
        if force && saveSnapshot == nil { throw ValidationError("--force goes with --save-snapshot") }
        try checkHTTPURL(indexURL, option: "--index-url")
        try checkHTTPURL(sourceBase, option: "--source-base", example: "https://www.zsg.ch")
        try checkHTTPURL(baseURL, option: "--base-url", example: "https://www.zsg.ch")
        if sourceBase != nil && !isLive {
            throw ValidationError("--source-base goes with --base-url, --index-url or --pages")
        }
        if snapshot != nil && isLive {
            throw ValidationError("--snapshot replays saved pages; it cannot be combined with --live or --base-url")
        }
        if saveSnapshot != nil && !isLive { throw ValidationError("--save-snapshot needs --live or --base-url") }
    }

    /// The operator `--operator` names (nil without it: the Lake Zurich default).
    func selectedOperator(data: DataOptions) throws -> OperatorCatalogue.Operator? {
        guard let operatorName else { return nil }
        return try OperatorCatalogue.named(operatorName, data: data)
    }

    /// The curated fleet file and how tables cite it: `Data/…` inside the data folder, else its
    /// file name (a table never carries a machine path).
    func fleetFile(data: DataOptions) throws -> (url: URL, reference: String) {
        let layout = try data.layout
        let url = try fleet.map { URL(fileURLWithPath: $0) } ?? selectedOperator(data: data)?.fleetFile(in: layout).url
        return url.map { ($0, layout.reference(for: $0)) } ?? (layout.fleet, layout.reference(for: layout.fleet))
    }

    /// The pages and the fleet file a ratings, grid or wake run reads.
    func fleetSource(data: DataOptions, http: HTTPOptions) throws -> FleetSource {
        let (url, reference) = try fleetFile(data: data)
        return FleetSource(pages: try fleetPages(data: data, http: http), fleet: url, fleetReference: reference)
    }

    /// The pages, by the library's rule (``FleetPagesChoice``).
    func fleetPages(data: DataOptions, http: HTTPOptions) throws -> FleetPages {
        var choice = FleetPagesChoice()
        choice.snapshot = snapshot
        choice.live = live
        choice.baseURL = baseURL.flatMap(URL.init(string:))
        choice.pageList = pages.map { URL(fileURLWithPath: $0) }
        choice.index = indexURL.flatMap(URL.init(string:))
        choice.sourceBase = sourceBase.flatMap(URL.init(string:))
        choice.layout = layout
        choice.saveSnapshot = saveSnapshot.map { URL(fileURLWithPath: $0, isDirectory: true) }
        choice.replaceSnapshot = force
        choice.http = http.configuration
        choice.chosenOperator = try selectedOperator(data: data)
        return try choice.pages(data: data.layout)
    }
}

extension Terminal {
    /// What a scrape reports, as progress and notes.
    func show(_ event: FleetPages.Event) {
        switch event {
        case .fetch(let fetch): show(fetch)
        case .progress(let done, let total): progress("ship pages \(done)/\(total)")
        case .saved(let pages, let directory):
            info("saved \(counted(pages, "page")) to \(directory.relativePath)")
        }
    }
}

extension OperatorCatalogue {
    /// The catalogues read in this run, by path: a command asks for the operator in several
    /// places (output folder, fleet file, pages, publishing), the file is read once.
    private static let read = Locked<[String: OperatorCatalogue]>([:])

    /// The data folder's catalogue (`Data/operators.json`), read once per run.
    static func inDataFolder(_ data: DataOptions) throws -> OperatorCatalogue {
        let url = try data.layout.operators
        return try read.withLock { read in
            if let catalogue = read[url.path] { return catalogue }
            let catalogue = try load(from: url)
            read[url.path] = catalogue
            return catalogue
        }
    }

    /// The data folder's catalogue entry an argument names.
    /// - Throws: ``Unknown`` (a usage error; ``Advice`` names `--operator`).
    static func named(_ argument: String, data: DataOptions) throws -> Operator {
        try inDataFolder(data).find(argument)
    }
}
