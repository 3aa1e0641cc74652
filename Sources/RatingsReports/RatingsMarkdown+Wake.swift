import Foundation
import ShipRatingTable
import ShipRatings
import TextFormats
import WakeModels
import WaveRating

extension RatingsMarkdown {
    /// The wake model: the reference point, each ship's speed and heights, the thresholds and the
    /// margins, the operating speeds and where they come from.
    static func wakeModel(_ run: RatingRun, app: RatingLookup?) -> String {
        guard let settings = run.table.model.wake else { return "" }
        let report = run.wake
        let speed =
            settings.speedMode == .fixed
            ? "every ship at \(fixed(settings.speedKmh ?? 0, 1)) km/h"
            : "each ship at its operating speed (below)"
        var md = "\n## The distance-aware wake model\n\n"
        md += "The wave a rider meets \(fixed(settings.distanceM, 0)) m from the sailing line, standing in "
        md +=
            "\(fixed(settings.riderDepthM, 1)) m of water, from a ship sailing over \(fixed(settings.trackDepthM, 1)) m, "
        md += "\(speed). The ship makes the wave over the track: the central height is the geometric mean of Kriebel & "
        md += "Seelig (2005) and PIANC (1987) with DIPRO's coefficient for motor ships (Sorensen & Weggel 1984 is "
        md += "shown beside them, not in it); the wave then shoals and refracts toward the rider and breaks at "
        md += "0.78 × depth (docs/SCIENCE.md §5). The rated wave is the diverging wave a rider meets at a safe "
        md += "distance: never in front of a ship, never the stern wave.\n\n"
        if let t = settings.thresholdHeightsM,
            let thresholds = try? HeightThresholds(t.two, t.three)
        {
            md += "Heights at the rider a rider can check: rating \(thresholds.words)"
            md +=
                settings.thresholdsFitted
                ? ", fitted to the riders' ratings where the physics separates ships (see below).\n\n"
                : ", as given.\n\n"
        } else {
            md +=
                "No wake ratings: \(report.fit?.reasonWithout ?? "there were no riders' ratings to fit thresholds to").\n\n"
        }
        md += "| Ship | Speed (km/h) | Basis | H generated (m) | H at rider (m) | Band by cause | T (s) | λ (m) | "
        md += "Wake | Left out | Riders | Margin |\n|---|--:|---|--:|--:|---|--:|--:|--:|--:|--:|--:|\n"
        func n(_ v: Double?, _ d: Int) -> String { v.map { fixed($0, d) } ?? "–" }
        for s in run.table.ships {
            let riders = (s.riderRating?.rating ?? app?.ship(named: s.name)?.rating).map(String.init) ?? "–"
            guard let w = s.wake, let h = w.waveHeightM else {
                let why = report.unrated[s.name] ?? s.wake?.flags.first ?? "no wake"
                md +=
                    "| \(s.name) | \(n(s.wake?.speedKmh, 1)) | \(s.wake?.speedBasis.rawValue ?? "–") | – | – | – | – | – | "
                md += "– | – | \(riders) | \(markdownCell(why)) |\n"
                continue
            }
            let spread = w.speedSpreadKmh.map { " ± \(fixed($0, 1))" } ?? ""
            let loo = report.fit?.leaveOneOut[s.name].map(String.init) ?? "–"
            let margin = report.fitShips[s.name].flatMap { ship -> String? in
                guard let m = report.fit?.logMargin(ship) else { return nil }
                let ratio = "×\(fixed(exp(abs(m)), 2)) \(m >= 0 ? "above" : "below")"
                return ship.logSpread > 0 && ship.logSpread.isFinite
                    ? "\(ratio) (\(fixed(abs(m) / ship.logSpread, 1)) u)" : ratio
            }
            md += "| \(s.name) | \(fixed(w.speedKmh, 1))\(spread) | \(w.speedBasis.rawValue) | "
            md +=
                "\(n(w.generatedWaveHeightM?.median, 3)) | \(fixed(h.median, 3)) (\(fixed(h.min, 3))–\(fixed(h.max, 3)))"
            md += "\(w.breaking ? " breaking" : "") | \(Self.causes(w.uncertainty)) | \(n(w.periodS, 2)) | "
            md +=
                "\(n(w.wavelengthM, 1)) | \(s.ratingsByModel?.wake.map(String.init) ?? "–") | \(loo) | \(riders) | "
            md += "\(margin ?? "–") |\n"
        }
        md += "\nH at rider: the central height, with its band in brackets (every cause together). Band by cause: "
        md += "how far each input that is not measured moves the height (÷ low, × high): speed, its standard error; "
        md += "entrance, a defaulted bow entrance length over L/L_e 2.5–4; C_B, a defaulted block coefficient over "
        md += "0.45–0.65; LWL, the waterline length 0.9–1.0 of the length over all; models, Kriebel & Seelig "
        md += "against PIANC. Measuring the largest removes the most. Left out: the rating by thresholds fitted "
        md += "without the ship (leave-one-out). Margin: how far the height lies from the nearest threshold, as a "
        md += "factor and in units u of the ship's own speed spread.\n"
        md += operatingSpeeds(run)
        let flagged = run.table.ships.filter { !($0.wake?.flags.isEmpty ?? true) }
        if !flagged.isEmpty {
            md += "\nFlags at the reference point:\n\n"
            for s in flagged { md += "- \(s.name): \(s.wake!.flags.joined(separator: "; "))\n" }
        }
        md += "\nHull defaults where a value is not published: block coefficient 0.55 (0.45–0.65), entrance length "
        md += "L / 3.2 (L/L_e 2.5–4); the draft derived from D = ρ C_B L B T.\n"
        return md
    }

