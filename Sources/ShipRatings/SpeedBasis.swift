import Foundation
import LegacyWakeModel
import ShipRatingTable
import WakeKernelSupport

/// Where a ship's operating speed comes from (docs/SCIENCE.md §7), best first. A top speed is
/// never an operating speed.
public enum SpeedBasis: String, Sendable, Equatable, CaseIterable {
    /// Given for every ship (`--speed KMH`).
    case fixed
    /// A published service (cruising) speed.
    case published
    /// The cruising speed the archived courses show (``ShipRatingTable/CourseSpeedTable``).
    case courses
    /// A ship of the same length, beam and power, its displacement within 5 %, with one of the above.
    case sisterShip
    /// The Admiralty relation P ∝ Δ^(2/3) V³, its constant fitted on the ships with a known speed.
    case admiralty
}
