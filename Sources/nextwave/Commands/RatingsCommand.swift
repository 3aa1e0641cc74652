public import ArgumentParser
import Foundation
import RatingsPipeline
import ShipRatingTable

extension RatingModel: ExpressibleByArgument {}

struct RatingsCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "ratings",
        abstract: "Regenerate the ship wave ratings from the operator's vessel pages.",
        usage: """
            nextwave ratings [--live | --snapshot <DIR>] [--out <DIR>]
                             [--dry-run | --publish <DIR>] [<options>]
            nextwave ratings show|publish …
            """,
        discussion: """
            Reads the fleet pages (the bundled 2025 snapshot unless --live, --pages,
            --index-url, --base-url or --snapshot), merges the curated fleet file, computes
            every ship's wake with the legacy formulas (at 18 km/h over --track-depth) and
            with the distance-aware models (the wave at a rider --distance from the sailing
            line in --rider-depth of water, each ship at its operating speed), rates
            each by --model — or by the riders, where the fleet file carries their rating
            (riderRating; ratings.md opens with every ship a model disagrees on) — and
            writes to --out:
              schiffsdaten.csv    legacy-compatible CSV, one row per ship page
              ship-ratings.json   the table the apps consume
              ship-ratings.csv    the same table, English headers with units
              ratings.md          explanations, conflicts, app comparison, changes
              ratings-chart.svg   energy and force per ship against the thresholds
            Files are written atomically and only when the whole run succeeds. If the new
            table loses ships, ratings or pages against the previous one (--previous, else
            the one in --out, else the last one published to --publish), or a wave height
            moves by more than 2x, nothing is written unless --accept-regression is given;
            --dry-run shows every change and says whether it would be needed. A listed page
            that answers 404 or 410 is such a change, not an error.
            An unchanged table is not rewritten (its generatedAt stays; SOURCE_DATE_EPOCH
            sets it), nor ratings.md; its CSVs and chart follow the tool's version.
            A run into the default folder (reports, or reports/ID) or with --publish makes
            its table the operator's current one (Data/ratings/ID.json), which feed,
            plan, today, sessions and ratings show rate with; a run with --out DIR of its
            own is a what-if and changes nothing else.
            `ratings publish` publishes a reviewed table for the apps. The data folder:
            --data, else $NEXTWAVE_DATA, else Data/ of the checkout you are in, else the
            installed one (the first stderr line names it).

            Examples:
              nextwave ratings
              nextwave ratings --dry-run --pages my-pages.txt
              nextwave ratings --speed 25 --track-depth 6 --out /tmp/shallow
              nextwave ratings --model wake --distance 30 --rider-depth 1.5
              nextwave ratings --live --save-snapshot snapshots/zsg-$(date +%F)
              nextwave ratings --previous site/ratings --dry-run
              nextwave ratings publish reports/ship-ratings.json --to site/ratings
              nextwave ratings show --ship "Panta Rhei"
            """,
        subcommands: [RatingsShowCommand.self, RatingsPublishCommand.self])

    @OptionGroup var point: OperatingPointOptions

    @Option(help: ArgumentHelp("Which model's rating the table gives (both are in it).", valueName: "MODEL"))
    var model: RatingModel = .legacy

    @Option(
        help: ArgumentHelp(
            "Wake model: median heights above which a ship rates 2 and 3, m (default: fitted to the app's ratings).",
            valueName: "H2,H3"))
    var heightThresholds: String?

    @Option(
        name: .customLong("out"),
        help: ArgumentHelp("Output folder (default: reports; reports/ID with --operator ID).", valueName: "DIR"))
    var outOption: String?

    @Option(
        help: ArgumentHelp(
            "Check and compare against this table (default: the one in --out, else the one published to --publish).",
            valueName: "FILE"))
    var previous: String?

    @Option(help: ArgumentHelp("The app's hard-coded ratings (default: app-ratings.json).", valueName: "FILE"))
    var appRatings: String?

    @Option(
        help: ArgumentHelp(
            "Cruising speeds from archived courses (default: operating-speeds.json; see fleet speeds).",
            valueName: "FILE"))
    var operatingSpeeds: String?

    @OptionGroup var review: ReviewOptions

    @Flag(help: "Also print the changes against the previous table to stdout.")
    var diff = false

    @Option(
        help: ArgumentHelp(
            "Publish the table for the apps into this folder (hashed file + manifest).", valueName: "DIR"))
    var publish: String?

    @OptionGroup var csv: CSVStyleOption

    @OptionGroup var progress: ProgressOptions
    @OptionGroup var data: DataOptions

    @OptionGroup(title: "Fleet pages") var fleet: FleetPageOptions
    @OptionGroup(title: "Requests to the site") var http: HTTPOptions

    var showsProgress: Bool { !progress.noProgress }
    var messageRewrite: @Sendable (String) -> String { fleet.messageRewrite(data: data) }

    static var inputFlags: [String: String] { OperatingPointOptions.inputFlags }

    func validate() throws {
        try checkPaths([
            ("--out", outOption), ("--previous", previous), ("--app-ratings", appRatings), ("--publish", publish),
            ("--operating-speeds", operatingSpeeds),
        ])
        if review.dryRun && publish != nil { throw ValidationError("--dry-run writes nothing; leave out --publish") }
        _ = try thresholds()
    }

    func thresholds() throws -> HeightThresholdChoice {
        guard let heightThresholds else { return .fittedToApp }
        let values = heightThresholds.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 2, let two = values[0], let three = values[1], two.isFinite, three.isFinite, two > 0,
            two <= three
        else {
            throw ValidationError("--height-thresholds takes two ascending heights in m, e.g. 0.25,0.35")
        }
        return .fixed(try HeightThresholds(two, three))
    }

    func execute(_ terminal: Terminal) async throws {
        let appRatingsFile = try namedAppRatingsFile()
        // The operator asked for (nil: Lake Zurich's), which chooses the output folder
        // (`reports` or `reports/<id>`), the legacy CSV and per-lake publishing.
        let chosen = try fleet.selectedOperator(data: data)
        let out = outOption ?? chosen?.reportsFolder ?? ReportsLayout.folder
        let job = RatingsJob(try input(chosen: chosen, out: out, appRatingsFile: appRatingsFile))
        let result = try await job.run { event in
            switch event {
            case .pages(let pages): terminal.show(pages)
            case .warning(let message): terminal.warn(message)
            }
        }
        terminal.endProgress()
        report(result, out: out, terminal)
    }

    /// The job's input from the options, for `chosen` (nil: Lake Zurich) writing into `out`, with
    /// the app's ratings from `appRatingsFile` (nil: the data folder's).
    private func input(chosen: OperatorCatalogue.Operator?, out: String, appRatingsFile: URL?) throws
        -> RatingsJob.Input
    {
        var input = RatingsJob.Input(
            source: try fleet.fleetSource(data: data, http: http), point: point.point,
            out: URL(fileURLWithPath: out, isDirectory: true), outName: out,
            previous: previous.map { URL(fileURLWithPath: $0) }, previousName: previous,
            appRatings: try appRatingsFile ?? data.layout.appRatings,
            acceptRegression: review.acceptRegression, model: model, wakeReference: point.wakeReference,
            heightThresholds: try thresholds())
        (input.courseSpeeds, input.courseSpeedsReference) = CourseSpeedTable.choose(
            given: operatingSpeeds, data: try data.layout)
        input.dryRun = review.dryRun
        input.publish = publish.map { URL(fileURLWithPath: $0, isDirectory: true) }
        input.allowLocalSources = review.allowLocalSources
        input.csvStyle = csv.csvStyle
        input.clock = SourceDateEpoch.clock()
        input.fleetArgument = fleet.fleetArgument(data: data)
        input.wording = CommandLineRemedies()
        // A run into the operator's own reports folder, or one that publishes, makes its table
        // the one every other command rates with; a what-if into a folder of its own does not.
        if out == (chosen?.reportsFolder ?? ReportsLayout.folder) || publish != nil {
            input.current = .init(data: try data.layout, operatorID: chosen?.id ?? OperatorCatalogue.homeID)
        }
        if let chosen {
            input.serve(chosen, catalogue: try OperatorCatalogue.inDataFolder(data), data: try data.layout)
        }
        return input
    }

    /// The app's ratings file named with `--app-ratings`, which must exist (nil: none named). The
    /// app's ratings only feed a comparison, so an unreadable default is a warning; a file named
    /// on the command line that is not there is a mistyped path, said before anything else.
    private func namedAppRatingsFile() throws -> URL? {
        guard let appRatings else { return nil }
        let file = try data.input(appRatings)
        guard Paths.exists(file) else {
            throw CLIError(
                "\(appRatings): no such file (--app-ratings); leave the option out for the data folder's "
                    + DataLayout.Name.appRatings, status: .noInput)
        }
        return file
    }

    /// What the run did: the dry run's report, or the table's summary, its changes with `--diff`
    /// and where it wrote.
    private func report(_ result: RatingsJob.Result, out: String, _ terminal: Terminal) {
        let changes = result.diff.map { ChangesText.lines($0, table: result.run.table, retired: result.run.retired) }
        if review.dryRun {
            print(messageRewrite(result.dryRunReport(changes: changes, wording: CommandLineRemedies())))
            return
        }
        print(RatingTableText.summary(result.run.table))
        if diff {
            let lines = (changes ?? ["no previous table"]).map { "  \($0)" }
            print(messageRewrite("\nChanges:\n" + lines.joined(separator: "\n")))
        }
        for line in result.outcome(out: out, publish: publish, wording: CommandLineRemedies()) { terminal.info(line) }
    }
}
