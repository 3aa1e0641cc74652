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
    /// outside a model's range, extrapolated or outside the domain.
    package var flags: [String]
    /// Where the point stands against the members' fitted ranges and the ship's own limits: an
    /// extrapolated central height names the members that left their ranges; outside, there is none.
    package var domain = WakeDomain()
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
        let row = rowIndex(ship: i, speed: j, trackDepth: k, riderDepth: m)
        let atSlower = heldAtSlowerSpeed[row]
        let spread = uncertainty[row].total.factors
        let (higherMember, lowerMember) = (max(kriebelSeelig[cell], pianc[cell]), min(kriebelSeelig[cell], pianc[cell]))
        let generatedRange = present(generated[cell]).map { g in
            WakePoint.Range(
                median: g, min: WakePoint.bandBottom(central: g * spread.low, member: lowerMember),
                max: g.isFinite ? WakePoint.bandTop(central: g * spread.high, member: higherMember) : g)
        }
        let t = transformIndex(speed: j, trackDepth: k, riderDepth: m)
        let waves = atSlower ? slowerRider[t] : rider[t]
        let cuspWaves = atSlower ? slowerCusp[pair] : cusp[pair]
        let atRider = present(median[cell]).map { WakePoint.Range(median: $0, min: minimum[cell], max: maximum[cell]) }
        let breaking =
            waves.map { w in generatedRange.map { $0.median * w.factor > w.breakingHeightM } ?? false } ?? false
        let fh = froudeDepth[pair]
        let isAground = aground[i * trackDepthCount + k]
        return WakePoint(
            speedKmh: speedsKmh[j], trackDepthM: trackDepthsM[k], riderDepthM: riderDepthsM[m],
            distanceM: distancesM[l],
            models: models, ensembleModels: members, uncertainty: uncertainty[row],
            generated: generatedRange, waveHeightM: atRider,
            froudeLength: froudeLength[i * speedCount + j], froudeDepth: fh, regime: WakeRegime(froudeDepth: fh),
            aground: isAground, cusp: cuspWaves, rider: waves, breaking: breaking,
            energyJPerM2: present(energy[cell]), energyFluxWPerM: present(flux[cell]),
            shorewardFluxWPerM: present(shorewardFlux[cell]), energyPerWaveJPerM: present(energyPerWave[cell]),
            flags: WakeFlags.words(
                WakeFlags.Situation(
                    froudeDepth: fh, froudeLength: froudeLength[i * speedCount + j], fStar: fStar[source],
                    ksLoad: ksLoad[source], validity: validity[source], aground: isAground,
                    draftM: hulls[i].draftM, trackDepthM: trackDepthsM[k], riderDepthM: riderDepthsM[m],
                    cusp: cuspWaves, rider: waves, breaking: breaking, ensemble: members,
                    kriebelSeeligWave: kriebelSeelig[cell] > 0, domain: domain[source])),
            domain: domain[source])
    }
}

extension WakePoint {
    /// The members' full ratio at the track, Kriebel & Seelig's height over PIANC's (the `models`
    /// cause spans its square root either way); nil where either gives no wave.
    package var membersRatio: Double? {
        guard let ks = models[.kriebelSeelig2005]?.waveHeightM, let p = models[.pianc1987]?.waveHeightM, ks > 0, p > 0
        else { return nil }
        return ks / p
    }

    /// The top of a band: the central height times the band's high factor, and at least the
    /// higher member's height (where Kriebel & Seelig gives no wave the central height is 0 and
    /// PIANC's height is the top), as the kernel makes it (``HeightUncertainty/largestCauseLog``).
    package static func bandTop(central: Double, member: Double) -> Double {
        central > member ? central : member
    }

    /// The bottom of a band: the central height times the band's low factor, and at most the
    /// lower member's height.
    package static func bandBottom(central: Double, member: Double) -> Double {
        central < member ? central : member
    }

    /// The higher and the lower member's height at the track (Kriebel & Seelig, PIANC).
    package var higherMemberM: Double {
        max(models[.kriebelSeelig2005]?.waveHeightM ?? 0, models[.pianc1987]?.waveHeightM ?? 0)
    }
    package var lowerMemberM: Double {
        min(models[.kriebelSeelig2005]?.waveHeightM ?? 0, models[.pianc1987]?.waveHeightM ?? 0)
    }

    /// The point with the speed's share of the uncertainty added (a ship at its operating speed,
    /// whose standard error moves the height by `speed`): the bands at the track and at the
    /// rider widen accordingly; the central heights stay.
    package func adding(speed: HeightUncertainty.Spread) -> WakePoint {
        var p = self
        p.uncertainty = uncertainty.adding(speed: speed)
        let f = p.uncertainty.total.factors
        if let g = generated?.median {
            let (top, bottom) = (higherMemberM, lowerMemberM)
            p.generated = Range(
                median: g, min: Self.bandBottom(central: g * f.low, member: bottom),
                max: Self.bandTop(central: g * f.high, member: top))
            if let h = waveHeightM?.median, let rider {
                let (k, cap) = (rider.factor, rider.breakingHeightM)
                p.waveHeightM = Range(
                    median: h, min: min(cap, Self.bandBottom(central: g * k * f.low, member: bottom * k)),
                    max: min(cap, Self.bandTop(central: g * k * f.high, member: top * k)))
            }
        }
        return p
    }
}
