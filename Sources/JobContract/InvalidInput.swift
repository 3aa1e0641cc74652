/// A job's input that `validate()` refused: which field (the Swift property's name, e.g.
/// `riderDepthsM`), the value given and what is accepted. Front ends map the field to their own
/// name for it (the command line to its flag).
public struct InvalidInput: KindedError, Equatable {
    /// The property of the job's input, e.g. `speedsKmh` or `heightThresholds`.
    public var field: String
    /// The value given, as text; nil when none was given.
    public var value: String?
    /// What the field accepts, e.g. `1…100 km/h`.
    public var accepted: String

    public init(field: String, value: String?, accepted: String) {
        self.field = field
        self.value = value
        self.accepted = accepted
    }

    /// Always ``ProblemKind/usage``.
    public var kind: ProblemKind { .usage }

    public var description: String { Self.message(field, value: value, accepted: accepted) }

    /// The message for `field` under any name (a front end passes its own, e.g. a flag).
    public static func message(_ name: String, value: String?, accepted: String) -> String {
        guard let value else { return "\(name) needs \(accepted)" }
        return "\(name) must lie in \(accepted), got \(value)"
    }
}
