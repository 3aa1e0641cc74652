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
        /// Kriebel & Seelig gives a wave (F* above 0.1 at its held depth).
        var kriebelSeeligWave: Bool
        /// The point against the members' fitted ranges and the ship's limits.
        var domain = WakeDomain()
    }

    static func words(_ s: Situation) -> [String] {
        var flags: [String] = []
        func f(_ x: Double) -> String { fixedTwo(x) }
        let fh = s.froudeDepth
        if s.aground {
            flags.append(
                "aground: the hull draws \(f(s.draftM)) m, and the track is only \(f(s.trackDepthM)) m deep; "
                    + "no wake is computed for a ship that cannot sail there")
        }
        switch s.domain.standing {
        case .outside where !s.aground && WakeRegime(froudeDepth: fh) != .supercritical:
            flags.append(
                "outside the models' range: " + s.domain.words.joined(separator: "; ")
                    + "; no central height is given (each model's own figure is, for reference)")
        case .extrapolated where !s.ensemble.isEmpty:
            flags.append(
                "extrapolated: " + s.domain.words.joined(separator: "; ")
                    + "; the central height is computed past the range its members were fitted to")
        default: break
        }
        switch WakeRegime(froudeDepth: fh) {
        case .supercritical:
            flags.append(
                "supercritical: the ship outruns every wave \(f(s.trackDepthM)) m of water can carry (depth Froude "
                    + "number \(f(fh)) ≥ 1); its wake is one long wave, not the usual pattern, and no published "
                    + "model holds, so no height is given — expect more than in deeper water, not less")
        case .transCritical:
            flags.append(
                "trans-critical: the ship is close to the speed limit of waves in \(f(s.trackDepthM)) m of water "
                    + "(depth Froude number \(f(fh)), 0.7–1); its wake widens and grows fast, beyond what the "
                    + "published models were fitted to: the height given is a lower bound — the larger, at the "
                    + "rider, of the ship's wave at this speed over water deep enough for a depth Froude number of "
                    + "0.7 and its wave over this track at the speed that gives 0.7, each carried to the rider as "
                    + "one wave — expect more")
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
            flags.append("outside Kriebel & Seelig's range (\(why))")
        }
        if !s.kriebelSeeligWave && !s.ensemble.isEmpty {
            flags.append(
                "too slow for Kriebel & Seelig to give a wave (F* at most 0.1): the central height is 0")
        }
        if s.validity & WakeModel.pianc1987.bit == 0 {
            let why =
                fh > 0.7
                ? "depth Froude number \(f(fh)) above 0.7" : "length Froude number \(f(s.froudeLength)) above 0.7"
            flags.append("outside PIANC's range (\(why))")
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
