/// The published wake-height models the toolkit evaluates (docs/SCIENCE.md §5.1), by their JSON keys.
package enum WakeModel: String, Sendable, CaseIterable, Codable {
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

    /// Whether the model's height joins the ensemble where it is valid. PIANC's does not: it is the
    /// same for every hull, so it could only pull every ship toward one value; it is reported as
    /// a reference (docs/SCIENCE.md §5.2).
    package var inEnsemble: Bool { self != .pianc1987 }

    /// The models whose heights make the ensemble.
    package static let ensemble: [WakeModel] = allCases.filter(\.inEnsemble)

    /// "Kriebel & Seelig (2005)".
    package var citation: String {
        switch self {
        case .kriebelSeelig2005: "Kriebel & Seelig (2005)"
        case .sorensenWeggel1984: "Sorensen & Weggel (1984)"
        case .pianc1987: "PIANC (1987)"
        }
    }
}
