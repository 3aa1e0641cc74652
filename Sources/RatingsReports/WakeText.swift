import NextWaveSupport
import WakeModels

/// The readable table `nextwave wake` prints: per ship its hull, then one line per point.
public enum WakeText {
    public static func render(_ table: WakeTable) -> String {
        var out = ""
        var current = -1
        func n(_ v: Double?, _ d: Int) -> String { v.map { fixed($0, d) } ?? "–" }
        table.forEachPoint { ship, p, calibrated in
            if ship != current {
                current = ship
                let h = table.ensemble.hulls[ship]
                out +=
                    (ship == 0 ? "" : "\n")
                    + "\(table.names[ship]): L \(fixed(h.lengthM, 1)) m, B \(fixed(h.beamM, 1)) m, "
                out +=
                    "D \(fixed(h.displacementT, 1)) t, T \(fixed(h.draftM, 2)) m, C_B \(fixed(h.blockCoefficient, 3)), "
                out += "L_e \(fixed(h.entranceLengthM, 1)) m"
                let notGiven = WakeHull.Field.allCases.filter { h.origins[$0] != .given }.map {
                    "\(symbol($0)) \(h.origins[$0].rawValue)"
                }
                out += notGiven.isEmpty ? "\n" : " (\(notGiven.joined(separator: ", ")))\n"
                out += pad(["km/h", "depth m", "dist m", "H med m", "min–max m", "T s", "λ m", "E J/m²", "P⊥ W/m"])
                out += table.calibration == nil ? "  notes\n" : "  calibrated [95 %]  notes\n"
            }
            let band = p.waveHeightM.map { "\(fixed($0.min, 3))–\(fixed($0.max, 3))" } ?? "–"
            out += pad([
                n(p.speedKmh, 1), n(p.depthM, 1), n(p.distanceM, 1), n(p.waveHeightM?.median, 3), band,
                n(p.cusp?.periodS, 2), n(p.cusp?.wavelengthM, 1), n(p.energyJPerM2, 1), n(p.shorewardFluxWPerM, 1),
            ])
            if let c = calibrated {
                out +=
                    "  \(fixed(c.waveHeightM, 3)) [\(fixed(c.lower95, 3))–\(fixed(c.upper95, 3))]\(c.withinObservations ? "" : "*")"
            }
            out += "  " + notes(p) + "\n"
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

    /// The flags in a few words each.
    static func notes(_ p: WakePoint) -> String {
        var notes: [String] = []
        if p.froudeDepth >= 1 {
            notes.append("supercritical")
        } else if p.froudeDepth > WakeFlags.transCritical {
            notes.append("trans-critical")
        }
        let outside = WakeModel.allCases.filter { p.models[$0]?.valid == false }
        if !outside.isEmpty {
            notes.append(
                "outside: "
                    + outside.map { $0.citation.split(separator: " ").first.map(String.init) ?? "" }.joined(
                        separator: ", "))
        }
        return notes.joined(separator: "; ")
    }

    static func pad(_ cells: [String]) -> String {
        let widths = [6, 8, 7, 8, 12, 6, 6, 8, 8]
        return zip(cells, widths).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }.joined(
            separator: " ")
    }
}
