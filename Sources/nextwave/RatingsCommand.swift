import ArgumentParser
import FleetScraper
import Foundation
import NextWaveReports
import ShipRatings
import WakePhysics

struct RatingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ratings",
        abstract: "Regenerate the ship wave ratings from the operator's vessel pages.",
        discussion: """
            Reads the fleet pages (the bundled 2025 snapshot unless --live/--base-url/--snapshot), \
            merges the curated fleet file, computes every ship's wake with the legacy formulas \
            and writes to --out:
              schiffsdaten.csv    legacy-compatible CSV (one row per ship page)
              ship-ratings.json   the table the apps consume (schema: schemas/ship-ratings.schema.json)
              ship-ratings.csv    the same table, English headers with units
              ratings.md          explanations, conflicts, app comparison, changes; ratings-chart.svg
            All files are written atomically, and only when the whole run succeeds. If the new \
            table loses ships, ratings or pages against the existing one in --out, nothing is \
            written unless --accept-regression is given.

            Examples:
              nextwave ratings
              nextwave ratings --speed 25 --depth 4 --out /tmp/shallow
              nextwave ratings --live --save-snapshot Data/snapshots/zsg-$(date +%F)
              nextwave ratings --diff reports/ship-ratings.json --out /tmp/new
            """)

    @OptionGroup var fleet: FleetOptions
    @OptionGroup var point: OperatingPointOptions

    @Option(help: ArgumentHelp("Output folder.", valueName: "DIR"))
    var out: String = "reports"

    @Option(
        help: ArgumentHelp(
            "Compare with this previous ship-ratings.json (default: the one in --out).", valueName: "PREVIOUS.json"))
    var diff: String?

    @Option(help: ArgumentHelp("The app's hard-coded ratings (default: Data/app-ratings.json).", valueName: "FILE"))
    var appRatings: String?

    @Flag(help: "Write even when the new table has fewer ships, ratings or pages than the existing one.")
    var acceptRegression = false

    func run() async throws {
        let terminal = Terminal(noProgress: fleet.noProgress)
        do {
            try await generate(terminal: terminal)
        } catch let error as ExitCode {
            throw error
        } catch {
            terminal.endProgress()
            terminal.error(String(describing: error))
            throw ExitCode.failure
        }
    }

    private func generate(terminal: Terminal) async throws {
        let (curated, reference) = try fleet.loadFleet()
        let (scrape, sourceDescription) = try await fleet.scrape(terminal: terminal)
        let builder = RatingTableBuilder(
            fleet: curated, fleetReference: reference, speedKmh: point.speed, depthM: point.depth)
        let run = builder.build(from: scrape.pages)
        for warning in scrape.warnings + run.warnings { terminal.warn(warning) }

        let outDirectory = URL(fileURLWithPath: out, isDirectory: true)
        let existingURL = outDirectory.appendingPathComponent("ship-ratings.json")
        // As the user wrote it, so that reports do not depend on the machine's folders.
        let existingName = (out as NSString).appendingPathComponent("ship-ratings.json")
        var existing: RatingTable?
        if FileManager.default.fileExists(atPath: existingURL.path) {
            do { existing = try RatingTable.load(from: existingURL) } catch {
                terminal.warn("cannot compare with the existing table: \(error)")
            }
        }
        if let existing, !acceptRegression {
            let problems = RatingDiff.regressions(previous: existing, current: run.table)
            if !problems.isEmpty { throw RatingsError.regression(previous: existingName, problems: problems) }
        }
        let previousURL = diff.map { URL(fileURLWithPath: $0) }
        let previous = try previousURL.map(RatingTable.load(from:)) ?? existing
        let appURL =
            try appRatings.map { URL(fileURLWithPath: $0) }
            ?? fleet.dataDirectory.appendingPathComponent("app-ratings.json")
        let app = try? RatingTable.load(from: appURL)
        if app == nil { terminal.warn("\(appURL.path): app ratings not readable; the report skips the comparison") }

        let chartName = "ratings-chart.svg"
        let markdown = RatingsMarkdown.render(
            .init(
                run: run, appRatings: app, diff: previous.map { RatingDiff(previous: $0, current: run.table) },
                previousName: diff ?? (existing == nil ? nil : "the previous \(existingName)"),
                pageSource: sourceDescription, chartFile: chartName))
        try AtomicFileWriter.writeAll([
            (outDirectory.appendingPathComponent("schiffsdaten.csv"), Data(LegacyShipDataCSV.render(run.scraped).utf8)),
            (existingURL, try run.table.jsonData()),
            (outDirectory.appendingPathComponent("ship-ratings.csv"), Data(RatingsCSV.render(run.table).utf8)),
            (outDirectory.appendingPathComponent(chartName), Data(RatingsChartSVG.render(run.table).utf8)),
            (outDirectory.appendingPathComponent("ratings.md"), Data(markdown.utf8)),
        ])
        print(summary(run.table))
        terminal.info(
            "wrote schiffsdaten.csv, ship-ratings.json, ship-ratings.csv, ratings.md, \(chartName) to \(out)/")
    }

    private func summary(_ table: RatingTable) -> String {
        let rows = table.ships.map { s in
            [
                s.name, s.rating.map(String.init) ?? "–", s.energyJPerM2.map { String(format: "%.0f", $0) } ?? "–",
                s.forceNPerM2.map { String(format: "%.0f", $0) } ?? "–",
                s.waveHeightM.map { String(format: "%.2f", $0) } ?? "–",
            ]
        }
        return TextTable.render(
            header: ["Ship", "Rating", "E (J/m²)", "F (N/m²)", "H (m)"], rows: rows, rightAligned: [1, 2, 3, 4])
    }
}

enum TextTable {
    static func render(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { c, text in
                let pad = String(repeating: " ", count: widths[c] - text.count)
                return rightAligned.contains(c) ? pad + text : text + pad
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return
            ([line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")] + rows.map(line))
            .joined(separator: "\n")
    }
}
