/// A ship's wave rating, as the Next Wave app shows it: 1 small waves, 2 good waves, 3 the
/// biggest. The one type for a rating from the kernels' output (the legacy model's energy and
/// force classes, the wake model's height classes) through the published table to the points a
/// wave earns in a session (docs/SCIENCE.md §1–§2). Encoded as the number 1, 2 or 3.
public enum Rating: Int, Sendable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case one = 1
    case two = 2
    case three = 3

    /// The rating of a kernel's output byte or a table's number; nil outside 1…3.
    @inlinable public init?(_ value: some BinaryInteger) {
        guard let value = Int(exactly: value), let rating = Rating(rawValue: value) else { return nil }
        self = rating
    }

    /// Decodes the number 1, 2 or 3; another number is an error that says so.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(Int.self)
        guard let rating = Rating(rawValue: value) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "rating \(value) is not 1–3")
        }
        self = rating
    }

    @inlinable public static func < (a: Rating, b: Rating) -> Bool { a.rawValue < b.rawValue }

    public var description: String { String(rawValue) }
}
