import SessionCore

/// Whose wake a wave is: the ship the operator assigned, the ships predicted from archived
/// days, or nobody known.
public enum WaveShip: Hashable, Sendable {
    case known(String)
    /// Most likely first; shares sum to 1 (``ShipPredictions``).
    case predicted([ShipShare])
    case none

    /// How a wave's ship is known, as every session report writes it (`shipSource` in
    /// `sessions.json`, `waves.csv` and `plan --json`).
    public enum Source: String, Sendable, CaseIterable {
        /// The operator's assignment names the ship.
        case known
        /// The ships that ran the course on archived days stand in for it.
        case predicted
        /// Neither.
        case none
    }

    /// How this wave's ship is known.
    public var source: Source {
        switch self {
        case .known: .known
        case .predicted: .predicted
        case .none: .none
        }
    }

    /// The known ship, or the most likely predicted one.
    public var likely: String? {
        switch self {
        case .known(let ship): ship
        case .predicted(let shares): shares.first?.ship
        case .none: nil
        }
    }
}
