import WakePhysics

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
        public var thresholds: RatingThresholds
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

        public init(page: String? = nil, curated: String? = nil, lengthM: String? = nil, beamM: String? = nil, displacementT: String? = nil) {
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
        public var used: String
        public var reason: String
    }

    public init(name: String, aliases: [String], source: Source) {
        self.name = name
        self.aliases = aliases
        self.source = source
    }
}
