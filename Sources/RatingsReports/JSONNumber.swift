import JSONText
import WakeCalibration
import WakeModels

/// JSON numbers: shortest round-trip decimals, `null` for what does not exist (never NaN).
enum JSONNumber {
    static func text(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return "\(value)"
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String { PrettyJSON.quoted(text) }
}
