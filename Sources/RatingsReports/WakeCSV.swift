package import CSVText
import WakeCalibration
import WakeModels

/// `wake.csv`: one row per ship × speed × track depth × rider depth × distance, every figure at
/// full precision, empty cells where a figure does not exist; column names with units. The
/// models' heights and `generated…` are at the track; `waveHeight…` and what follows at the rider.
package enum WakeCSV {
    package static func header(calibrated: Bool) -> [String] {
        var columns = ["ship", "speedKmh", "trackDepthM", "depthM", "distanceM"]
        for model in WakeModel.allCases { columns += ["\(model.rawValue)M", "\(model.rawValue)Valid"] }
        if calibrated { columns += ["calibratedM", "calibratedLower95M", "calibratedUpper95M", "calibratedValid"] }
        columns += [
            "ensembleModels", "generatedMedianM", "generatedMinM", "generatedMaxM", "froudeLength", "froudeDepth",
            "regime", "domain", "domainExcursions", "cuspAngleDeg", "periodS", "waveHeightMedianM", "waveHeightMinM",
            "waveHeightMaxM",
        ]
        for cause in HeightUncertainty.Cause.allCases { columns += ["\(cause.rawValue)Low", "\(cause.rawValue)High"] }
        columns += [
            "kriebelSeeligOverPianc", "shoaling",
            "refraction", "breaking", "directionDeg", "celerityMPerS", "wavelengthM", "groupVelocityMPerS",
            "energyJPerM2", "energyFluxWPerM", "shorewardFluxWPerM", "energyPerWaveJPerM", "flags",
        ]
        return columns
    }

    /// The quantities past their fitted ranges, `member quantity=value` joined by "; "
    /// (`kriebelSeelig2005 fStar=0.55; ship speedKmh=34`).
    static func excursions(_ d: WakeDomain) -> String {
        d.excursions.map { "\($0.member?.rawValue ?? "ship") \($0.quantity.rawValue)=\($0.value)" }.joined(
            separator: "; ")
    }

    package static func write(_ table: WakeTable, style: CSVStyle = .standard, sink: (String) throws -> Void) throws {
        var chunk = style.preamble + CSVFormat.row(header(calibrated: table.calibration != nil), style: style)
        func n(_ v: Double?) -> String { v.map { $0.isFinite ? "\($0)" : "" } ?? "" }
        try table.forEachPoint { ship, p, calibrated in
            var row = [table.names[ship], n(p.speedKmh), n(p.trackDepthM), n(p.riderDepthM), n(p.distanceM)]
            for model in WakeModel.allCases {
                let m = p.models[model]!
                row += [n(m.waveHeightM), m.valid ? "true" : "false"]
            }
            if let c = calibrated { row += [n(c.waveHeightM), n(c.lower95), n(c.upper95), "\(c.withinObservations)"] }
            row += [
                p.ensembleModels.map(\.rawValue).joined(separator: "; "), n(p.generated?.median), n(p.generated?.min),
                n(p.generated?.max), n(p.froudeLength), n(p.froudeDepth), p.regime.rawValue, p.domain.standing.rawValue,
                excursions(p.domain), n(p.cusp?.thetaDeg),
                n(p.cusp?.periodS), n(p.waveHeightM?.median), n(p.waveHeightM?.min), n(p.waveHeightM?.max),
            ]
            for cause in HeightUncertainty.Cause.allCases {
                let f = p.uncertainty[cause]?.factors
                row += [n(f?.low), n(f?.high)]
            }
            row += [
                n(p.membersRatio), n(p.rider?.shoaling), n(p.rider?.refraction), p.breaking ? "true" : "false",
                n(p.rider?.directionToTrackDeg), n(p.rider?.celerityMPerS), n(p.rider?.wavelengthM),
                n(p.rider?.groupVelocityMPerS), n(p.energyJPerM2), n(p.energyFluxWPerM), n(p.shorewardFluxWPerM),
                n(p.energyPerWaveJPerM), p.flags.joined(separator: "; "),
            ]
            chunk += CSVFormat.row(row, style: style)
            if chunk.utf8.count > 1 << 20 {
                try sink(chunk)
                chunk = ""
            }
        }
        try sink(chunk)
    }
}
