import NextWaveSupport
import ShipRatingTable
import ShipRatings
import WakeModels

extension RatingsMarkdown {
    /// The wake model: reference point, thresholds, and each ship's figures with the speed and
    /// the hull values the models' defaults stood in for.
    static func wakeModel(_ run: RatingRun) -> String {
        guard let settings = run.table.model.wake else { return "" }
        let t = settings.waveHeightM
        let speed =
            settings.speedMode == "fixed"
            ? "every ship at \(fixed(settings.speedKmh ?? 0, 1)) km/h"
            : "each ship at its published service speed, else its top speed, else \(fixed(settings.fallbackSpeedKmh ?? 0, 1)) km/h"
        var md = "\n## The distance-aware wake model\n\n"
        md += "Each ship's wake at a rider \(fixed(settings.distanceM, 0)) m from the sailing line in "
        md += "\(fixed(settings.depthM, 1)) m of water, \(speed): the median of the models valid there "
        md += "(Kriebel & Seelig 2005, Sorensen & Weggel 1984, PIANC 1987; docs/SCIENCE.md). "
        if let t {
            md += "Rating 3 above \(fixed(t[1], 3)) m, 2 above \(fixed(t[0], 3)) m"
            md += settings.thresholdsFitted ? ", thresholds fitted to the app's ratings" : ", thresholds as given"
        } else {
            md += "No wake ratings: there were no app ratings to fit the height thresholds to"
        }
        if let agreement = settings.agreementWithApp {
            md += " (\(agreement.matches) of \(agreement.of) ships rated as the app rates them)"
        }
        md +=
            ".\n\n| Ship | Speed (km/h) | H median (min–max) (m) | T (s) | λ (m) | E λ (J/m) | P⊥ (W/m) | Valid models | Defaults used |\n"
        md += "|---|---|---|---|---|---|---|---|---|\n"
        func n(_ v: Double?, _ d: Int) -> String { v.map { fixed($0, d) } ?? "–" }
        for s in run.table.ships {
            guard let w = s.wake else {
                md += "| \(s.name) | – | – | – | – | – | – | – | no length, beam and displacement |\n"
                continue
            }
            let height =
                w.waveHeightM.map { "\(fixed($0.median, 3)) (\(fixed($0.min, 3))–\(fixed($0.max, 3)))" } ?? "none valid"
            let models = w.validModels.compactMap { WakeModel(rawValue: $0)?.citation }.joined(separator: ", ")
            md += "| \(s.name) | \(fixed(w.speedKmh, 1)) (\(w.speedSource)) | \(height) | \(n(w.periodS, 2)) | "
            md += "\(n(w.wavelengthM, 1)) | \(n(w.energyPerWaveJPerM, 0)) | \(n(w.shorewardFluxWPerM, 1)) | "
            md +=
                "\(models.isEmpty ? "none" : models) | \(w.hullDefaults.isEmpty ? "none" : w.hullDefaults.joined(separator: ", ")) |\n"
        }
        let flagged = run.table.ships.filter { !($0.wake?.flags.isEmpty ?? true) }
        if !flagged.isEmpty {
            md += "\nFlags at the reference point:\n\n"
            for s in flagged { md += "- \(s.name): \(s.wake!.flags.joined(separator: "; "))\n" }
        }
        md += "\nDefaults (DHI's for ferries) where a value is not published: block coefficient 0.6, entrance "
        md += "length B / 0.4; the draft derived from D = ρ C_B L B T (or C_B from a published draft). "
        md += "Published values and their sources are in the curated fleet file.\n"
        return md
    }

    /// 3 × 3 tables of the legacy and the wake ratings against the app's.
    static func agreement(_ table: RatingTable, app: RatingLookup?) -> String {
        guard let app else { return "" }
        var md = "\n## Agreement with the app's ratings\n\nRows: the app's rating; columns: the model's.\n\n"
        for (title, rating) in [
            ("Legacy model", { (s: ShipRating) in s.ratingsByModel?.legacy ?? s.rating }),
            ("Wake model", { (s: ShipRating) in s.ratingsByModel?.wake }),
        ] {
            var counts = [[Int]](repeating: [0, 0, 0], count: 3)
            var matches = 0
            var compared = 0
            for s in table.ships {
                guard let a = app.ship(named: s.name)?.rating, let m = rating(s) else { continue }
                counts[a - 1][m - 1] += 1
                compared += 1
                if a == m { matches += 1 }
            }
            md += "\(title): \(matches) of \(compared) ships agree.\n\n| App ＼ model | 1 | 2 | 3 |\n|---|--:|--:|--:|\n"
            for a in 0..<3 { md += "| \(a + 1) | \(counts[a][0]) | \(counts[a][1]) | \(counts[a][2]) |\n" }
            md += "\n"
        }
        return md
    }

