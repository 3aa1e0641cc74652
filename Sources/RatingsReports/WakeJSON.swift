import WakeCalibration
import WakeModels

/// The `nextwave wake --json` document:
/// `{"ships": [{"name", "hull": {lengthM, beamM, displacementT, draftM, blockCoefficient,
/// entranceLengthM, defaults}, "points": [{speedKmh, depthM, distanceM, models: {<model>:
/// {waveHeightM, valid}}, waveHeightM: {median, min, max}, froudeLength, froudeDepth,
/// cuspAngleDeg, celerityMPerS, wavelengthM, periodS, groupVelocityMPerS, energyJPerM2,
/// energyFluxWPerM, shorewardFluxWPerM, energyPerWaveJPerM, flags}]}]}`.
///
/// Points in speed, depth, distance order; every model's height even outside its range; `null`
/// where a figure does not exist (no cusp waves at F_h ≥ 1, no ensemble without a valid model).
/// With a calibration, `models.calibrated` adds `{waveHeightM, valid, lower95, upper95}` (`valid`:
/// inside the observations' range). Written as a stream, one point per line.
public enum WakeJSON {
    public static func write(_ table: WakeTable, sink: (String) throws -> Void) throws {
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
                chunk += "      \"points\": ["
            }
            chunk += (firstPoint ? "\n        " : ",\n        ") + point(p, calibrated)
            firstPoint = false
            if chunk.utf8.count > 1 << 20 {
                try sink(chunk)
                chunk = ""
            }
        }
        chunk += currentShip >= 0 ? "\n      ]\n    }\n  ]\n}\n" : "]\n}\n"
        try sink(chunk)
    }

    static func point(_ p: WakePoint, _ calibrated: PowerLawCalibration.Prediction?) -> String {
        let n = JSONNumber.text
        var models = WakeModel.allCases.map { model -> String in
            let m = p.models[model]!
            return "\"\(model.rawValue)\": {\"waveHeightM\": \(n(m.waveHeightM)), \"valid\": \(m.valid)}"
        }
        if let c = calibrated {
            models.append(
                "\"calibrated\": {\"waveHeightM\": \(n(c.waveHeightM)), \"valid\": \(c.withinObservations), "
                    + "\"lower95\": \(n(c.lower95)), \"upper95\": \(n(c.upper95))}")
        }
        let height = p.waveHeightM.map { "{\"median\": \(n($0.median)), \"min\": \(n($0.min)), \"max\": \(n($0.max))}" }
        var out = "{\"speedKmh\": \(n(p.speedKmh)), \"depthM\": \(n(p.depthM)), \"distanceM\": \(n(p.distanceM)), "
        out += "\"models\": {\(models.joined(separator: ", "))}, \"waveHeightM\": \(height ?? "null"), "
        out += "\"froudeLength\": \(n(p.froudeLength)), \"froudeDepth\": \(n(p.froudeDepth)), "
        out += "\"cuspAngleDeg\": \(n(p.cusp?.thetaDeg)), \"celerityMPerS\": \(n(p.cusp?.celerityMPerS)), "
        out += "\"wavelengthM\": \(n(p.cusp?.wavelengthM)), \"periodS\": \(n(p.cusp?.periodS)), "
        out += "\"groupVelocityMPerS\": \(n(p.cusp?.groupVelocityMPerS)), \"energyJPerM2\": \(n(p.energyJPerM2)), "
        out += "\"energyFluxWPerM\": \(n(p.energyFluxWPerM)), \"shorewardFluxWPerM\": \(n(p.shorewardFluxWPerM)), "
        out += "\"energyPerWaveJPerM\": \(n(p.energyPerWaveJPerM)), "
        out += "\"flags\": [\(p.flags.map(JSONNumber.string).joined(separator: ", "))]}"
        return out
    }
}
