import Foundation
package import ShipRatingTable
import TextFormats
import WakeCalibration
import WakeModels

/// The readable table `nextwave wake` prints (80 columns): per ship its hull, then one line per
/// point: the height at the rider (ensemble and band), the height as generated at the track and
/// the factor K = K_s K_r between them, the period and wavelength at the rider, its energy.
package enum WakeText {
    /// `wording` words where every spot is (``FleetRemedy/everySpot``) when the ranking shows
    /// only the first ``rankedSpots``.
    package static func render(_ table: WakeTable, wording: any RemedyWording) -> String {
        var out = ""
        var current = -1
        var extrapolated = false
        func n(_ v: Double?, _ d: Int) -> String { v.map { fixed($0, d) } ?? "–" }
        table.forEachPoint { ship, p, calibrated in
            if ship != current {
                current = ship
                let h = table.ensemble.hulls[ship]
                out += (ship == 0 ? "" : "\n") + "\(table.names[ship]): L \(fixed(h.lengthM, 1)) m, "
                out += "B \(fixed(h.beamM, 1)) m, D \(fixed(h.displacementT, 1)) t, T \(fixed(h.draftM, 2)) m"
                out += ", C_B \(fixed(h.blockCoefficient, 2)), L_e \(fixed(h.entranceLengthM, 1)) m\n"
                let notGiven = WakeHull.Field.allCases.filter { h.origins[$0] != .given }.map {
                    "\(symbol($0)) \(h.origins[$0].rawValue)"
                }
                if !notGiven.isEmpty { out += "  (\(notGiven.joined(separator: ", ")))\n" }
                out += pad(["km/h", "track", "rider", "dist", "H m", "band m", "gen m", "K", "T s", "λ m", "E J/m²"])
                out += table.calibration == nil ? "\n" : "  calibrated\n"
            }
            let band = p.waveHeightM.map { "\(fixed($0.min, 2))–\(fixed($0.max, 2))" } ?? "–"
            out += pad([
                n(p.speedKmh, 1), n(p.trackDepthM, 1), n(p.riderDepthM, 1), n(p.distanceM, 0),
                n(p.waveHeightM?.median, 3),
                band, n(p.generated?.median, 3), n(p.rider?.factor, 2), n(p.rider?.periodS, 2),
                n(p.rider?.wavelengthM, 1), n(p.energyJPerM2, 0),
            ])
            if let c = calibrated {
                out += "  \(fixed(c.waveHeightM, 3))\(c.withinObservations ? "" : "*")"
                extrapolated = extrapolated || !c.withinObservations
            }
            let words = notes(p)
            out += words.isEmpty ? "\n" : "  " + words + "\n"
        }
        if extrapolated {
            out +=
                "\n* calibrated: extrapolated (a speed, distance, depth or hull value lies outside\n"
                + "  the observations the law was fitted to).\n"
        }
        return out + ranking(table, wording: wording) + leftOut(table)
    }

    /// The fleet's ships the run could not compute, with why.
    static func leftOut(_ table: WakeTable) -> String {
        LeftOutShip.notComputed(table.leftOut).map { "\n\($0)\n" } ?? ""
    }

    /// The most spots ranked in the text (every spot: ``FleetRemedy/everySpot``).
    static let rankedSpots = 8

    /// With several ships: at each spot, which makes the largest wave (ties where the heights lie
    /// within each other's speed uncertainty).
    static func ranking(_ table: WakeTable, wording: any RemedyWording) -> String {
        guard table.names.count > 1 else { return "" }
        let spotCount = WakeRanking.spotCount(table)
        var out = "\nLargest wave first; a rank counts the ships whose wave is surely larger (beyond\n"
        out += "both speed uncertainties), and = marks a shared one:\n"
        let width = table.names.map(\.count).max() ?? 0
        WakeRanking.forEachSpot(table, limit: rankedSpots) { spot, entries in
            out += "  \(spot.words):\n"
            var previous: Int?
            for entry in entries {
                let h = entry.heightM.map { "\(fixed($0, 3)) m" } ?? "no height"
                let rank = entry.rank.map { $0 == previous ? "=\($0)" : "\($0)" } ?? "–"
                previous = entry.rank
                let name = entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
                out += "    \(String(repeating: " ", count: max(0, 3 - rank.count)))\(rank)  \(name)  \(h)\n"
            }
        }
        if spotCount > rankedSpots {
            out += "  … and \(spotCount - rankedSpots) more spots: \(wording.words(for: .everySpot)) for every one\n"
        }
        return out
    }

    static func symbol(_ field: WakeHull.Field) -> String {
        switch field {
        case .draftM: "T"
        case .blockCoefficient: "C_B"
        case .entranceLengthM: "L_e"
        }
    }

    /// The flags in a word or two each (the JSON and CSV have them in full).
    static func notes(_ p: WakePoint) -> String {
        var notes: [String] = []
        if p.aground { notes.append("aground") }
        switch p.regime {
        case .supercritical: notes.append("supercritical")
        case .transCritical: notes.append("trans-critical")
        case .subcritical: break
        }
        if p.breaking { notes.append("breaking") }
        if p.cusp != nil && p.rider == nil { notes.append("none arrives") }
        switch p.domain.standing {
        case .outside where !p.aground && p.regime != .supercritical:
            notes.append("outside the models' range (\(extrapolatedWho(p.domain, beyondOnly: true)))")
        case .extrapolated where !p.ensembleModels.isEmpty:
            notes.append("extrapolated (\(extrapolatedWho(p.domain)))")
        default: break
        }
        if p.ensembleModels.count == 2, p.waveHeightM?.median == 0 { notes.append("too slow for K&S") }
        return notes.joined(separator: ", ")
    }

    /// Who left a fitted range (or, with `beyondOnly`, its margin), in short: "K&S", "PIANC",
    /// "top speed", "planing".
    static func extrapolatedWho(_ domain: WakeDomain, beyondOnly: Bool = false) -> String {
        var who: [String] = []
        for e in domain.excursions where e.beyond || !beyondOnly {
            let name =
                switch e.member {
                case .kriebelSeelig2005?: "K&S"
                case .pianc1987?: "PIANC"
                case .sorensenWeggel1984?: "S&W"
                case nil: e.quantity == .speedKmh ? "top speed" : "planing"
                }
            if !who.contains(name) { who.append(name) }
        }
        return who.joined(separator: ", ")
    }

    static func pad(_ cells: [String]) -> String {
        let widths = [5, 5, 5, 4, 6, 10, 6, 4, 4, 5, 6]
        return zip(cells, widths).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }.joined(
            separator: " ")
    }
}
