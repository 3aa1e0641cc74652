public import Foundation
public import WaveRating

/// The published rating table (`ship-ratings.json`, schema versions 1–4, or the manifest's
/// current file) as an app needs it: each ship's rating, found by any name the deployment page
/// or the timetable uses. Foundation only, so the app can drop its hard-coded ratings.
///
/// ```swift
/// let table = try PublishedRatings(data: data)
/// table.rating(for: "EM Uetliberg")   // .three
/// ```
public struct PublishedRatings: Sendable, Decodable {
    /// One ship of the table.
    public struct Ship: Sendable, Decodable, Equatable {
        /// The full name, e.g. "MS Panta Rhei".
        public let name: String
        /// Other names the apps and the operator use ("Panta Rhei", "EM Uetliberg").
        public let aliases: [String]
        /// The rating, or nil when the ship is not rated.
        public let rating: Rating?
        /// The legacy model's wave height, m (nil without one).
        public let waveHeightM: Double?
        /// The distance-aware models' height at the rider's reference point, m (schema 2 and
        /// later; nil in version 1 and for unrated ships).
        public let wakeHeightM: Double?

        enum CodingKeys: String, CodingKey { case name, aliases, rating, waveHeightM, wake }
        enum WakeKeys: String, CodingKey { case waveHeightM }
        enum RangeKeys: String, CodingKey { case median }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            aliases = try c.decodeIfPresent([String].self, forKey: .aliases) ?? []
            rating = try c.decodeIfPresent(Rating.self, forKey: .rating)
            waveHeightM = try c.decodeIfPresent(Double.self, forKey: .waveHeightM)
            if c.contains(.wake), try !c.decodeNil(forKey: .wake) {
                let wake = try c.nestedContainer(keyedBy: WakeKeys.self, forKey: .wake)
                if wake.contains(.waveHeightM), try !wake.decodeNil(forKey: .waveHeightM) {
                    wakeHeightM = try wake.nestedContainer(keyedBy: RangeKeys.self, forKey: .waveHeightM)
                        .decodeIfPresent(Double.self, forKey: .median)
                } else {
                    wakeHeightM = nil
                }
            } else {
                wakeHeightM = nil
            }
        }
    }

    /// The table's format version (1 to 4).
    public let schemaVersion: Int
    /// When the table was made, ISO-8601.
    public let generatedAt: String
    public let ships: [Ship]

    /// The versions this reader knows; a later one is read for the fields above when it keeps them.
    public static let knownVersions = 1...4

    /// The largest table read: 4 MiB, a hundred times a real one (decoded JSON takes tens of
    /// times its size in memory).
    public static let maximumBytes = 4 << 20

    /// A table larger than ``maximumBytes``.
    public struct TooLarge: Error, CustomStringConvertible {
        public let bytes: Int
        public var description: String {
            "a rating table of \(bytes) bytes is larger than \(PublishedRatings.maximumBytes >> 20) MiB; refused"
        }
    }

    /// Decodes a table's bytes.
    /// - Throws: ``TooLarge`` above ``maximumBytes``; a `DecodingError` for bytes that are not a table.
    public init(data: Data) throws {
        guard data.count <= Self.maximumBytes else { throw TooLarge(bytes: data.count) }
        self = try JSONDecoder().decode(PublishedRatings.self, from: data)
    }

    enum CodingKeys: String, CodingKey { case schemaVersion, generatedAt, ships }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        generatedAt = try c.decodeIfPresent(String.self, forKey: .generatedAt) ?? ""
        ships = try c.decode([Ship].self, forKey: .ships)
    }

    /// The ship a name refers to: its full name first, then an alias (case, accents, spacing,
    /// quotation marks and ASCII umlaut spellings ignored: "M/S «Säntis»" = "m/s saentis").
    public func ship(named name: String) -> Ship? {
        let key = Self.key(name)
        return ships.first { Self.key($0.name) == key } ?? ships.first { $0.aliases.contains { Self.key($0) == key } }
    }

    /// The rating for a name, nil for a ship the table does not know or does not rate.
    public func rating(for name: String) -> Rating? { ship(named: name)?.rating }

    /// The form names are compared in.
    public static func key(_ name: String) -> String {
        let quotes: Set<Character> = ["«", "»", "‹", "›", "\"", "„", "“", "”", "‚", "‘", "’", "'"]
        let unquoted = String(name.map { quotes.contains($0) ? " " : $0 })
        let folded = unquoted.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
        )
        .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return folded.replacingOccurrences(of: "ae", with: "a").replacingOccurrences(of: "oe", with: "o")
            .replacingOccurrences(of: "ue", with: "u")
    }
}
