import WakeModels

/// A ship whose draft is at least a track depth asked for (`nextwave grid` and `nextwave wake`
/// refuse such points, naming the ship).
public struct AgroundShip: Sendable, Equatable {
    /// The ship's name.
    public var ship: String
    /// Its draft, m (published, or derived as the wake models derive it).
    public var draftM: Double
    /// The track depths asked for that are no deeper than the draft, m.
    public var trackDepthsM: [Double]

    public init(ship: String, draftM: Double, trackDepthsM: [Double]) {
        self.ship = ship
        self.draftM = draftM
        self.trackDepthsM = trackDepthsM
    }

    /// The ships of `ships` aground at any of `trackDepthsM`, each with those depths. The rule
    /// itself (a track no deeper than the draft) is ``WakeModels/WakeHull``'s, used by the
    /// kernels too.
    package static func among(_ ships: [(name: String, hull: WakeHull)], trackDepthsM: [Double]) -> [AgroundShip] {
        ships.compactMap { ship in
            let shallow = trackDepthsM.filter { ship.hull.isAground(trackDepthM: $0) }
            return shallow.isEmpty ? nil : AgroundShip(ship: ship.name, draftM: ship.hull.draftM, trackDepthsM: shallow)
        }
    }
}
