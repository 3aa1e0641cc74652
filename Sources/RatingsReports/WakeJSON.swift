import ShipRatingTable
import WakeCalibration
import WakeModels

/// The `nextwave wake --json` document:
/// ```
/// {"ships": [{"name", "hull": {lengthM, beamM, displacementT, draftM, blockCoefficient,
///   entranceLengthM, defaults}, "points": [point]}]}
/// point = {speedKmh, trackDepthM, depthM, distanceM,
///   models: {<model>: {waveHeightM, valid, inEnsemble}},           at the track
///   generated: {waveHeightM: {median, min, max} | null, froudeLength, froudeDepth, regime,
///               cuspAngleDeg, celerityMPerS, wavelengthM, periodS, groupVelocityMPerS},
///   waveHeightM: {median, min, max} | null,                        at the rider
///   shoaling, refraction, breaking, directionDeg, celerityMPerS, wavelengthM, periodS,
///   groupVelocityMPerS, energyJPerM2, energyFluxWPerM, shorewardFluxWPerM, energyPerWaveJPerM,
///   uncertainty: {<cause>: {low, high}}, domain: {standing, excursions: [...]}, flags: [text]}
/// ```
/// `depthM` is the rider's depth, `trackDepthM` the ship's. Points in speed, track depth, rider
/// depth, distance order; every model's height even outside its range; `null` where a figure does
/// not exist (no cusp waves at F_h ≥ 1, no ensemble where no model holds, no wave where none
/// arrives). With a calibration, `models.calibrated` adds `{waveHeightM, valid, lower95, upper95}`
/// (`valid`: inside the observations' range). Each point's `uncertainty` gives the band by cause
/// (`speed`, `entranceLength`, `blockCoefficient`, `waterlineLength`, `models`: `{low, high}`
/// multipliers on the height; `models` also `kriebelSeeligOverPianc`, the members' full ratio).
/// `domain` says whether the central height is `inside` its members' fitted ranges,
/// `extrapolated` (within the margin: each quantity past its range, `{member, quantity, value,
/// fitted, limit}`) or `outside` (no central height). After the ships, `ranking` lists, at every spot, the ships
/// largest wave first (`rank` shared where heights lie within each other's speed uncertainty).
/// With operating speeds each ship's points are at its own speed, which the ship's
/// `operatingSpeed` `{kmh, spreadKmh, basis}` states (`spreadKmh` one standard deviation, null
/// for an exact one; `basis` published, courses, sisterShip or admiralty). Over the whole fleet,
/// `leftOut` (only when there are any) lists the ships not computed, `{name, reason}`.
/// Written as a stream, one point per line.
package enum WakeJSON {
    package static func write(_ table: WakeTable, sink: (String) throws -> Void) throws {
        var chunk = "{\n  \"ships\": ["
        var currentShip = -1
        var firstPoint = true
        let n = JSONNumber.text
        try table.forEachPoint { ship, p, calibrated in
            if ship != currentShip {
                if currentShip >= 0 { chunk += "\n      ]\n    }," }
                currentShip = ship
                firstPoint = true
                let h = table.ensemble.hulls[ship]
                chunk += "\n    {\n      \"name\": \(JSONNumber.string(table.names[ship])),\n"
                chunk += "      \"hull\": {\"lengthM\": \(n(h.lengthM)), \"beamM\": \(n(h.beamM)), "
                chunk += "\"displacementT\": \(n(h.displacementT)), \"draftM\": \(n(h.draftM)), "
                chunk +=
                    "\"blockCoefficient\": \(n(h.blockCoefficient)), \"entranceLengthM\": \(n(h.entranceLengthM)), "
                chunk += "\"defaults\": [\(h.defaults.map(JSONNumber.string).joined(separator: ", "))]},\n"
                if let column = table.operating?[ship] {
                    chunk += "      \"operatingSpeed\": {\"kmh\": \(n(table.ensemble.speedsKmh[column.speed])), "
                    chunk +=
                        "\"spreadKmh\": \(n(column.spreadKmh)), \"basis\": \(JSONNumber.string(column.basis.rawValue))},\n"
                }
                chunk += "      \"points\": ["
            }
            chunk += (firstPoint ? "\n        " : ",\n        ") + point(p, calibrated)
            firstPoint = false
            if chunk.utf8.count > 1 << 20 {
                try sink(chunk)
                chunk = ""
            }
        }
        chunk += currentShip >= 0 ? "\n      ]\n    }\n  ],\n  \"ranking\": [" : "],\n  \"ranking\": ["
        var first = true
        try WakeRanking.forEachSpot(table) { spot, entries in
            chunk += (first ? "\n    " : ",\n    ") + "{\"speedKmh\": \(n(spot.speedKmh)), "
            chunk += "\"trackDepthM\": \(n(spot.trackDepthM)), \"depthM\": \(n(spot.riderDepthM)), "
            chunk += "\"distanceM\": \(n(spot.distanceM)), \"ships\": ["
            chunk +=
                entries.map { entry in
                    "{\"name\": \(JSONNumber.string(entry.name)), \"rank\": \(entry.rank.map(String.init) ?? "null"), "
                        + "\"waveHeightM\": \(n(entry.heightM))}"
                }.joined(separator: ", ") + "]}"
            first = false
            if chunk.utf8.count > 1 << 20 {
                try sink(chunk)
                chunk = ""
            }
        }
        chunk += first ? "]" : "\n  ]"
        if !table.leftOut.isEmpty {
            chunk += ",\n  \"leftOut\": ["
            chunk +=
                table.leftOut.map {
                    "\n    {\"name\": \(JSONNumber.string($0.name)), \"reason\": \(JSONNumber.string($0.reason))}"
                }
                .joined(separator: ",") + "\n  ]"
        }
        chunk += "\n}\n"
        try sink(chunk)
    }

    /// `{"speed": {"low", "high"}, …}`: the band's multipliers by cause; `models` also gives the
    /// members' full ratio, Kriebel & Seelig's height over PIANC's (`kriebelSeeligOverPianc`).
    static func uncertainty(_ u: HeightUncertainty, _ p: WakePoint) -> String {
        let n = JSONNumber.text
        let parts = HeightUncertainty.Cause.allCases.compactMap { cause -> String? in
            guard let spread = u[cause] else { return nil }
            let f = spread.factors
            let ratio = cause == .models ? ", \"kriebelSeeligOverPianc\": \(n(p.membersRatio))" : ""
            return "\"\(cause.rawValue)\": {\"low\": \(n(f.low)), \"high\": \(n(f.high))\(ratio)}"
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// `{"standing": "inside" | "extrapolated" | "outside", "excursions": [{member, quantity,
    /// value, fitted, limit}]}`: the point against its members' fitted ranges (`member` null for
    /// the ship's own top speed and planing).
    static func domain(_ d: WakeDomain) -> String {
        let n = JSONNumber.text
        let excursions = d.excursions.map { e in
            "{\"member\": \(e.member.map { "\"\($0.rawValue)\"" } ?? "null"), \"quantity\": \"\(e.quantity.rawValue)\", "
                + "\"value\": \(n(e.value)), \"fitted\": \(n(e.fitted)), \"limit\": \(n(e.limit))}"
        }
        return "{\"standing\": \"\(d.standing.rawValue)\", \"excursions\": [\(excursions.joined(separator: ", "))]}"
    }

    static func range(_ r: WakePoint.Range?) -> String {
        let n = JSONNumber.text
        return r.map { "{\"median\": \(n($0.median)), \"min\": \(n($0.min)), \"max\": \(n($0.max))}" } ?? "null"
    }

    static func point(_ p: WakePoint, _ calibrated: PowerLawCalibration.Prediction?) -> String {
        let n = JSONNumber.text
        var models = WakeModel.allCases.map { model -> String in
            let m = p.models[model]!
            return "\"\(model.rawValue)\": {\"waveHeightM\": \(n(m.waveHeightM)), \"valid\": \(m.valid), "
                + "\"inEnsemble\": \(p.ensembleModels.contains(model))}"
        }
        if let c = calibrated {
            models.append(
                "\"calibrated\": {\"waveHeightM\": \(n(c.waveHeightM)), \"valid\": \(c.withinObservations), "
                    + "\"lower95\": \(n(c.lower95)), \"upper95\": \(n(c.upper95))}")
        }
        var out =
            "{\"speedKmh\": \(n(p.speedKmh)), \"trackDepthM\": \(n(p.trackDepthM)), \"depthM\": \(n(p.riderDepthM)), "
        out += "\"distanceM\": \(n(p.distanceM)), \"models\": {\(models.joined(separator: ", "))}, "
        out += "\"generated\": {\"waveHeightM\": \(range(p.generated)), \"froudeLength\": \(n(p.froudeLength)), "
        out += "\"froudeDepth\": \(n(p.froudeDepth)), \"regime\": \"\(p.regime.rawValue)\", "
        out += "\"cuspAngleDeg\": \(n(p.cusp?.thetaDeg)), \"celerityMPerS\": \(n(p.cusp?.celerityMPerS)), "
        out += "\"wavelengthM\": \(n(p.cusp?.wavelengthM)), \"periodS\": \(n(p.cusp?.periodS)), "
        out += "\"groupVelocityMPerS\": \(n(p.cusp?.groupVelocityMPerS))}, "
        out += "\"waveHeightM\": \(range(p.waveHeightM)), \"uncertainty\": \(uncertainty(p.uncertainty, p)), "
        out += "\"domain\": \(domain(p.domain)), "
        out += "\"shoaling\": \(n(p.rider?.shoaling)), "
        out += "\"refraction\": \(n(p.rider?.refraction)), \"breaking\": \(p.breaking), "
        out += "\"directionDeg\": \(n(p.rider?.directionToTrackDeg)), \"celerityMPerS\": \(n(p.rider?.celerityMPerS)), "
        out += "\"wavelengthM\": \(n(p.rider?.wavelengthM)), \"periodS\": \(n(p.rider?.periodS)), "
        out += "\"groupVelocityMPerS\": \(n(p.rider?.groupVelocityMPerS)), \"energyJPerM2\": \(n(p.energyJPerM2)), "
        out += "\"energyFluxWPerM\": \(n(p.energyFluxWPerM)), \"shorewardFluxWPerM\": \(n(p.shorewardFluxWPerM)), "
        out += "\"energyPerWaveJPerM\": \(n(p.energyPerWaveJPerM)), "
        out += "\"flags\": [\(p.flags.map(JSONNumber.string).joined(separator: ", "))]}"
        return out
    }
}
