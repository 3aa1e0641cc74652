@_spi(Benchmarks) import FleetScraper
import Foundation
public import JobContract
@_spi(Benchmarks) import LegacyWakeModel
@_spi(Benchmarks) import RatingsReports
@_spi(Benchmarks) import ShipRatings
import TextFormats
import WakeKernelSupport
import WakeModels

/// Why `nextwave grid` refused its input.
public enum GridJobError: KindedError, Equatable {
    /// A grid the ships cannot sail or too large to hold: a usage error; a fleet without a ship
    /// to compute is bad data.
    public var kind: ProblemKind {
        if case .noShipComputable = self { return .badData }
        return .usage
    }

    /// A ship whose draft is at least a track depth asked for.
    public typealias Aground = AgroundShip

    case aground([Aground])
    /// `rows` is nil when the product overflows.
    case tooLarge(ships: Int, speeds: Int, depths: Int, rows: Int?)
    /// No ship of the fleet has the dimensions: the ships with what each lacks, grouped.
    case noShipComputable(String)

    public var description: String {
        switch self {
        case .aground(let ships):
            "aground: "
                + ships.map { a in
                    let depths =
                        a.trackDepthsM.count > 3
                        ? "\(a.trackDepthsM.count) track depths up to \(plain(a.trackDepthsM.max() ?? 0)) m"
                        : a.trackDepthsM.map { "\(plain($0)) m" }.joined(separator: ", ")
                    return "\(a.ship) draws \(plain((a.draftM * 100).rounded() / 100)) m (\(depths))"
                }.joined(separator: "; ")
                + "; every track depth must exceed \(plain(((ships.map(\.draftM).max() ?? 0) * 100).rounded(.up) / 100)) m"
        case .noShipComputable(let ships):
            "no ship of the fleet can be computed: \(ships)"
        case .tooLarge(let ships, let speeds, let depths, let rows):
            "\(ships) ships × \(speeds) speeds × \(depths) depths = "
                + (rows.map { "\($0) rows" } ?? "more rows than a 64-bit count holds")
                + " (\(rows.map { ByteCount.text(min($0, Int.max / 33) * 33) } ?? "far more than any memory") in memory); "
                + "the grid's limit is \(GridJob.maximumRows) rows (about 660 MB). Use fewer or coarser speeds or depths."
        }
    }
}