    /// "speed ÷1.05 ×1.06, entrance ÷1.6 ×1.4, …": each cause's factors, largest first.
    static func causes(_ uncertainty: [String: ShipRating.Wake.Factors]?) -> String {
        guard let uncertainty, !uncertainty.isEmpty else { return "–" }
        let names = [
            "speed": "speed", "entranceLength": "entrance", "blockCoefficient": "C_B", "waterlineLength": "LWL",
            "models": "models",
        ]
        return uncertainty.sorted { max(1 / $0.value.low, $0.value.high) > max(1 / $1.value.low, $1.value.high) }
            .map { key, f in
                "\(names[key] ?? key) ÷\(fixed(1 / f.low, 2)) ×\(fixed(f.high, 2))"
            }.joined(separator: ", ")
    }

    /// Each ship's operating speed and its evidence, and the Admiralty fit.
    static func operatingSpeeds(_ run: RatingRun) -> String {
        guard let speeds = run.wake.speeds else { return "" }
        var md = "\n### Operating speeds\n\n"
        md += "A published service speed where there is one; else the cruising speed of the archived courses the "
        md += "ship ran (scheduled leg times against the piers' distance, t = t₀ + d/v); else a sister ship's; else "
        md += "the Admiralty relation P ∝ Δ^(2/3) V³ fitted on those ships. A top speed is never used "
        md += "(docs/SCIENCE.md §7).\n\n| Ship | km/h | ± (1 sd) | Basis | Source |\n|---|--:|--:|---|---|\n"
        for ship in run.fleet.ships {
            if let s = speeds.speeds[ship.name] {
                md += "| \(ship.name) | \(fixed(s.kmh, 1)) | \(s.spreadKmh.map { fixed($0, 1) } ?? "–") | "
                md += "\(s.basis.rawValue) | \(markdownCell(s.source)) |\n"
            } else if let why = speeds.missing[ship.name] {
                md += "| \(ship.name) | – | – | none | \(markdownCell(why)) |\n"
            }
        }
        if let a = speeds.admiralty, a.hulls >= 2 {
            md += "\nAdmiralty coefficient C = Δ^(2/3) V³ / P = \(fixed(a.coefficient, 1)) t^(2/3) kn³/kW "
            md += "(geometric mean over \(a.hulls) hulls, \(a.ships.count) ships, sisters as one; ln C spread "
            md += "\(fixed(a.logSpread, 2)), so ±\(fixed(100 * a.logSpread / 3, 0)) % in speed).\n"
        } else if let a = speeds.admiralty {
            md += "\nNo Admiralty estimate: the ships with a known speed, power and displacement "
            md += "(\(a.ships.joined(separator: ", "))) are of one hull, and its spread over hulls is unknown.\n"
        }
        return md
    }

