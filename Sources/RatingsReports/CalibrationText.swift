import TextFormats
package import WakeCalibration
import WakeModels

/// A calibration in words (what `nextwave calibrate` prints): how many observations, R², the
/// residual standard error and the leave-one-out error in ln H; each coefficient with its standard
/// error; and each published model against the observations where it is valid (bias factor, log
/// RMSE).
package enum CalibrationText {
    package static func summary(_ c: PowerLawCalibration) -> String {
        let law = c.powerLaw
        var text = "\(counted(c.observations, "observation")) (\(c.skipped) skipped); R² \(fixed(law.rSquared, 3))\n"
        text += "residual standard error \(fixed(law.residualStandardError, 3)) in ln H"
        text += law.leaveOneOutRmse.map { ", leave-one-out RMSE \(fixed($0, 3))" } ?? ""
        text += "\n\n"
        text += TextTable.render(
            header: ["Coefficient", "Value", "Std. error"],
            rows: law.coefficients.map { [$0.name, fixed($0.value, 4), fixed($0.standardError, 4)] },
            rightAligned: [1, 2])
        text += "\n\n"
        // Each model by its authors (the JSON's keys are for programs).
        let models =
            WakeModel.allCases.map { ($0.citation, $0.rawValue) }
            + [(WakeModel.ensembleCitation, PowerLawCalibration.ensembleKey)]
        let rows = models.map { title, key -> [String] in
            let m = c.models[key]
            return [
                title, String(m?.count ?? 0), m?.factor.map { fixed($0, 3) } ?? "–",
                m?.logRmse.map { fixed($0, 3) } ?? "–",
            ]
        }
        text += TextTable.render(
            header: ["Model", "Valid at", "Bias factor", "Log RMSE"], rows: rows, rightAligned: [1, 2, 3])
        text += """


            Bias factor: measured ÷ model height, geometric mean where the model is valid
            (1: unbiased; below 1: the model overpredicts). Log RMSE: root mean square
            error in ln H.
            """
        return text
    }
}
