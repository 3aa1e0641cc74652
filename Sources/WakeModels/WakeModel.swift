/// The published wake-height models the toolkit evaluates (DOMAIN §8.1), by their JSON keys.
public enum WakeModel: String, Sendable, CaseIterable, Codable {
    /// Kriebel & Seelig (2005), with Kriebel, Seelig & Judge's hull-shape factor.
    case kriebelSeelig2005
    /// Sorensen & Weggel (1984), as coded in DHI's comparison of ship-wake predictors.
    case sorensenWeggel1984
    /// PIANC (1987) / DIPRO, a speed-and-depth reference that does not depend on the hull.
    case pianc1987

    /// The bit of the model in a row's validity mask (the C kernel's order).
    var bit: UInt8 {
        switch self {
        case .kriebelSeelig2005: 1
        case .sorensenWeggel1984: 2
        case .pianc1987: 4
        }
    }

    /// "Kriebel & Seelig (2005)".
    public var citation: String {
        switch self {
        case .kriebelSeelig2005: "Kriebel & Seelig (2005)"
        case .sorensenWeggel1984: "Sorensen & Weggel (1984)"
        case .pianc1987: "PIANC (1987)"
        }
    }
}