    /// 3 × 3 tables of the legacy and the wake ratings against the app's; the wake rating's
    /// leave-one-out agreement, Kendall's τ, and what the physics can and cannot separate.
    static func agreement(_ run: RatingRun, app: RatingLookup?, wording: any RemedyWording) -> String {
        guard let app else { return "" }
        let table = run.table
        var md = "\n## Agreement with the app's ratings\n\nRows: the app's rating; columns: the model's.\n\n"
        func grid(_ title: String, _ counts: [[Int]], matches: Int, of compared: Int) -> String {
            var md =
                "\(title): \(matches) of \(compared) ships agree.\n\n| App ＼ model | 1 | 2 | 3 |\n|---|--:|--:|--:|\n"
            for a in 0..<3 { md += "| \(a + 1) | \(counts[a][0]) | \(counts[a][1]) | \(counts[a][2]) |\n" }
            return md + "\n"
        }
        var legacy = [[Int]](repeating: [0, 0, 0], count: 3)
        var legacyMatches = 0
        var legacyCompared = 0
        var legacyHeights: [(Double, Double)] = []
        for s in table.ships {
            guard let a = app.ship(named: s.name)?.rating?.rawValue,
                let m = (s.ratingsByModel?.legacy ?? s.rating)?.rawValue
            else {
                continue
            }
            legacy[a - 1][m - 1] += 1
            legacyCompared += 1
            if a == m { legacyMatches += 1 }
            if let h = s.waveHeightM { legacyHeights.append((h, Double(a))) }
        }
        md += grid("Legacy model", legacy, matches: legacyMatches, of: legacyCompared)
        if let fit = run.wake.fit, fit.thresholds == nil {
            md += "Wake model: no thresholds could be fitted (see above), so no ship has a wake rating to compare.\n\n"
        } else if let fit = run.wake.fit {
            md += grid(
                "Wake model, each ship rated by thresholds fitted without it (leave-one-out)", fit.confusion,
                matches: fit.leaveOneOutMatches, of: fit.compared)
            md += "With the thresholds fitted on every ship whose speed is known well enough, \(fit.matches) of "
            md += "\(fit.compared) agree; the leave-one-out count above is the honest one.\n\n"
        } else if let agreement = table.model.wake?.agreementWithApp {
            md += "Wake model (thresholds as given): \(agreement.matches) of \(agreement.of) ships agree.\n\n"
        }
        let legacyTau = WakeRatingFit.kendallTauB(legacyHeights.map { ($0.0, $0.1) })
        md += "Kendall's τ-b between height and the app's rating (1: the heights order the ships exactly as the "
        md += "riders rate them; 0: no relation; −1: the reverse): legacy H \(legacyTau.map { fixed($0, 2) } ?? "–"), "
        md += "wake H at the rider \(table.model.wake?.agreementWithApp?.kendallTau.map { fixed($0, 2) } ?? "–").\n"
        if let fit = run.wake.fit, !fit.gaps.isEmpty {
            md += "\n### What the physics can separate\n\nShips next to each other in height (lowest first). A "
            md += "threshold may only lie between two of them, where Kriebel & Seelig and PIANC order the ships on "
            md += "either side alike and no ship's height is within its own speed spread of it; elsewhere the "
            md += "ships rate alike, and no threshold lies below or above them all.\n\n"
            md += "| Lower | Upper | Gap | Separable |\n|---|---|--:|---|\n"
            for gap in fit.gaps {
                md += "| \(gap.lower) | \(gap.upper) | ×\(fixed(exp(gap.logGap), 2)) | "
                md += gap.separable ? "yes |\n" : "no: \(gap.reason ?? "") |\n"
            }
            let unseparated = fit.gaps.filter { !$0.separable }.count
            if unseparated > 0 {
                md += "\nThe physics does not separate \(unseparated) of \(fit.gaps.count) neighbouring pairs; "
                md += "no threshold was put between them.\n"
            }
            if !fit.setAside.isEmpty {
                md += "\nSet aside, because their speed is an estimate that moves their height by more than ×"
                md +=
                    "\(fixed(exp(WakeRatingFit.ratableLogSpread), 2)) either way: \(fit.setAside.joined(separator: ", ")). "
                md += "They place no threshold, and are rated only where their whole speed range lies on one side "
                md += "of every threshold. To measure their speeds, \(wording.words(for: .measureSpeeds)).\n"
            }
        }
        return md
    }

    /// The legacy and the wake rating side by side, and why they differ.
    static func sideBySide(_ run: RatingRun, app: RatingLookup?) -> String {
        guard let settings = run.table.model.wake else { return "" }
        var md = "\n## Legacy and wake side by side\n\n| Ship | Legacy H (m) | Legacy | Wake H at rider (m) | "
        md += "Wake | App |\n|---|--:|--:|--:|--:|--:|\n"
        var pairs: [(Double, Double)] = []
        for s in run.table.ships {
            let wake = s.wake?.waveHeightM?.median
            if let legacy = s.waveHeightM, let wake { pairs.append((legacy, wake)) }
            md += "| \(s.name) | \(s.waveHeightM.map { fixed($0, 2) } ?? "–") | "
            md += "\(s.ratingsByModel?.legacy.map(String.init) ?? "–") | \(wake.map { fixed($0, 3) } ?? "–") | "
            md += "\(s.ratingsByModel?.wake.map(String.init) ?? "–") | "
            md += "\(app?.ship(named: s.name)?.rating.map(String.init) ?? "–") |\n"
        }
        let tau = WakeRatingFit.kendallTauB(pairs.map { ($0.0, $0.1) })
        md += "\nWhy they differ. The legacy H = c_H D v² / (L B) has no distance and no depth below the keel; "
        md += "at one speed it grows with displacement per waterplane area, so heavy, full hulls rate high. "
        md += "The wake models give the height \(fixed(settings.distanceM, 0)) m away; at a given speed Kriebel & "
        md += "Seelig's grows with the length Froude number V/√(gL) and draft over depth, PIANC's with the draft, "
        md += "so a short hull at the same speed makes a higher wave by one and a deep one by the other, and the "
        md += "operating speeds decide much of the order. "
        md += "Kendall's τ-b between the two heights over the fleet: \(tau.map { fixed($0, 2) } ?? "–").\n"
        return md
    }

    /// A table cell: no pipes or line breaks.
    static func markdownCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "/").replacingOccurrences(of: "\n", with: " ")
    }
}
