import Foundation

/// Journey categories that are ships, whose departures count as waves.
package enum ShipCategory {
    /// `BAT` (motor ship), `BAV` (paddle steamer), `FAE` (car ferry). Others are ignored.
    package static let all: Set<String> = ["BAT", "BAV", "FAE"]
}
