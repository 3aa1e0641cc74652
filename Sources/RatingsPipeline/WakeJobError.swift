@_spi(Benchmarks) import FleetScraper
import Foundation
public import JobContract
@_spi(Benchmarks) import RatingsReports
import ShipRatingTable
@_spi(Benchmarks) import ShipRatings
import TextFormats
@_spi(Benchmarks) import WakeCalibration
@_spi(Benchmarks) import WakeModels

/// Why `nextwave wake` refused its input.
public enum WakeJobError: KindedError, Equatable {
    /// A ship without the figures the models need is bad data of the fleet; the rest asks for
    /// what cannot be computed (a usage error).
    public var kind: ProblemKind {
        if case .noDimensions = self { return .badData }
        if case .noShipComputable = self { return .badData }
        return .usage
    }

    /// A ship whose draft is at least a track depth asked for.
    public typealias Aground = AgroundShip

    case unknownShip(String, closest: [String])
    case aground([Aground])
    case noDimensions(ship: String, missing: [String])
    /// A run over the whole fleet where no ship has the figures the models need: the ships with
    /// what each lacks, ships with the same reason together.
    case noShipComputable(String)
    case tooManyPoints(ships: Int, speeds: Int, depths: Int, distances: Int, limit: Int)
    /// A distance from the sailing line no more than half a ship's beam: inside its hull.
    case insideHull(ship: String, distanceM: Double, halfBeamM: Double)
    /// Operating speeds asked for a hull given by its figures (``hullWithoutSpeed``), or ships
    /// without one: their names with why, ships with the same reason together.
    case noOperatingSpeed([String])

    /// What ``noOperatingSpeed(_:)`` holds for a hull given by its figures.
    public static let hullWithoutSpeed = "a hull given by its figures"

    public var description: String {
        switch self {
        case .unknownShip(let name, let closest):
            "no ship named \"\(name)\" in the fleet"
                + (closest.isEmpty ? "" : "; " + NameMatch.didYouMean(closest))
        case .noDimensions(let ship, let missing):
            "\(ship) has no published \(missing.joined(separator: ", "))"
        case .noShipComputable(let ships):
            "no ship of the fleet can be computed: \(ships)"
        case .aground(let ships):
            "aground: "
                + ships.map { a in
                    "\(a.ship) draws \(plain((a.draftM * 100).rounded() / 100)) m, more than a track depth of "
                        + a.trackDepthsM.map { "\(plain($0)) m" }.joined(separator: ", ")
                }.joined(separator: "; ")
                + "; the track must be deeper than \(plain(((ships.map(\.draftM).max() ?? 0) * 100).rounded(.up) / 100)) m (the rider's spot may be "
                + "shallower)"
        case .noOperatingSpeed(let reasons):
            "no operating speed for " + reasons.joined(separator: "; ")
        case .insideHull(let ship, let distance, let halfBeam):
            "a distance of \(plain(distance)) m from the sailing line is inside \(ship)'s hull (half its beam is "
                + "\(plain((halfBeam * 100).rounded() / 100)) m)"
        case .tooManyPoints(let ships, let speeds, let depths, let distances, let limit):
            "\(ships) ships × \(speeds) speeds × \(depths) depths × \(distances) distances is more than \(limit) points; "
                + "use coarser ranges or fewer ships"
        }
    }
}