    /// Why the models and the riders disagree, with the numbers of both speed choices.
    static func disagreement(_ comparison: WakeComparison?) -> String {
        guard let comparison else { return "" }
        var md = "## Why the wake model and the riders disagree\n\n"
        func mean(_ v: WakeComparison.Variant, _ rating: Int) -> String {
            v.meanHeightByAppRating[rating - 1].map { fixed($0, 3) + " m" } ?? "–"
        }
        for v in [comparison.fixedSpeed, comparison.ownSpeed] {
            md += "- **\(v.label.prefix(1).uppercased() + v.label.dropFirst())**: the ships the app rates 3 make "
            md += "\(mean(v, 3)) on average at the reference point, those it rates 2 \(mean(v, 2)), those it rates 1 "
            md +=
                "\(mean(v, 1)); the best height thresholds rate \(v.matches) of \(v.compared) ships as the app does.\n"
        }
        md += "\n"
        md += modelsAcrossTheFleet(comparison.fixedSpeed)
        let fixedOrdered = ordered(comparison.fixedSpeed)
        let ownOrdered = ordered(comparison.ownSpeed)
        md += "\nAt one speed, λ, T and c are the same for every ship and "
        md +=
            fixedOrdered
            ? "the ensemble still ranks the app's higher-rated ships higher. "
            : "the ensemble does not rank the fleet as the riders do. "
        let gained = comparison.ownSpeed.matches - comparison.fixedSpeed.matches
        md += "At the ships' own speeds "
        if ownOrdered && !fixedOrdered {
            md +=
                "the ranking follows the riders' (\(gained >= 0 ? "+" : "")\(gained) ships agree): the speeds the big ships "
            md += "sail at explain much of the riders' ratings. "
        } else if gained > 0 {
            md += "\(gained) more \(gained == 1 ? "ship agrees" : "ships agree"), but the ranking still differs: "
            md += "the ships' own speeds narrow the gap without closing it. "
        } else {
            md += "no more ships agree: the ships' own speeds do not resolve it. "
        }
        let published = comparison.ownSpeed.speeds.values.filter { $0.source != "fallback" }.count
        md += "Only \(published) of \(comparison.ownSpeed.speeds.count) ships have a published speed (the rest sail "
        md += "at the fallback); the riders' ratings also reflect how close to shore and how often each ship passes, "
        md += "which no single reference point captures.\n"
        return md
    }

    /// Whether higher app ratings come with higher mean heights.
    static func ordered(_ v: WakeComparison.Variant) -> Bool {
        let means = v.meanHeightByAppRating.compactMap { $0 }
        return means.count >= 2 && zip(means, means.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// Each model's heights for the smallest and the largest hull at the fixed speed.
    static func modelsAcrossTheFleet(_ v: WakeComparison.Variant) -> String {
        let named = v.modelHeights.sorted { $0.key < $1.key }
        guard named.count >= 2 else { return "" }
        var md = "| Ship | " + WakeModel.allCases.map(\.citation).joined(separator: " | ") + " | Ensemble median |\n"
        md += "|---|" + String(repeating: "--:|", count: WakeModel.allCases.count + 1) + "\n"
        for (ship, heights) in named {
            md += "| \(ship) | " + heights.map { fixed($0, 3) }.joined(separator: " | ")
            md += " | " + (v.heights[ship].map { fixed($0, 3) } ?? "–")
            md += " |\n"
        }
        md += "\nHeights in m, \(v.label). Kriebel & Seelig and Sorensen & Weggel grow with the length Froude number: "
        md += "at one speed they make the smaller hulls wavier; PIANC does not depend on the hull at all, and where it "
        md += "lies between the other two the median is the same for every ship.\n"
        return md
    }
}
