/// The table the Next Wave apps consume (`ship-ratings.json`, schema in
/// `schemas/ship-ratings.schema.json`).
public struct RatingTable: Codable, Sendable, Equatable {
    /// The version this toolkit writes. Version 2 added the distance-aware wake model
    /// (`model.wake`, per ship `wake` and `ratingsByModel`).
    public static let currentSchemaVersion = 2
    /// The versions it reads.
    public static let readableSchemaVersions = 1...2

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
        /// The model whose rating is `rating`: "vesseldata-legacy" (the legacy formulas) or
        /// "wake-ensemble" (the distance-aware models); other names for hand-made tables.
        public var name: String
        /// The legacy model's operating point: ship speed, km/h (nil for hand-made tables).
        public var speedKmh: Double?
        /// The legacy model's operating point: water depth, m.
        public var depthM: Double?
        /// The legacy model's thresholds.
        public var thresholds: Thresholds
        /// The wake model's reference point and thresholds (schema 2; nil in version 1 tables).
        public var wake: WakeSettings?

        public init(
            name: String, speedKmh: Double? = nil, depthM: Double? = nil, thresholds: Thresholds,
            wake: WakeSettings? = nil
        ) {
            self.name = name
            self.speedKmh = speedKmh
            self.depthM = depthM
            self.thresholds = thresholds
            self.wake = wake
        }
    }

    /// Where the distance-aware models rate each ship, and how heights become ratings.
    public struct WakeSettings: Codable, Sendable, Equatable {
        /// The rider's distance from the sailing line, m.
        public var distanceM: Double
        /// Water depth, m.
        public var depthM: Double
        /// "fixed": every ship at `speedKmh`; "service": each ship at its published service speed
        /// (else its top speed, else `fallbackSpeedKmh`).
        public var speedMode: String
        /// The fixed speed, km/h (nil in service mode).
        public var speedKmh: Double?
        /// In service mode, the speed of ships without a published one, km/h.
        public var fallbackSpeedKmh: Double?
        /// Ensemble median height above which the rating is 2 and 3, m (strict); nil when they
        /// were to be fitted to the app's ratings and none were at hand (no wake ratings then).
        public var waveHeightM: [Double]?
        /// Whether `waveHeightM` was fitted to the app's ratings (else given by the user).
        public var thresholdsFitted: Bool
        /// Ships whose wake rating equals the app's, of those the app rates.
        public var agreementWithApp: Agreement?

        /// Where the heights were computed (distance, depth, speeds), without the thresholds: two
        /// tables with the same point have comparable heights.
        public var point: [Double?] { [distanceM, depthM, speedKmh, fallbackSpeedKmh, speedMode == "fixed" ? 0 : 1] }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(distanceM, forKey: .distanceM)
            try c.encode(depthM, forKey: .depthM)
            try c.encode(speedMode, forKey: .speedMode)
            try c.encode(speedKmh, forKey: .speedKmh)
            try c.encode(fallbackSpeedKmh, forKey: .fallbackSpeedKmh)
            try c.encode(waveHeightM, forKey: .waveHeightM)
            try c.encode(thresholdsFitted, forKey: .thresholdsFitted)
            try c.encode(agreementWithApp, forKey: .agreementWithApp)
        }

        public struct Agreement: Codable, Sendable, Equatable {
            public var matches: Int
            public var of: Int
            public init(matches: Int, of: Int) {
                self.matches = matches
                self.of = of
            }
        }

        public init(
            distanceM: Double, depthM: Double, speedMode: String, speedKmh: Double?, fallbackSpeedKmh: Double?,
            waveHeightM: [Double]?, thresholdsFitted: Bool, agreementWithApp: Agreement?
        ) {
            self.distanceM = distanceM
            self.depthM = depthM
            self.speedMode = speedMode
            self.speedKmh = speedKmh
            self.fallbackSpeedKmh = fallbackSpeedKmh
            self.waveHeightM = waveHeightM
            self.thresholdsFitted = thresholdsFitted
            self.agreementWithApp = agreementWithApp
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
    /// The rating of each model (schema 2); `rating` is the selected model's.
    public var ratingsByModel: RatingsByModel?
    /// The distance-aware wake at the reference point (schema 2; nil when unrated).
    public var wake: Wake?

    public struct RatingsByModel: Codable, Sendable, Equatable {
        public var legacy: Int?
        public var wake: Int?
        public init(legacy: Int?, wake: Int?) {
            self.legacy = legacy
            self.wake = wake
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(legacy, forKey: .legacy)
            try c.encode(wake, forKey: .wake)
        }
    }

    /// The wake a rider meets at the reference point (ensemble of the valid models).
    public struct Wake: Codable, Sendable, Equatable {
        /// The speed this ship was rated at, km/h, and where it came from: "fixed", "service"
        /// (published service speed), "top" (published top speed) or "fallback".
        public var speedKmh: Double
        public var speedSource: String
        public var waveHeightM: HeightRange?
        public var periodS: Double?
        public var wavelengthM: Double?
        public var energyPerWaveJPerM: Double?
        public var shorewardFluxWPerM: Double?
        /// The models valid at the reference point (keys of the wake JSON).
        public var validModels: [String]
        /// Warnings in words (trans-critical, out of a model's range, …).
        public var flags: [String]
        /// Hull values the models' defaults stood in for (draftM, blockCoefficient, entranceLengthM).
        public var hullDefaults: [String]

        public struct HeightRange: Codable, Sendable, Equatable {
            public var median: Double
            public var min: Double
            public var max: Double
            public init(median: Double, min: Double, max: Double) {
                self.median = median
                self.min = min
                self.max = max
            }
        }

        public init(
            speedKmh: Double, speedSource: String, waveHeightM: HeightRange?, periodS: Double?, wavelengthM: Double?,
            energyPerWaveJPerM: Double?, shorewardFluxWPerM: Double?, validModels: [String], flags: [String],
            hullDefaults: [String]
        ) {
            self.speedKmh = speedKmh
            self.speedSource = speedSource
            self.waveHeightM = waveHeightM
            self.periodS = periodS
            self.wavelengthM = wavelengthM
            self.energyPerWaveJPerM = energyPerWaveJPerM
            self.shorewardFluxWPerM = shorewardFluxWPerM
            self.validModels = validModels
            self.flags = flags
            self.hullDefaults = hullDefaults
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(speedKmh, forKey: .speedKmh)
            try c.encode(speedSource, forKey: .speedSource)
            try c.encode(waveHeightM, forKey: .waveHeightM)
            try c.encode(periodS, forKey: .periodS)
            try c.encode(wavelengthM, forKey: .wavelengthM)
            try c.encode(energyPerWaveJPerM, forKey: .energyPerWaveJPerM)
            try c.encode(shorewardFluxWPerM, forKey: .shorewardFluxWPerM)
            try c.encode(validModels, forKey: .validModels)
            try c.encode(flags, forKey: .flags)
            try c.encode(hullDefaults, forKey: .hullDefaults)
        }
    }

    public struct Source: Codable, Sendable, Equatable {
        /// The operator's page the ship was scraped from, if any.
        public var page: String?
        /// The curated entry, e.g. "Data/fleet.json#Panta Rhei".
        public var curated: String?
        /// The origin of each physics input: a page URL or a curated value's source.
        public var lengthM: String?
        public var beamM: String?
        public var displacementT: String?
        /// The date (YYYY-MM-DD) of the first table in which no page described the ship any more:
        /// carried from table to table until a page describes it again, so that a ship whose page
        /// vanished stays flagged ("retired?") after the change was accepted.
        public var pageMissingSince: String?

        public init(
            page: String? = nil, curated: String? = nil, lengthM: String? = nil, beamM: String? = nil,
            displacementT: String? = nil, pageMissingSince: String? = nil
        ) {
            self.page = page
            self.curated = curated
            self.lengthM = lengthM
            self.beamM = beamM
            self.displacementT = displacementT
            self.pageMissingSince = pageMissingSince
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
        try c.encode(ratingsByModel, forKey: .ratingsByModel)
        try c.encode(wake, forKey: .wake)
    }
}
