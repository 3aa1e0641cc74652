/// How a wake-rated table chose the ships' speeds (`model.wake.speedMode`).
public enum SpeedMode: String, Codable, Sendable, CaseIterable {
    /// Every ship at one speed, `model.wake.speedKmh`.
    case fixed
    /// Each ship at its own operating speed: published service speed, archived courses, a sister
    /// ship or the Admiralty relation.
    case operating

    /// Reads `fixed` or `operating`; version 2 tables wrote `service` for `operating`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        switch text {
        case "fixed": self = .fixed
        case "operating", "service": self = .operating
        default:
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "speed mode \"\(text)\" is neither fixed nor operating")
        }
    }
}
