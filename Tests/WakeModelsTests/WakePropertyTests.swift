import Foundation
import Testing
import _TestSupport

@_spi(Benchmarks) @testable import WakeModels

/// The properties the physics must hold (issue 28, docs/SCIENCE.md §5.2), each over at least
/// 10,000 random hulls and operating points. A property is checked on the central height the
/// tool reports, with a relative slack of 1e-12 for rounding.
@Suite struct WakePropertyTests {
    static let slack = 1e-12

    /// A random physical hull: any mix of published and defaulted values.
    static func hull(_ rng: inout SplitMix64) throws -> WakeHull { try WakeEnsembleTests.randomHull(&rng) }

    /// (a) At a fixed speed and rider spot, the height at the track does not fall as the track
    /// shoals toward F_h = 0.7 (nor beyond, where it is the value at 0.7).
    @Test func aShoalingTrackNeverGivesASmallerWave() throws {
        var rng = SplitMix64(seed: 0xA)
        var points = 0
        while points < 10_000 {
            let hull = try Self.hull(&rng)
            let kmh = rng.uniform(3, 45)
            let v = kmh / 3.6
            let h07 = v * v / (9.81 * 0.49)
            let shallowest = max(0.8 * h07, hull.draftM * 1.01)
            let deepest = max(shallowest * 1.5, rng.uniform(20, 200))
            let tracks = (0..<40).map { deepest * pow(shallowest / deepest, Double($0) / 39) }  // deep → shallow
            let grid = try WakeEnsemble(
                hulls: [hull], speedsKmh: [kmh], trackDepthsM: tracks, riderDepthsM: [rng.uniform(0.5, 5)],
                distancesM: [rng.uniform(5, 500)])
            var previous = 0.0
            for k in tracks.indices {
                let p = grid.point(ship: 0, speed: 0, trackDepth: k, riderDepth: 0, distance: 0)
                guard p.regime != .supercritical, let h = p.generated?.median else { continue }
                #expect(h >= previous * (1 - Self.slack), "\(hull) \(kmh) km/h: \(previous) → \(h) over \(tracks[k]) m")
                previous = h
                points += 1
            }
        }
    }

    /// (b) No switch-on cliffs: across the accepted speeds (1–100 km/h) in +2 % steps, the central
    /// height never rises faster than its steepest member model.
    @Test func theCentralHeightNeverRisesFasterThanItsSteepestMember() throws {
        var rng = SplitMix64(seed: 0xB)
        var points = 0
        let speeds = (0..<233).map { pow(1.02, Double($0)) }.filter { $0 <= 100 }
        while points < 10_000 {
            let hull = try Self.hull(&rng)
            let track = max(hull.draftM * 1.2, rng.uniform(1, 120))
            let grid = try WakeEnsemble(
                hulls: [hull], speedsKmh: speeds, trackDepthsM: [track], riderDepthsM: [rng.uniform(0.5, 5)],
                distancesM: [rng.uniform(5, 500)])
            for j in 1..<speeds.count {
                let a = grid.point(ship: 0, speed: j - 1, trackDepth: 0, riderDepth: 0, distance: 0)
                let b = grid.point(ship: 0, speed: j, trackDepth: 0, riderDepth: 0, distance: 0)
                guard let ha = a.generated?.median, let hb = b.generated?.median, ha > 0, hb > 0 else { continue }
                let steepest = WakeModel.ensemble.map {
                    log(b.models[$0]!.waveHeightM / a.models[$0]!.waveHeightM)
                }.max()!
                #expect(log(hb / ha) <= steepest + Self.slack, "\(hull): \(speeds[j - 1]) → \(speeds[j]) km/h")
                points += 1
            }
        }
    }

