package import JobContract
import WakeKernelSupport

/// A wake model input outside its range, named.
package enum WakeInputError: KindedError, Equatable {
    /// A hull's figures that the models cannot take: bad data of the fleet.
    package var kind: ProblemKind { .badData }

    case outOfRange(field: String, value: Double, range: String)
    case inconsistent(String)
    /// The given draft, displacement and hull need a block coefficient above 1.
    case blockCoefficientAboveOne(String)
    /// The draft derived from displacement, hull and block coefficient is implausible.
    case implausibleDraft(String)

    package var description: String {
        switch self {
        case .outOfRange(let field, let value, let range): "\(field) = \(value) is outside \(range)"
        case .inconsistent(let text), .blockCoefficientAboveOne(let text), .implausibleDraft(let text): text
        }
    }

    static func check(
        _ field: String, _ value: Double, in range: ClosedRange<Double>, excludingLower: Bool = false, unit: String
    ) throws {
        let inside = value.isFinite && range.contains(value) && !(excludingLower && value == range.lowerBound)
        guard inside else {
            let u = unit.isEmpty ? "" : " \(unit)"
            throw WakeInputError.outOfRange(
                field: field, value: value,
                range: "\(excludingLower ? "(" : "[")\(range.lowerBound), \(range.upperBound)]\(u)")
        }
    }
}
