import Foundation
import ShipRatings

/// `ratings.md`: the table, the thresholds, why each ship got its rating, page-vs-curated
/// conflicts, the differences from the app's hard-coded ratings, and what changed against
/// the previous table.
public enum RatingsMarkdown {
    public struct Context {
        public var run: RatingRun
        /// The app's hard-coded ratings, if available.
        public var appRatings: RatingTable?
        /// Changes against the previous table, if there was one.
        public var diff: RatingDiff?
        public var previousName: String?
        /// Where the pages came from (snapshot path or live URL).
        public var pageSource: String
        public var chartFile: String

        public init(
            run: RatingRun, appRatings: RatingTable?, diff: RatingDiff?, previousName: String?, pageSource: String,
            chartFile: String
        ) {
            self.run = run
            self.appRatings = appRatings
            self.diff = diff
            self.previousName = previousName
            self.pageSource = pageSource
            self.chartFile = chartFile
        }
    }

    public static func render(_ c: Context) -> String {
        let table = c.run.table
        let t = table.model.thresholds
        var md = """
            # Ship wave ratings

            Generated \(table.generatedAt) by `nextwave ratings` from \(c.pageSource).
            Model: legacy `vesseldata.py` formulas at v = \(fmt(c.run.speedKmh, 1)) km/h, h = \(fmt(c.run.depthM, 1)) m.

            ## Thresholds

            | Rating | Energy E (J/m²) | or force F (N/m²) |
            |---|---|---|
            | 3 | > \(fmt(t.energyJPerM2[1], 0)) | > \(fmt(t.forceNPerM2[1], 0)) |
            | 2 | > \(fmt(t.energyJPerM2[0], 0)) | > \(fmt(t.forceNPerM2[0], 0)) |
            | 1 | otherwise | otherwise |

            The rating is the larger of the energy and the force rating.

            ## Ratings

            | Ship | Rating | App | Decided by | H (m) | E (J/m²) | F (N/m²) | L (m) | B (m) | D (t) |
            |---|---|---|---|---|---|---|---|---|---|

            """
        let app = c.appRatings.map(RatingLookup.init)
        func n(_ v: Double?, _ d: Int) -> String { v.map { fmt($0, d) } ?? "–" }
        for s in table.ships {
            let appRating = app?.ship(named: s.name)?.rating.map(String.init) ?? "–"
            md +=
                "| \(s.name) | \(s.rating.map(String.init) ?? "unrated") | \(appRating) | \(s.ratingBasis ?? "–") | \(n(s.waveHeightM, 2)) | \(n(s.energyJPerM2, 0)) | \(n(s.forceNPerM2, 0)) | \(n(s.lengthM, 1)) | \(n(s.beamM, 1)) | \(n(s.displacementT, 1)) |\n"
        }
        md +=
            "\n![Energy and force per ship against the thresholds](\(c.chartFile))\n\n## Why each ship got its rating\n\n"
        for s in table.ships {
            guard let r = s.rating, let e = s.energyJPerM2, let f = s.forceNPerM2 else {
                md += "- **\(s.name)**: unrated — \(s.unratedReason ?? "no data").\n"
                continue
            }
            let er = t.energyRating(e)
            let fr = t.forceRating(f)
            md += "- **\(s.name)**: \(r) — energy \(fmt(e, 0)) J/m² gives \(er), force \(fmt(f, 0)) N/m² gives \(fr)"
            md += s.ratingBasis == "energy and force" ? "; both agree.\n" : "; \(s.ratingBasis ?? "") decides.\n"
        }
        let conflicts = table.ships.flatMap { s in (s.conflicts ?? []).map { (s.name, $0) } }
        md += "\n## Operator's page vs curated fleet file\n\n"
        if conflicts.isEmpty {
            md += "No conflicts: every curated value agrees with the page or fills a gap.\n"
        } else {
            md += "| Ship | Field | Page | Curated | Used | Why |\n|---|---|---|---|---|---|\n"
            for (name, k) in conflicts {
                md +=
                    "| \(name) | \(k.field) | \(fmt(k.pageValue, 1)) | \(fmt(k.curatedValue, 1)) | \(k.used) | \(k.reason) |\n"
            }
        }
        md += "\n## Against the app's hard-coded ratings\n\n"
        if let app {
            let differing = table.ships.compactMap { s -> String? in
                let a = app.ship(named: s.name)?.rating
                guard a != s.rating else { return nil }
                return "| \(s.name) | \(a.map(String.init) ?? "–") | \(s.rating.map(String.init) ?? "unrated") |"
            }
            md +=
                differing.isEmpty
                ? "The computed ratings equal the app's.\n"
                : "| Ship | App | Computed |\n|---|---|---|\n" + differing.joined(separator: "\n") + "\n"
        } else {
            md += "No app ratings file given.\n"
        }
        md += "\n## Changes against the previous table\n\n"
        if let diff = c.diff {
            md += "Compared with \(c.previousName ?? "the previous table").\n\n"
            if diff.isEmpty { md += "No ships added, removed or re-rated.\n" }
            for name in diff.added { md += "- added: \(name)\n" }
            for name in diff.removed { md += "- removed: \(name)\n" }
            for r in diff.rerated {
                md +=
                    "- re-rated: \(r.name) \(r.from.map(String.init) ?? "unrated") → \(r.to.map(String.init) ?? "unrated")\n"
            }
        } else {
            md += "No previous table.\n"
        }
        if !c.run.warnings.isEmpty {
            md += "\n## Warnings\n\n" + c.run.warnings.map { "- \($0)" }.joined(separator: "\n") + "\n"
        }
        return md
    }
}
