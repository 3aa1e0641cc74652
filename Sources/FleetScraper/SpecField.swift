import Foundation

/// The figures a ship page may state, whatever its language or layout.
package enum SpecField: String, Sendable, CaseIterable, Codable {
    case length, beam, displacement, draft, buildYear, power, capacity, speed

    /// The field's name in messages ("length", "build year").
    package var words: String {
        switch self {
        case .buildYear: "build year"
        default: rawValue
        }
    }
}
