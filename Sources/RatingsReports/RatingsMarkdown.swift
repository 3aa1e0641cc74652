import Foundation
import LegacyWakeModel
package import ShipRatingTable
package import ShipRatings
import TextFormats
import WaveRating

/// `ratings.md`: the table, the thresholds, why each ship got its rating, page-vs-curated
/// conflicts, the differences from the app's hard-coded ratings, and what changed against
/// the previous table.
package enum RatingsMarkdown {
    package struct Context {
        package var run: RatingRun
        /// The app's hard-coded ratings, if available.
        package var appRatings: RatingTable?
        /// Changes against the previous table, if there was one.
        package var diff: RatingDiff?
        package var previousName: String?
        /// Where the pages came from (snapshot path or live URL).
        package var pageSource: String
        package var chartFile: String
        /// How the report words the next steps it names (``FleetRemedy``).
        package var wording: any RemedyWording

        package init(
            run: RatingRun, appRatings: RatingTable?, diff: RatingDiff?, previousName: String?, pageSource: String,
            chartFile: String, wording: any RemedyWording
        ) {
            self.wording = wording
            self.run = run
            self.appRatings = appRatings
            self.diff = diff
            self.previousName = previousName
            self.pageSource = pageSource
            self.chartFile = chartFile
        }
    }

    package static func render(_ c: Context) -> String {
        let app = c.appRatings.map(RatingLookup.init)
        var md =
            header(c) + disagreements(c.run, wording: c.wording)
            + ratings(c.run.table, app: app, chartFile: c.chartFile)
        md += reasons(c.run.table)
        md += wakeModel(c.run, app: app)
        md += agreement(c.run, app: app, wording: c.wording)
        md += sideBySide(c.run, app: app)
        md += conflicts(c.run.table) + filledFromCurated(c.run.table)
        md += appComparison(c.run.table, app: app)
        md += changes(c) + notes(c.run.notes) + warnings(c.run.warnings)
        return md
    }

    static func header(_ c: Context) -> String {
        let model = c.run.table.model
        let t = model.thresholds
        return """
            # Ship wave ratings

            Generated \(c.run.table.generatedAt) by a ratings run of the Next Wave Toolkit from \(c.pageSource).
            Rating: the \(model.name == RatingModel.wake.tableName ? "distance-aware wake model's" : "legacy model's") (\(c.wording.words(for: .rateWithModel(model.name)))); both are in the table (`ratingsByModel`).
            Legacy model: `vesseldata.py` formulas at v = \(fixed(model.speedKmh ?? 0, 1)) km/h, h = \(fixed(model.trackDepthM ?? 0, 1)) m.

            ## Legacy thresholds

            | Rating | Energy E (J/m²) | or force F (N/m²) |
            |---|---|---|
            | 3 | > \(fixed(t.energyJPerM2.three, 0)) | > \(fixed(t.forceNPerM2.three, 0)) |
            | 2 | > \(fixed(t.energyJPerM2.two, 0)) | > \(fixed(t.forceNPerM2.two, 0)) |
            | 1 | otherwise | otherwise |

            The rating is the larger of the energy and the force rating.


            """
    }

    static func ratings(_ table: RatingTable, app: RatingLookup?, chartFile: String) -> String {
        var md = """
            ## Ratings

            | Ship | Rating | Basis | Riders | Legacy | Wake | App | H legacy (m) | H wake (m) | E (J/m²) | F (N/m²) | L (m) | B (m) | D (t) |
            |---|---|---|---|---|---|---|---|---|---|---|---|---|---|

            """
        func n(_ v: Double?, _ d: Int) -> String { v.map { fixed($0, d) } ?? "–" }
        func r(_ v: Rating?) -> String { v.map { String($0.rawValue) } ?? "–" }
        for s in table.ships {
            let appRating = app?.ship(named: s.name)?.rating.map(String.init) ?? "–"
            let byModel = s.ratingsByModel
            md +=
                "| \(s.name) | \(s.rating.map { String($0.rawValue) } ?? "unrated") | \(s.ratingBasis?.rawValue ?? "–") | \(r(s.riderRating?.rating)) | \(r(byModel?.legacy)) | \(r(byModel?.wake)) | \(appRating) | \(n(s.waveHeightM, 2)) | \(n(s.wake?.waveHeightM?.median, 3)) | \(n(s.energyJPerM2, 0)) | \(n(s.forceNPerM2, 0)) | \(n(s.lengthM, 1)) | \(n(s.beamM, 1)) | \(n(s.displacementT, 1)) |\n"
        }
        return md + "\n![Energy and force per ship against the thresholds](\(chartFile))\n\n"
    }

    static func reasons(_ table: RatingTable) -> String {
        let t = table.model.thresholds
        var md = "## Why each ship got its legacy rating\n\n"
        for s in table.ships {
            guard let e = s.energyJPerM2, let f = s.forceNPerM2 else {
                md += "- **\(s.name)**: no legacy rating — \(s.unratedReason ?? "no length, beam and displacement")"
                md += s.riderRating.map { "; the riders rate it \($0.rating.rawValue).\n" } ?? ".\n"
                continue
            }
            let er = t.energyRating(e)
            let fr = t.forceRating(f)
            md +=
                "- **\(s.name)**: \(max(er, fr)) — energy \(fixed(e, 0)) J/m² gives \(er), force \(fixed(f, 0)) N/m² gives \(fr)"
            md += er == fr ? "; both agree.\n" : "; \(er > fr ? "energy" : "force") decides.\n"
        }
        return md
    }

    /// The ships whose riders' rating a model disagrees with, first in the report: the riders'
    /// rating is published; each line says what the model computed and against which thresholds.
    static func disagreements(_ run: RatingRun, wording: any RemedyWording) -> String {
        let riders = run.table.ships.filter { $0.riderRating != nil }.count
        var md = "## Where a model disagrees with the riders\n\n"
        guard riders > 0 else {
            return md + "No ship carries a riders' rating: every rating is the selected model's.\n\n"
        }
        md += riders == 1 ? "1 ship carries a riders' rating" : "\(riders) ships carry a riders' rating"
        md += " (the fleet file's `riderRating`, with its source); it is "
        md += "their published rating, and the models' stay beside it (`ratingsByModel`). "
        guard !run.disagreements.isEmpty else {
            return md + "Both models agree with every one of them.\n\n"
        }
        md += "The models disagree on these; review them (a model's figures, or the riders' rating, may be wrong), "
        md += "and change a riders' rating: \(wording.words(for: .setRiderRating(ship: "NAME"))).\n\n"
        md += "| Ship | Riders | Model | Its rating | Why |\n|---|---|---|---|---|\n"
        for d in run.disagreements {
            md += "| \(d.ship) | \(d.riders.rawValue) | \(d.model.rawValue)\(d.selected ? " (selected)" : "") | "
            md += "\(d.modelRating.rawValue) | \(d.why) |\n"
        }
        return md + "\n"
    }

    static func conflicts(_ table: RatingTable) -> String {
        let conflicts = table.ships.flatMap { s in (s.conflicts ?? []).map { (s.name, $0) } }
        var md = "\n## Operator's page vs curated fleet file\n\n"
        guard !conflicts.isEmpty else {
            return md + "No conflicts: every curated value agrees with the page or fills a gap.\n"
        }
        md += "| Ship | Field | Page | Curated | Used | Why |\n|---|---|---|---|---|---|\n"
        for (name, k) in conflicts {
            md +=
                "| \(name) | \(k.field) | \(fixed(k.pageValue, 1)) | \(fixed(k.curatedValue, 1)) | \(k.used.rawValue) | \(k.reason) |\n"
        }
        return md
    }

    /// Ships with a page that left values out, filled from the curated file.
    static func filledFromCurated(_ table: RatingTable) -> String {
        var rows: [String] = []
        for ship in table.ships {
            guard let page = ship.source.page else { continue }
            let fields: [(String, Double?, String?)] = [
                ("lengthM", ship.lengthM, ship.source.lengthM), ("beamM", ship.beamM, ship.source.beamM),
                ("displacementT", ship.displacementT, ship.source.displacementT),
            ]
            for (field, value, source) in fields where source != nil && source != page && value != nil {
                let conflict = ship.conflicts?.contains { $0.field == field } == true
                if !conflict { rows.append("| \(ship.name) | \(field) | \(plain(value!)) | \(source!) |") }
            }
        }
        guard !rows.isEmpty else { return "" }
        return "\n## Values the pages do not give\n\nTaken from the curated fleet file:\n\n"
            + "| Ship | Field | Value | Source |\n|---|---|--:|---|\n" + rows.joined(separator: "\n") + "\n"
    }

    static func appComparison(_ table: RatingTable, app: RatingLookup?) -> String {
        let md = "\n## Against the app's hard-coded ratings\n\n"
        guard let app else { return md + "No app ratings file given.\n" }
        let differing = table.ships.compactMap { s -> String? in
            let a = app.ship(named: s.name)?.rating
            guard a != s.rating else { return nil }
            return "| \(s.name) | \(a.map(String.init) ?? "–") | \(s.rating.map(String.init) ?? "unrated") |"
        }
        return md
            + (differing.isEmpty
                ? "The published ratings equal the app's.\n"
                : "| Ship | App | Published |\n|---|---|---|\n" + differing.joined(separator: "\n") + "\n")
    }

    static func changes(_ c: Context) -> String {
        ChangesText.markdown(c.diff, table: c.run.table, previousName: c.previousName, retired: c.run.retired)
    }

    static func notes(_ notes: [String]) -> String {
        notes.isEmpty ? "" : "\n## Notes\n\n" + notes.map { "- \($0)" }.joined(separator: "\n") + "\n"
    }

    static func warnings(_ warnings: [String]) -> String {
        warnings.isEmpty ? "" : "\n## Warnings\n\n" + warnings.map { "- \($0)" }.joined(separator: "\n") + "\n"
    }
}
