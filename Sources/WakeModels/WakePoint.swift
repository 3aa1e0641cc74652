/// Every figure of one ship at one speed, track depth, rider depth and distance (one cell of a
/// ``WakeEnsemble``), with `nil` wherever a figure does not exist.
package struct WakePoint: Sendable, Equatable {
    package struct ModelHeight: Sendable, Equatable {
        /// H_max of the model at the track, m (given also outside the model's range).
        package var waveHeightM: Double
        /// Whether the point is inside the model's published range.
        package var valid: Bool
    }

    package struct Range: Sendable, Equatable {
        /// The central height (the weighted geometric mean of Kriebel & Seelig and PIANC), m.
        package var median: Double
        package var min: Double
        package var max: Double
    }

    package var speedKmh: Double
    /// Where the ship sails, m.
    package var trackDepthM: Double
    /// At the rider's spot, m.
    package var riderDepthM: Double
    package var distanceM: Double
    /// Each model's height where the ship sails (at distance y, in water of the track's depth).
    package var models: [WakeModel: ModelHeight]
    /// The models that make the central height here (none where there is none).
    package var ensembleModels: [WakeModel]
    /// The central height's uncertainty by cause (log half-widths); the band is their sum in
    /// quadrature.
    package var uncertainty: HeightUncertainty
    /// The central height as generated, at the track's depth, with its band; nil when there is
    /// none (aground, supercritical).
    package var generated: Range?
    /// The central height at the rider's spot, with its band; nil without one or when no wave
    /// arrives.
    package var waveHeightM: Range?
    package var froudeLength: Double
    /// F_h at the track.
    package var froudeDepth: Double
    package var regime: WakeRegime
    /// The hull draws as much water as the track has, or more.
    package var aground: Bool
    /// The cusp waves at the track; nil when supercritical (F_h ≥ 1).
    package var cusp: CuspWaves?
    /// The cusp waves at the rider's spot; nil without cusp waves or when none arrive.
    package var rider: RiderWaves?
    /// The depth limit (0.78 h_r) caps the height at the rider: the wave breaks there.
    package var breaking: Bool
    /// At the rider: J/m²; nil without an ensemble height.
    package var energyJPerM2: Double?
    /// W/m; nil without an ensemble height or a wave at the rider.
    package var energyFluxWPerM: Double?
    package var shorewardFluxWPerM: Double?
    /// J/m.
    package var energyPerWaveJPerM: Double?
    /// What a rider should know, in words: aground, trans-critical, supercritical, breaking,
    /// outside a model's range.
    package var flags: [String]
}

extension WakeEnsemble {
    /// All figures of one cell.
    package func point(ship i: Int, speed j: Int, trackDepth k: Int, riderDepth m: Int, distance l: Int) -> WakePoint {
        let source = sourceIndex(ship: i, speed: j, trackDepth: k)
        let cell = cellIndex(ship: i, speed: j, trackDepth: k, riderDepth: m, distance: l)
        let pair = pairIndex(speed: j, trackDepth: k)
        func present(_ value: Double) -> Double? { value.isNaN ? nil : value }
        let heights: [WakeModel: Double] = [
            .kriebelSeelig2005: kriebelSeelig[cell], .sorensenWeggel1984: sorensenWeggel[cell], .pianc1987: pianc[cell],
        ]
        var models: [WakeModel: WakePoint.ModelHeight] = [:]
        for (model, height) in heights {
            models[model] = .init(waveHeightM: height, valid: isValid(model, source: source))
        }
        let members = ensembleModels(ship: i, speed: j, trackDepth: k)
        let spread = uncertainty[source].total.factors
        let generatedRange = present(generated[cell]).map { g in
            WakePoint.Range(median: g, min: g * spread.low, max: g.isFinite && g > 0 ? g * spread.high : g)
        }
        let waves = rider[transformIndex(speed: j, trackDepth: k, riderDepth: m)]
        let atRider = present(median[cell]).map { WakePoint.Range(median: $0, min: minimum[cell], max: maximum[cell]) }
        let breaking =
            waves.map { w in generatedRange.map { $0.median * w.factor > w.breakingHeightM } ?? false } ?? false
        let fh = froudeDepth[pair]
        let isAground = aground[i * trackDepthCount + k]
        return WakePoint(
            speedKmh: speedsKmh[j], trackDepthM: trackDepthsM[k], riderDepthM: riderDepthsM[m],
            distanceM: distancesM[l],
            models: models, ensembleModels: members, uncertainty: uncertainty[source],
            generated: generatedRange, waveHeightM: atRider,
            froudeLength: froudeLength[i * speedCount + j], froudeDepth: fh, regime: WakeRegime(froudeDepth: fh),
            aground: isAground, cusp: cusp[pair], rider: waves, breaking: breaking,
            energyJPerM2: present(energy[cell]), energyFluxWPerM: present(flux[cell]),
            shorewardFluxWPerM: present(shorewardFlux[cell]), energyPerWaveJPerM: present(energyPerWave[cell]),
            flags: WakeFlags.words(
                WakeFlags.Situation(
                    froudeDepth: fh, froudeLength: froudeLength[i * speedCount + j], fStar: fStar[source],
                    ksLoad: ksLoad[source], validity: validity[source], aground: isAground,
                    draftM: hulls[i].draftM, trackDepthM: trackDepthsM[k], riderDepthM: riderDepthsM[m],
                    cusp: cusp[pair], rider: waves, breaking: breaking, ensemble: members,
                    kriebelSeeligWave: kriebelSeelig[cell] > 0)))
    }
}

extension WakePoint {
    /// The point with the speed's share of the uncertainty added (a ship at its operating speed,
    /// whose standard error moves the height by `speed`): the bands at the track and at the
    /// rider widen accordingly; the central heights stay.
    package func adding(speed: HeightUncertainty.Spread) -> WakePoint {
        var p = self
        p.uncertainty = uncertainty.adding(speed: speed)
        let f = p.uncertainty.total.factors
        if let g = generated?.median {
            p.generated = Range(median: g, min: g * f.low, max: g > 0 ? g * f.high : g)
            if let h = waveHeightM?.median, let rider {
                let (k, cap) = (rider.factor, rider.breakingHeightM)
                p.waveHeightM = Range(median: h, min: min(cap, g * k * f.low), max: min(cap, g * k * f.high))
            }
        }
        return p
    }
}
