/// The table the Next Wave apps consume (`ship-ratings.json`, schema in
/// `schemas/ship-ratings.schema.json`).
public struct RatingTable: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// ISO-8601 time of generation.
    public var generatedAt: String
    public var model: Model
    public var ships: [ShipRating]

    public init(schemaVersion: Int = currentSchemaVersion, generatedAt: String, model: Model, ships: [ShipRating]) {
        self.schemaVersion = schemaVersion
        self.generatedAt = generatedAt
        self.model = model
        self.ships = ships
    }

    public struct Model: Codable, Sendable, Equatable {
        /// "vesseldata-legacy" for the legacy formulas.
        public var name: String
        /// Operating point: ship speed, km/h (nil for hand-made tables).
        public var speedKmh: Double?
        /// Operating point: water depth, m.
        public var depthM: Double?
        public var thresholds: Thresholds

        public init(name: String, speedKmh: Double? = nil, depthM: Double? = nil, thresholds: Thresholds) {
            self.name = name
            self.speedKmh = speedKmh
            self.depthM = depthM
            self.thresholds = thresholds
        }
    }

    /// The rating thresholds the table was made with (strict: a value must exceed them).
    public struct Thresholds: Codable, Sendable, Equatable {
        /// Energy density above which the energy rating is 2 and 3, J/m² (ascending).
        public var energyJPerM2: [Double]
        /// Impact force above which the force rating is 2 and 3, N/m² (ascending).
        public var forceNPerM2: [Double]

        public init(energyJPerM2: [Double], forceNPerM2: [Double]) {
            self.energyJPerM2 = energyJPerM2
            self.forceNPerM2 = forceNPerM2
        }
    }
}

/// One ship of a ``RatingTable``.
public struct ShipRating: Codable, Sendable, Equatable {
    /// Name with type prefix, e.g. "MS Panta Rhei".
    public var name: String
    /// Other names the apps and the deployment page use, e.g. "EM Uetliberg".
    public var aliases: [String]
    /// 1–3, or nil when unrated (see ``unratedReason``).
    public var rating: Int?
    /// Which figure decided the rating: "energy", "force" or "energy and force".
    public var ratingBasis: String?
    public var unratedReason: String?
    public var lengthM: Double?
    public var beamM: Double?
    public var displacementT: Double?
    public var waveHeightM: Double?
    public var energyJPerM2: Double?
    public var forceNPerM2: Double?
    public var powerWPerM: Double?
    public var froudeLength: Double?
    public var froudeDepth: Double?
    public var reynolds: Double?
    public var source: Source
    /// Where the operator's page and the curated file disagree, and which value was used.
    public var conflicts: [Conflict]?

    public struct Source: Codable, Sendable, Equatable {
        /// The operator's page the ship was scraped from, if any.
        public var page: String?
        /// The curated entry, e.g. "Data/fleet.json#Panta Rhei".
        public var curated: String?
        /// The origin of each physics input: a page URL or a curated value's source.
        public var lengthM: String?
        public var beamM: String?
        public var displacementT: String?

        public init(
            page: String? = nil, curated: String? = nil, lengthM: String? = nil, beamM: String? = nil,
            displacementT: String? = nil
        ) {
            self.page = page
            self.curated = curated
            self.lengthM = lengthM
            self.beamM = beamM
            self.displacementT = displacementT
        }
    }

    public struct Conflict: Codable, Sendable, Equatable {
        public var field: String
        public var pageValue: Double
        public var curatedValue: Double
        /// "page" or "curated".
        public var used: String
        public var reason: String

        public init(field: String, pageValue: Double, curatedValue: Double, used: String, reason: String) {
            self.field = field
            self.pageValue = pageValue
            self.curatedValue = curatedValue
            self.used = used
            self.reason = reason
        }
    }

    public init(name: String, aliases: [String], source: Source) {
        self.name = name
        self.aliases = aliases
        self.source = source
    }
}

extension ShipRating {
    /// Encodes every documented field, with explicit `null` where there is no value, so that
    /// consumers see `"rating": null` for an unrated ship rather than a missing key.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(aliases, forKey: .aliases)
        try c.encode(rating, forKey: .rating)
        try c.encode(ratingBasis, forKey: .ratingBasis)
        try c.encode(unratedReason, forKey: .unratedReason)
        try c.encode(lengthM, forKey: .lengthM)
        try c.encode(beamM, forKey: .beamM)
        try c.encode(displacementT, forKey: .displacementT)
        try c.encode(waveHeightM, forKey: .waveHeightM)
        try c.encode(energyJPerM2, forKey: .energyJPerM2)
        try c.encode(forceNPerM2, forKey: .forceNPerM2)
        try c.encode(powerWPerM, forKey: .powerWPerM)
        try c.encode(froudeLength, forKey: .froudeLength)
        try c.encode(froudeDepth, forKey: .froudeDepth)
        try c.encode(reynolds, forKey: .reynolds)
        try c.encode(source, forKey: .source)
        try c.encodeIfPresent(conflicts, forKey: .conflicts)
    }
}
