/// Every figure of one ship at one speed, depth and distance (one cell of a ``WakeEnsemble``),
/// with `nil` wherever a figure does not exist.
public struct WakePoint: Sendable, Equatable {
    public struct ModelHeight: Sendable, Equatable {
        /// H_max of the model, m (given also outside the model's range).
        public var waveHeightM: Double
        /// Whether the point is inside the model's validity range.
        public var valid: Bool
    }

    public struct Range: Sendable, Equatable {
        public var median: Double
        public var min: Double
        public var max: Double
    }

    public var speedKmh: Double
    public var depthM: Double
    public var distanceM: Double
    public var models: [WakeModel: ModelHeight]
    /// The ensemble of the valid models; nil when none is valid.
    public var waveHeightM: Range?
    public var froudeLength: Double
    public var froudeDepth: Double
    /// The cusp waves; nil when supercritical (F_h ≥ 1).
    public var cusp: CuspWaves?
    /// J/m²; nil without an ensemble height.
    public var energyJPerM2: Double?
    /// W/m; nil without an ensemble height or cusp waves.
    public var energyFluxWPerM: Double?
    public var shorewardFluxWPerM: Double?
    /// J/m.
    public var energyPerWaveJPerM: Double?
    /// Warnings in words: trans-critical, supercritical, outside a model's range.
    public var flags: [String]
}

extension WakeEnsemble {
    /// All figures of one cell.
    public func point(ship i: Int, speed j: Int, depth k: Int, distance l: Int) -> WakePoint {
        let row = rowIndex(ship: i, speed: j, depth: k)
        let cell = row * distanceCount + l
        let pair = j * depthCount + k
        func present(_ value: Double) -> Double? { value.isNaN ? nil : value }
        let models: [WakeModel: WakePoint.ModelHeight] = [
            .kriebelSeelig2005: .init(waveHeightM: kriebelSeelig[cell], valid: isValid(.kriebelSeelig2005, row: row)),
            .sorensenWeggel1984: .init(
                waveHeightM: sorensenWeggel[cell], valid: isValid(.sorensenWeggel1984, row: row)),
            .pianc1987: .init(waveHeightM: pianc[cell], valid: isValid(.pianc1987, row: row)),
        ]
        let range = present(median[cell]).map { WakePoint.Range(median: $0, min: minimum[cell], max: maximum[cell]) }
        return WakePoint(
            speedKmh: speedsKmh[j], depthM: depthsM[k], distanceM: distancesM[l], models: models, waveHeightM: range,
            froudeLength: froudeLength[i * speedCount + j], froudeDepth: froudeDepth[pair], cusp: cusp[pair],
            energyJPerM2: present(energy[cell]), energyFluxWPerM: present(flux[cell]),
            shorewardFluxWPerM: present(shorewardFlux[cell]), energyPerWaveJPerM: present(energyPerWave[cell]),
            flags: WakeFlags.words(
                froudeDepth: froudeDepth[pair], froudeLength: froudeLength[i * speedCount + j], fStar: fStar[row],
                ksLoad: ksLoad[row], validity: validity[row]))
    }
}

/// The warnings a point carries, in words a rider understands.
public enum WakeFlags {
    /// Depth Froude number above which the wake is trans-critical.
    public static let transCritical = 0.7

    static func words(froudeDepth fh: Double, froudeLength fl: Double, fStar: Double, ksLoad: Double, validity: UInt8)
        -> [String]
    {
        var flags: [String] = []
        func f(_ x: Double) -> String { fixedTwo(x) }
        if fh >= 1 {
            flags.append(
                "supercritical: the ship is faster than any wave this depth allows (depth Froude number \(f(fh)) ≥ 1); "
                    + "there are no cusp waves, and the models were fitted to slower wakes: treat any height here "
                    + "with great caution")
        } else if fh > transCritical {
            flags.append(
                "trans-critical: in this depth the wake widens and grows fast (depth Froude number \(f(fh)), "
                    + "0.7–1); the empirical models are unreliable here")
        }
        if validity & WakeModel.kriebelSeelig2005.bit == 0 {
            let why =
                fStar < 0.1 || fStar > 0.5
                ? "F* = \(f(fStar)), valid 0.1–0.5" : "β (F* − 0.1)² = \(f(ksLoad)), valid up to 0.4"
            flags.append("outside Kriebel & Seelig's range (\(why))")
        }
        if validity & WakeModel.sorensenWeggel1984.bit == 0 {
            flags.append("outside Sorensen & Weggel's range (length Froude number \(f(fl)), valid 0.2–0.8)")
        }
        if validity & WakeModel.pianc1987.bit == 0 {
            let why =
                fh > 0.7
                ? "depth Froude number \(f(fh)) above 0.7" : "length Froude number \(f(fl)) above 0.7"
            flags.append("outside PIANC's range (\(why))")
        }
        if validity & 7 == 0 { flags.append("no model is valid here: no ensemble height") }
        return flags
    }

    /// Two decimals, without Foundation.
    static func fixedTwo(_ x: Double) -> String {
        guard x.isFinite else { return "\(x)" }
        let scaled = (abs(x) * 100).rounded()
        let whole = Int(scaled) / 100
        let fraction = Int(scaled) % 100
        return (x < 0 && scaled > 0 ? "-" : "") + "\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
