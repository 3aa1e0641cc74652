import NextWaveSupport
import WakeModels

/// `wake.csv`: one row per ship × speed × depth × distance, every figure at full precision,
/// empty cells where a figure does not exist; column names with units.
public enum WakeCSV {
    public static func header(calibrated: Bool) -> [String] {
        var columns = ["ship", "speedKmh", "depthM", "distanceM"]
        for model in WakeModel.allCases { columns += ["\(model.rawValue)M", "\(model.rawValue)Valid"] }
        if calibrated { columns += ["calibratedM", "calibratedLower95M", "calibratedUpper95M", "calibratedValid"] }
        columns += [
            "waveHeightMedianM", "waveHeightMinM", "waveHeightMaxM", "froudeLength", "froudeDepth", "cuspAngleDeg",
            "celerityMPerS", "wavelengthM", "periodS", "groupVelocityMPerS", "energyJPerM2", "energyFluxWPerM",
            "shorewardFluxWPerM", "energyPerWaveJPerM", "flags",
        ]
        return columns
    }

    package static func write(_ table: WakeTable, style: CSVStyle = .standard, sink: (String) throws -> Void) throws {
        var chunk = style.preamble + CSVFormat.row(header(calibrated: table.calibration != nil), style: style)
        func n(_ v: Double?) -> String { v.map { $0.isFinite ? "\($0)" : "" } ?? "" }
        try table.forEachPoint { ship, p, calibrated in
            var row = [table.names[ship], n(p.speedKmh), n(p.depthM), n(p.distanceM)]
            for model in WakeModel.allCases {
                let m = p.models[model]!
                row += [n(m.waveHeightM), m.valid ? "true" : "false"]
            }
            if let c = calibrated { row += [n(c.waveHeightM), n(c.lower95), n(c.upper95), "\(c.withinObservations)"] }
            row += [
                n(p.waveHeightM?.median), n(p.waveHeightM?.min), n(p.waveHeightM?.max), n(p.froudeLength),
                n(p.froudeDepth), n(p.cusp?.thetaDeg), n(p.cusp?.celerityMPerS), n(p.cusp?.wavelengthM),
                n(p.cusp?.periodS), n(p.cusp?.groupVelocityMPerS), n(p.energyJPerM2), n(p.energyFluxWPerM),
                n(p.shorewardFluxWPerM), n(p.energyPerWaveJPerM), p.flags.joined(separator: "; "),
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
