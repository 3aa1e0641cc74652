import SessionCore

/// Whose wake a wave is: the ship the operator assigned, the ships predicted from archived
/// days, or nobody known.
public enum WaveShip: Hashable, Sendable {
    case known(String)
    /// Most likely first; shares sum to 1 (``ShipPredictions``).
    case predicted([ShipShare])
    case none

    /// The known ship, or the most likely predicted one.
    public var likely: String? {
        switch self {
        case .known(let ship): ship
        case .predicted(let shares): shares.first?.ship
        case .none: nil
        }
    }
}