    /// (c) The height at the rider never rises with distance.
    @Test func theWaveNeverGrowsWithDistance() throws {
        var rng = SplitMix64(seed: 0xC)
        var points = 0
        while points < 10_000 {
            let hull = try Self.hull(&rng)
            let distances = (0..<100).map { _ in rng.uniform(1, 2000) }.sorted()
            let grid = try WakeEnsemble(
                hulls: [hull], speedsKmh: [rng.uniform(3, 40)],
                trackDepthsM: [max(hull.draftM * 1.2, rng.uniform(1, 80))],
                riderDepthsM: [rng.uniform(0.3, 8)], distancesM: distances)
            var previous = Double.infinity
            for l in distances.indices {
                let p = grid.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: l)
                guard let h = p.waveHeightM?.median else { continue }
                #expect(h <= previous * (1 + Self.slack), "\(hull) at \(distances[l]) m: \(previous) → \(h)")
                previous = h
                points += 1
            }
        }
    }

    /// (d) At equal length, beam, speed and track, more displacement never gives a smaller wave:
    /// with the draft following the displacement, with a published draft, and with a published
    /// block coefficient.
    @Test func moreDisplacementNeverGivesASmallerWave() throws {
        var rng = SplitMix64(seed: 0xD)
        var points = 0
        while points < 10_000 {
            let (L, B) = (rng.uniform(15, 90), rng.uniform(3, 14))
            let kind = rng.index(3)
            let draft = rng.uniform(0.5, 3)
            let cb = rng.uniform(0.4, 0.8)
            let displacements = (0..<25).map { _ in rng.uniform(0.2, 0.9) * L * B * (kind == 1 ? draft : 1.5) }.sorted()
            let hulls = try displacements.map { d in
                switch kind {
                case 0: try WakeHull(lengthM: L, beamM: B, displacementT: d)
                case 1: try WakeHull(lengthM: L, beamM: B, displacementT: d, draftM: draft)
                default: try WakeHull(lengthM: L, beamM: B, displacementT: d, blockCoefficient: cb)
                }
            }
            let deepest = hulls.map(\.draftM).max()!
            let grid = try WakeEnsemble(
                hulls: hulls, speedsKmh: [rng.uniform(3, 40)], trackDepthsM: [deepest * rng.uniform(1.05, 30)],
                riderDepthsM: [rng.uniform(0.5, 5)], distancesM: [rng.uniform(5, 500)])
            var previous = 0.0
            for i in hulls.indices {
                let p = grid.point(ship: i, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
                guard let h = p.generated?.median else { continue }
                #expect(h >= previous * (1 - Self.slack), "\(hulls[i]): \(previous) → \(h)")
                previous = h
                points += 1
            }
        }
    }

    /// (e) Every point with 0.7 ≤ F_h < 1 over a track the hull floats in has a height, flagged
    /// trans-critical as a lower bound.
    @Test func everyTransCriticalPointHasAHeight() throws {
        var rng = SplitMix64(seed: 0xE)
        for _ in 0..<10_000 {
            let hull = try Self.hull(&rng)
            let fh = rng.uniform(0.7, 0.999_999)
            let track = max(hull.draftM * rng.uniform(1.05, 5), 0.3)
            let kmh = fh * (9.81 * track).squareRoot() * 3.6
            let grid = try WakeEnsemble(
                hulls: [hull], speedsKmh: [kmh], trackDepthsM: [track], riderDepthsM: [rng.uniform(0.5, 5)],
                distancesM: [rng.uniform(5, 500)])
            let p = grid.point(ship: 0, speed: 0, trackDepth: 0, riderDepth: 0, distance: 0)
            #expect(p.regime == .transCritical, "F_h \(p.froudeDepth)")
            let h = try #require(p.generated?.median, "\(hull) at F_h \(fh)")
            #expect(h >= 0 && h.isFinite)
            #expect(p.flags.contains { $0.hasPrefix("trans-critical") && $0.contains("lower bound") })
        }
    }

    /// (f) The band always contains the central height, at the track and at the rider.
    @Test func theBandContainsTheCentralHeight() throws {
        var rng = SplitMix64(seed: 0xF)
        var points = 0
        while points < 10_000 {
            let hulls = try (0..<4).map { _ in try Self.hull(&rng) }
            let grid = try WakeEnsemble(
                hulls: hulls, speedsKmh: (0..<5).map { _ in rng.uniform(1, 100) },
                trackDepthsM: (0..<5).map { _ in rng.uniform(0.3, 200) }, riderDepthsM: [rng.uniform(0.1, 10)],
                distancesM: (0..<5).map { _ in rng.uniform(1, 3000) })
            for i in 0..<4 {
                for j in 0..<5 {
                    for k in 0..<5 {
                        for l in 0..<5 {
                            let p = grid.point(ship: i, speed: j, trackDepth: k, riderDepth: 0, distance: l)
                            for range in [p.generated, p.waveHeightM].compactMap({ $0 }) {
                                #expect(range.min <= range.median && range.median <= range.max, "\(range)")
                            }
                            points += 1
                        }
                    }
                }
            }
        }
    }
}
