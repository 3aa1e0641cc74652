public import WaveRating

/// The table the Next Wave apps consume (`ship-ratings.json`, schema in
/// `schemas/ship-ratings.schema.json`).
public struct RatingTable: Codable, Sendable, Equatable {
    /// The version this toolkit writes. Version 2 added the distance-aware wake model
    /// (`model.wake`, per ship `wake` and `ratingsByModel`); version 3 the two depths (track and
    /// rider), operating speeds with their basis, the generated height, breaking, and the
    /// leave-one-out agreement; version 4 the riders' ratings (`riderRating`, `ratingBasis`
    /// "riders") and each ship's lookup keys (`lookupKeys`); version 5 names `model.wake`'s two
    /// fields after what they hold: `riderDepthM` (the depth at the rider's spot; `depthM` before,
    /// which one level up, `model.depthM`, is the depth where the ships sail) and
    /// `thresholdHeightsM` (the heights the rating changes at; `waveHeightM` before, the name of
    /// a ship's wave heights).
    public static let currentSchemaVersion = 5
    /// The versions it reads.
    public static let readableSchemaVersions = 1...5

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

    /// Writes the table as ``currentSchemaVersion``, whatever version it was read as: the
    /// encoders write only the current names (a version 4 table read and merged comes out as
    /// version 5, never as a version 4 number over version 5 names).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.currentSchemaVersion, forKey: .schemaVersion)
        try c.encode(generatedAt, forKey: .generatedAt)
        try c.encode(model, forKey: .model)
        try c.encode(ships, forKey: .ships)
    }

    enum CodingKeys: String, CodingKey { case schemaVersion, generatedAt, model, ships }

    public struct Model: Codable, Sendable, Equatable {
        /// The model whose rating is `rating` (``ModelName``).
        public var name: ModelName
        /// The legacy model's operating point: ship speed, km/h (nil for hand-made tables).
        public var speedKmh: Double?
        /// The legacy model's operating point: water depth, m.
        public var trackDepthM: Double?
        /// The legacy model's thresholds.
        public var thresholds: Thresholds
        /// The wake model's reference point and thresholds (schema 2; nil in version 1 tables).
        public var wake: WakeSettings?

        enum CodingKeys: String, CodingKey {
            case name, speedKmh
            case trackDepthM = "depthM"
            case thresholds, wake
        }

        public init(
            name: ModelName, speedKmh: Double? = nil, trackDepthM: Double? = nil, thresholds: Thresholds,
            wake: WakeSettings? = nil
        ) {
            self.name = name
            self.speedKmh = speedKmh
            self.trackDepthM = trackDepthM
            self.thresholds = thresholds
            self.wake = wake
        }
    }

    /// Where the distance-aware models rate each ship, and how heights become ratings.
    public struct WakeSettings: Codable, Sendable, Equatable {
        /// The rider's distance from the sailing line, m.
        public var distanceM: Double
        /// Water depth where the ships sail, m (schema 3; a version 2 table had one depth for both).
        public var trackDepthM: Double
        /// Water depth at the rider's spot, m.
        public var riderDepthM: Double
        /// How the ships' speeds were chosen (per ship in `wake.speedBasis`).
        public var speedMode: SpeedMode
        /// The fixed speed, km/h (nil in operating mode).
        public var speedKmh: Double?
        /// Heights at the rider above which the rating is 2 and 3, m (strict); nil when there are
        /// none (nothing to fit to, or the physics separates no ships). A fit that finds one
        /// boundary the physics supports gives only that one, the other null (schema 4).
        /// `thresholdHeightsM` from schema 5, `waveHeightM` before.
        public var thresholdHeightsM: ThresholdPair<Double?>?
        /// Whether `thresholdHeightsM` was fitted to the app's ratings (else given by the user).
        public var thresholdsFitted: Bool
        /// How the wake ratings agree with the app's.
        public var agreementWithApp: Agreement?

        /// Where the heights were computed (distance, depths, speed), without the thresholds: two
        /// tables with the same point have comparable heights.
        public var point: [Double?] {
            [distanceM, trackDepthM, riderDepthM, speedKmh, speedMode == .fixed ? 0 : 1]
        }

        /// Writes version 5's names (`CodingKeys`).
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(distanceM, forKey: .distanceM)
            try c.encode(trackDepthM, forKey: .trackDepthM)
            try c.encode(riderDepthM, forKey: .riderDepthM)
            try c.encode(speedMode, forKey: .speedMode)
            try c.encode(speedKmh, forKey: .speedKmh)
            try c.encode(thresholdHeightsM, forKey: .thresholdHeightsM)
            try c.encode(thresholdsFitted, forKey: .thresholdsFitted)
            try c.encode(agreementWithApp, forKey: .agreementWithApp)
        }

        /// Reads version 5's names, else the names of versions 2–4 (`OldKeys`).
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let old = try decoder.container(keyedBy: OldKeys.self)
            distanceM = try c.decode(Double.self, forKey: .distanceM)
            riderDepthM =
                try c.decodeIfPresent(Double.self, forKey: .riderDepthM)
                ?? old.decode(Double.self, forKey: .depthM)
            trackDepthM = try c.decodeIfPresent(Double.self, forKey: .trackDepthM) ?? riderDepthM
            speedMode = try c.decode(SpeedMode.self, forKey: .speedMode)
            speedKmh = try c.decodeIfPresent(Double.self, forKey: .speedKmh)
            thresholdHeightsM =
                c.contains(.thresholdHeightsM)
                ? try c.decodeIfPresent(ThresholdPair<Double?>.self, forKey: .thresholdHeightsM)
                : try old.decodeIfPresent(ThresholdPair<Double?>.self, forKey: .waveHeightM)
            thresholdsFitted = try c.decode(Bool.self, forKey: .thresholdsFitted)
            agreementWithApp = try c.decodeIfPresent(Agreement.self, forKey: .agreementWithApp)
        }

        enum CodingKeys: String, CodingKey {
            case distanceM, trackDepthM, riderDepthM, speedMode, speedKmh, thresholdHeightsM, thresholdsFitted
            case agreementWithApp
        }

        /// Version 2–4's names of the rider's depth and the thresholds.
        enum OldKeys: String, CodingKey { case depthM, waveHeightM }

        /// The wake ratings against the app's labels.
        public struct Agreement: Codable, Sendable, Equatable {
            /// Ships rated as the app rates them, by the thresholds of the whole table.
            public var matches: Int
            /// Ships with both a wake height and an app rating.
            public var of: Int
            /// Ships rated as the app rates them when each is rated by thresholds fitted without it
            /// (schema 3; nil for given thresholds).
            public var leaveOneOutMatches: Int?
            /// Kendall's τ-b between the wake height and the app's rating (schema 3).
            public var kendallTau: Double?

            public init(matches: Int, of: Int, leaveOneOutMatches: Int? = nil, kendallTau: Double? = nil) {
                self.matches = matches
                self.of = of
                self.leaveOneOutMatches = leaveOneOutMatches
                self.kendallTau = kendallTau
            }

            public func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(matches, forKey: .matches)
                try c.encode(of, forKey: .of)
                try c.encode(leaveOneOutMatches, forKey: .leaveOneOutMatches)
                try c.encode(kendallTau, forKey: .kendallTau)
            }
        }

        public init(
            distanceM: Double, trackDepthM: Double, riderDepthM: Double, speedMode: SpeedMode, speedKmh: Double?,
            thresholdHeightsM: ThresholdPair<Double?>?, thresholdsFitted: Bool, agreementWithApp: Agreement?
        ) {
            self.distanceM = distanceM
            self.trackDepthM = trackDepthM
            self.riderDepthM = riderDepthM
            self.speedMode = speedMode
            self.speedKmh = speedKmh
            self.thresholdHeightsM = thresholdHeightsM
            self.thresholdsFitted = thresholdsFitted
            self.agreementWithApp = agreementWithApp
        }
    }

    /// The rating thresholds the table was made with (strict: a value must exceed them): the
    /// legacy model's energy and force thresholds, the one type the kernels classify with.
    public typealias Thresholds = RatingThresholds
}
