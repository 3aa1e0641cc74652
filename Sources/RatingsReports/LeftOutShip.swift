/// A ship of the fleet a run over the whole fleet could not compute, and why (`wake`, `grid`).
public struct LeftOutShip: Sendable, Equatable {
    public var name: String
    /// Why, in words ("no published length, beam, displacement").
    public var reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    /// "Not computed: A, B (reason).": the sentence the wake reports end with; nil for none.
    public static func notComputed(_ ships: [LeftOutShip]) -> String? {
        ships.isEmpty ? nil : "Not computed: \(grouped(ships))."
    }

    /// "A, B (reason); C (other reason)": ships with the same reason together, reasons in the
    /// order they first occur.
    public static func grouped(_ ships: [LeftOutShip]) -> String {
        var reasons: [String] = []
        var names: [String: [String]] = [:]
        for ship in ships {
            if names[ship.reason] == nil { reasons.append(ship.reason) }
            names[ship.reason, default: []].append(ship.name)
        }
        return reasons.map { "\(names[$0]!.joined(separator: ", ")) (\($0))" }.joined(separator: "; ")
    }
}
