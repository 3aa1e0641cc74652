/// The published wake-height models the toolkit evaluates (docs/SCIENCE.md §5.1), by their JSON keys.
package enum WakeModel: String, Sendable, CaseIterable, Codable {
    /// Kriebel & Seelig (2005), with Kriebel, Seelig & Judge's hull-shape factor.
    case kriebelSeelig2005
    /// Sorensen & Weggel (1984), with the depth Froude number (a reference: not in the central
    /// height, docs/SCIENCE.md §5.2).
    case sorensenWeggel1984
    /// PIANC (1987) with DIPRO's coefficient for motor ships, A = 0.28 T^1.25.
    case pianc1987

    /// The bit of the model in a row's validity mask (the C kernel's order).
    var bit: UInt8 {
        switch self {
        case .kriebelSeelig2005: 1
        case .sorensenWeggel1984: 2
        case .pianc1987: 4
        }
    }

    /// Whether the model's height makes the central height. Sorensen & Weggel's does not: over
    /// the lake's tracks it falls as the track shoals and gives 1–3 m for a 380 t ferry at
    /// 17 km/h, far outside the tests it was fitted to; it is reported as a reference
    /// (docs/SCIENCE.md §5.2).
    package var inEnsemble: Bool { self != .sorensenWeggel1984 }

    /// The models whose heights make the central height.
    package static let ensemble: [WakeModel] = allCases.filter(\.inEnsemble)

    /// "Ensemble (Kriebel & Seelig, PIANC)": the central height by the authors of its models.
    package static var ensembleCitation: String {
        "Ensemble (" + ensemble.map { String($0.citation.prefix { $0 != "(" }.dropLast()) }.joined(separator: ", ")
            + ")"
    }

    /// "Kriebel & Seelig (2005)".
    package var citation: String {
        switch self {
        case .kriebelSeelig2005: "Kriebel & Seelig (2005)"
        case .sorensenWeggel1984: "Sorensen & Weggel (1984)"
        case .pianc1987: "PIANC (1987) with DIPRO's A"
        }
    }
}
