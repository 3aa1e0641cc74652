import Foundation
import TextFormats
package import WakeCalibration
import WakeModels

/// `calibrate --chart`: predicted against measured wave height, log-log, one panel per published
/// model, the ensemble and the fitted power law, each with the 1:1 line and its log bias and log
/// RMSE. A panel shows the observations where its model is valid.
package enum CalibrationChartSVG {
    package static func render(
        _ calibration: PowerLawCalibration, samples: [PowerLawCalibration.Sample], source: String
    )
        -> String
    {
        typealias Panel = (title: String, key: String?, points: [(Double, Double)])
        var panels: [Panel] = WakeModel.allCases.map { model in
            (model.citation, model.rawValue, samples.compactMap { s in s.models[model].map { ($0, s.observedM) } })
        }
        panels.append(
            (
                // The models of the central height, by their authors: Kriebel & Seelig and PIANC
                // (Sorensen & Weggel is not one of them; the title said so until 2026-11).
                WakeModel.ensembleCitation,
                PowerLawCalibration.ensembleKey,
                samples.compactMap { s in s.ensembleM.map { ($0, s.observedM) } }
            ))
        panels.append(("Fitted power law", nil, samples.map { ($0.fittedM, $0.observedM) }))
        let values = panels.flatMap { $0.points.flatMap { [$0.0, $0.1] } }.filter { $0 > 0 && $0.isFinite }
        let lowDecade = floor(log10(values.min() ?? 0.01))
        let highDecade = ceil(log10(values.max() ?? 1))
        let span = max(highDecade - lowDecade, 1)
        let (panelSize, gap, left, top) = (230.0, 70.0, 70.0, 105.0)
        let columns = 3
        let rows = (panels.count + columns - 1) / columns
        let width = left + Double(columns) * (panelSize + gap)
        let height = top + Double(rows) * (panelSize + gap) + 20
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="10" y="22" font-size="15" font-weight="bold">Predicted against measured wave height (log-log)</text>
            <text x="10" y="40" fill="#555">\(xmlEscaped(source)): \(calibration.observations) observations, \(samples.count) shown. Grey line: predicted = measured.</text>
            <text x="10" y="56" fill="#555">Each panel: the observations where that model is valid; log bias = mean ln(measured / predicted).</text>

            """
        for (index, panel) in panels.enumerated() {
            let x0 = left + Double(index % columns) * (panelSize + gap)
            let y0 = top + Double(index / columns) * (panelSize + gap)
            func px(_ v: Double) -> Double { x0 + (log10(v) - lowDecade) / span * panelSize }
            func py(_ v: Double) -> Double { y0 + panelSize - (log10(v) - lowDecade) / span * panelSize }
            let stats = panel.key.flatMap { calibration.models[$0] }
            let note =
                stats.map { s in
                    "n \(s.count)" + (s.logBias.map { ", bias \(fixed($0, 2))" } ?? "")
                        + (s.logRmse.map { ", RMSE \(fixed($0, 2))" } ?? "")
                } ?? "R² \(fixed(calibration.powerLaw.rSquared, 3))"
            svg +=
                "<text x=\"\(fixed(x0, 1))\" y=\"\(fixed(y0 - 22, 1))\" font-weight=\"bold\">\(xmlEscaped(panel.title))</text>\n"
            svg += "<text x=\"\(fixed(x0, 1))\" y=\"\(fixed(y0 - 8, 1))\" fill=\"#555\">\(xmlEscaped(note))</text>\n"
            svg +=
                "<rect x=\"\(fixed(x0, 1))\" y=\"\(fixed(y0, 1))\" width=\"\(fixed(panelSize, 1))\" height=\"\(fixed(panelSize, 1))\" fill=\"none\" stroke=\"#999\"/>\n"
            var decade = lowDecade
            while decade <= highDecade {
                let v = pow(10, decade)
                let label = decade >= 0 ? fixed(v, 0) : fixed(v, Int(-decade))
                svg +=
                    "<line x1=\"\(fixed(px(v), 1))\" y1=\"\(fixed(y0, 1))\" x2=\"\(fixed(px(v), 1))\" y2=\"\(fixed(y0 + panelSize, 1))\" stroke=\"#eee\"/>\n"
                svg +=
                    "<line x1=\"\(fixed(x0, 1))\" y1=\"\(fixed(py(v), 1))\" x2=\"\(fixed(x0 + panelSize, 1))\" y2=\"\(fixed(py(v), 1))\" stroke=\"#eee\"/>\n"
                svg +=
                    "<text x=\"\(fixed(px(v), 1))\" y=\"\(fixed(y0 + panelSize + 15, 1))\" text-anchor=\"middle\" fill=\"#333\">\(label)</text>\n"
                svg +=
                    "<text x=\"\(fixed(x0 - 5, 1))\" y=\"\(fixed(py(v) + 4, 1))\" text-anchor=\"end\" fill=\"#333\">\(label)</text>\n"
                decade += 1
            }
            let (lo, hi) = (pow(10, lowDecade), pow(10, highDecade))
            svg +=
                "<line x1=\"\(fixed(px(lo), 1))\" y1=\"\(fixed(py(lo), 1))\" x2=\"\(fixed(px(hi), 1))\" y2=\"\(fixed(py(hi), 1))\" stroke=\"#888\" stroke-width=\"1.5\"/>\n"
            for (predicted, measured) in panel.points where predicted > 0 && measured > 0 {
                guard predicted >= lo, predicted <= hi else { continue }
                svg +=
                    "<circle cx=\"\(fixed(px(predicted), 1))\" cy=\"\(fixed(py(measured), 1))\" r=\"2\" fill=\"#1f77b4\" fill-opacity=\"0.5\"/>\n"
            }
            if panel.points.isEmpty {
                svg +=
                    "<text x=\"\(fixed(x0 + panelSize / 2, 1))\" y=\"\(fixed(y0 + panelSize / 2, 1))\" text-anchor=\"middle\" fill=\"#a33\">valid at no observation</text>\n"
            }
            svg +=
                "<text x=\"\(fixed(x0 + panelSize / 2, 1))\" y=\"\(fixed(y0 + panelSize + 32, 1))\" text-anchor=\"middle\" fill=\"#333\">predicted (m)</text>\n"
            if index % columns == 0 {
                svg +=
                    "<text x=\"\(fixed(x0 - 45, 1))\" y=\"\(fixed(y0 + panelSize / 2, 1))\" text-anchor=\"middle\" transform=\"rotate(-90 \(fixed(x0 - 45, 1)) \(fixed(y0 + panelSize / 2, 1)))\">measured (m)</text>\n"
            }
        }
        svg += "</svg>\n"
        return svg
    }
}
