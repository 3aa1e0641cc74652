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
        /// The ensemble's height (for two models the median of their log heights), m.
        package var median: Double
        package var min: Double
        package var max: Double
    }

    package var speedKmh: Double
    /// Where the ship sails, m.
    package var trackDepthM: Double
    /// At the rider's spot, m.
    package var depthM: Double
    package var distanceM: Double
    /// Each model's height where the ship sails (at distance y, in water of the track's depth).
    package var models: [WakeModel: ModelHeight]
    /// The models in the ensemble here.
    package var ensembleModels: [WakeModel]
    /// Each ensemble model's share of its weight here: 1 inside its range, less just beyond it.
    package var shares: [WakeModel: Double]
    /// The ensemble as generated, at the track's depth; nil when no model holds.
    package var generated: Range?
    /// The ensemble at the rider's spot; nil when no model holds or no wave arrives.
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
        let generatedRange = present(generated[cell]).map { g in
            let band = members.map { heights[$0]! }
            return WakePoint.Range(median: g, min: band.min() ?? g, max: band.max() ?? g)
        }
        let waves = rider[transformIndex(speed: j, trackDepth: k, riderDepth: m)]
        let atRider = present(median[cell]).map { WakePoint.Range(median: $0, min: minimum[cell], max: maximum[cell]) }
        let breaking =
            waves.map { w in generatedRange.map { $0.median * w.factor > w.breakingHeightM } ?? false } ?? false
        let fh = froudeDepth[pair]
        let isAground = aground[i * trackDepthCount + k]
        return WakePoint(
            speedKmh: speedsKmh[j], trackDepthM: trackDepthsM[k], depthM: riderDepthsM[m], distanceM: distancesM[l],
            models: models, ensembleModels: members,
            shares: [
                .kriebelSeelig2005: shares[source].kriebelSeelig, .sorensenWeggel1984: shares[source].sorensenWeggel,
            ],
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
                    shares: shares[source])))
    }
}

/// The warnings a point carries, in words a rider understands.
package enum WakeFlags {
    /// Depth Froude number above which the wake is trans-critical.
    package static let transCritical = WakeRegime.subcriticalLimit

    /// What the words describe.
    struct Situation {
        var froudeDepth: Double
        var froudeLength: Double
        var fStar: Double
        var ksLoad: Double
        var validity: UInt8
        var aground: Bool
        var draftM: Double
        var trackDepthM: Double
        var riderDepthM: Double
        var cusp: CuspWaves?
        var rider: RiderWaves?
        var breaking: Bool
        var ensemble: [WakeModel]
        var shares: (kriebelSeelig: Double, sorensenWeggel: Double)
    }

    static func words(_ s: Situation) -> [String] {
        var flags: [String] = []
        func f(_ x: Double) -> String { fixedTwo(x) }
        func share(_ x: Double) -> String { x > 0 ? "; just beyond it, so it keeps \(f(x)) of its weight" : "" }
        let fh = s.froudeDepth
        if s.aground {
            flags.append(
                "aground: the hull draws \(f(s.draftM)) m, and the track is only \(f(s.trackDepthM)) m deep; "
                    + "no wake is computed for a ship that cannot sail there")
        }
        switch WakeRegime(froudeDepth: fh) {
        case .supercritical:
            flags.append(
                "supercritical: the ship outruns every wave \(f(s.trackDepthM)) m of water can carry (depth Froude "
                    + "number \(f(fh)) ≥ 1); its wake is one long wave, not the usual pattern, and the published "
                    + "models do not hold, so no height is given — expect more than in deeper water, not less")
        case .transCritical:
            flags.append(
                "trans-critical: the ship is close to the speed limit of waves in \(f(s.trackDepthM)) m of water "
                    + "(depth Froude number \(f(fh)), 0.7–1); its wake widens and grows fast and the published "
                    + "models do not hold, so no height is given — expect more than in deeper water, not less")
        case .subcritical: break
        }
        if s.cusp != nil && s.rider == nil {
            flags.append(
                "no wave arrives: at \(f(s.riderDepthM)) m the waves would have to turn past the shoreline's "
                    + "direction (refraction) and turn back before reaching the rider")
        }
        if s.breaking {
            flags.append(
                "breaking: \(f(s.riderDepthM)) m of water carries at most \(f(RiderWaves.breakingIndex * s.riderDepthM)) "
                    + "m (0.78 × depth); the wave breaks before it reaches the rider, and that is its height there")
        }
        if s.validity & WakeModel.kriebelSeelig2005.bit == 0 {
            let why =
                s.fStar < 0.1 || s.fStar > 0.5
                ? "F* = \(f(s.fStar)), valid 0.1–0.5" : "β (F* − 0.1)² = \(f(s.ksLoad)), valid up to 0.4"
            flags.append("outside Kriebel & Seelig's range (\(why))" + share(s.shares.kriebelSeelig))
        }
        if s.validity & WakeModel.sorensenWeggel1984.bit == 0 {
            flags.append(
                "outside Sorensen & Weggel's range (length Froude number \(f(s.froudeLength)), valid 0.2–0.8)"
                    + share(s.shares.sorensenWeggel))
        }
        if s.validity & WakeModel.pianc1987.bit == 0 {
            let why =
                fh > 0.7
                ? "depth Froude number \(f(fh)) above 0.7" : "length Froude number \(f(s.froudeLength)) above 0.7"
            flags.append("PIANC reference outside its range (\(why))")
        }
        if s.ensemble.isEmpty && !s.aground && WakeRegime(froudeDepth: fh) == .subcritical {
            flags.append("no ensemble model holds here: no height is given")
        }
        return flags
    }

    /// Two decimals, without Foundation.
    static func fixedTwo(_ x: Double) -> String {
        guard x.isFinite, abs(x) < 1e15 else { return "\(x)" }
        let scaled = (abs(x) * 100).rounded()
        let whole = Int(scaled) / 100
        let fraction = Int(scaled) % 100
        return (x < 0 && scaled > 0 ? "-" : "") + "\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
