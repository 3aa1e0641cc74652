import Foundation
@_spi(Benchmarks) import RatingsReports
import Testing
import _TestSupport

/// The wake chart's axes end just above the largest value drawn, on a round tick.
@Suite struct ChartAxisTests {
    typealias Axis = WakeChartSVG.Axis

    /// The axis has this step (to rounding) and this many steps.
    func same(_ axis: Axis, _ step: Double, _ steps: Int) -> Bool {
        abs(axis.step - step) <= 1e-12 * step && axis.steps == steps
    }

    @Test func workedExamples() {
        // The committed wake report: heights up to 0.52 m were drawn on an axis to 1.00 m.
        #expect(same(Axis(reaching: 0.52), 0.1, 6))
        #expect(same(Axis(reaching: 0.5), 0.1, 5))
        #expect(same(Axis(reaching: 200), 50, 4))
        #expect(same(Axis(reaching: 300), 50, 6))
        #expect(same(Axis(reaching: 0.11), 0.02, 6))
        #expect(Axis(reaching: 0.11).decimals == 2 && Axis(reaching: 0.14).decimals == 3)  // 0.025 steps
        #expect(Axis(reaching: .nan).top == 1 && Axis(reaching: 0).top == 1 && Axis(reaching: -3).top == 1)
        #expect(Axis(reaching: .greatestFiniteMagnitude).top >= .greatestFiniteMagnitude)
    }

    /// Over values from 10⁻⁴ to 10⁵: the axis reaches the value, wastes less than one step, takes
    /// one to six steps of 1, 2, 2.5 or 5 × 10ⁿ, and no finer such step would do.
    @Test func theFinestRoundStepThatReachesTheValue() {
        var rng = SplitMix64(seed: 11)
        let nice = [1.0, 2, 2.5, 5]
        for _ in 0..<5_000 {
            let largest = pow(10, -4 + 9 * Double(rng.next() % 1_000_000) / 1_000_000)
            let axis = Axis(reaching: largest)
            #expect(axis.top >= largest * (1 - 1e-9) && axis.top - axis.step < largest, "\(largest): \(axis)")
            #expect((1...Axis.maximumSteps).contains(axis.steps))
            let magnitude = pow(10, log10(axis.step).rounded(.down))
            let mantissa = axis.step / magnitude
            #expect(nice.contains { abs($0 - mantissa) < 1e-9 }, "\(axis.step)")
            // The next finer round step would need more than six.
            let finer = nice.map { $0 * magnitude / 10 } + nice.map { $0 * magnitude }
            for step in finer where step < axis.step * (1 - 1e-12) {
                #expect((largest / step).rounded(.up) > Double(Axis.maximumSteps) - 1e-9, "\(largest): \(step)")
            }
        }
    }
}
