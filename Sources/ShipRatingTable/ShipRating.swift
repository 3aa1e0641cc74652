public import WaveRating

/// One ship of a ``RatingTable``.
public struct ShipRating: Codable, Sendable, Equatable {
    /// Name with type prefix, e.g. "MS Panta Rhei".
    public var name: String
    /// Other names the apps and the deployment page use, e.g. "EM Uetliberg".
    public var aliases: [String]
    /// 1–3, or nil when unrated (see ``unratedReason``): the riders' rating where the fleet file
    /// carries one (``riderRating``), else the selected model's.
    public var rating: Rating?
    /// What decided ``rating``: the riders, the legacy model's energy and/or force, or the wake
    /// height at the rider.
    public var ratingBasis: RatingBasis?
    /// The riders' rating with its source and reason (schema 4), nil for a ship the riders have not
    /// rated.
    public var riderRating: RiderRating?
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
        public var legacy: Rating?
        public var wake: Rating?
        public init(legacy: Rating?, wake: Rating?) {
            self.legacy = legacy
            self.wake = wake
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(legacy, forKey: .legacy)
            try c.encode(wake, forKey: .wake)
        }
    }

    /// The wake a rider meets at the reference point (the ensemble, carried to the rider's spot).
    public struct Wake: Codable, Sendable, Equatable {
        /// The speed this ship was rated at, km/h.
        public var speedKmh: Double
        /// Where the speed comes from: "fixed" (given), "published" (a published service speed),
        /// "courses" (the archived courses it ran), "sisterShip", "admiralty" (estimated from
        /// power and displacement); version 2 tables: "service", "top", "fallback".
        public var speedBasis: SpeedBasis
        /// The source itself: a URL, or what the estimate rests on.
        public var speedSource: String
        /// One standard deviation of the speed, km/h (nil when not known: a published value).
        public var speedSpreadKmh: Double?
        /// The height at the rider's spot: ensemble and band (schema 3: at the rider's depth).
        public var waveHeightM: HeightRange?
        /// The height as generated, at the track's depth (schema 3).
        public var generatedWaveHeightM: HeightRange?
        /// The factor (≥ 1) by which the speed's spread moves the height, e^u (schema 3).
        public var heightSpreadFactor: Double?
        /// Whether the depth at the rider caps the height (the wave breaks there; schema 3).
        public var breaking: Bool
        public var periodS: Double?
        /// At the rider.
        public var wavelengthM: Double?
        public var energyPerWaveJPerM: Double?
        public var shorewardFluxWPerM: Double?
        /// The models in the ensemble at the reference point (keys of the wake JSON; schema 3).
        public var ensembleModels: [String]
        /// The models inside their published ranges at the reference point.
        public var validModels: [String]
        /// Warnings in words (trans-critical, out of a model's range, …).
        public var flags: [String]
        /// Hull values the models' defaults stood in for (draftM, blockCoefficient, entranceLengthM).
        public var hullDefaults: [String]
        /// The height's uncertainty by cause (schema 4), as multipliers on the height at the rider:
        /// `speed` (the operating speed's standard error), `entranceLength`, `blockCoefficient` (a
        /// defaulted value over its plausible range), `waterlineLength` (length over all against
        /// the waterline), `models` (Kriebel & Seelig against PIANC). `waveHeightM`'s band is all of
        /// them together (in quadrature). Nil in older tables.
        public var uncertainty: [String: Factors]?

        /// A low (≤ 1) and a high (≥ 1) multiplier on a height.
        public struct Factors: Codable, Sendable, Equatable {
            public var low: Double
            public var high: Double
            public init(low: Double, high: Double) {
                self.low = low
                self.high = high
            }
        }

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
            speedKmh: Double, speedBasis: SpeedBasis, speedSource: String, speedSpreadKmh: Double? = nil,
            waveHeightM: HeightRange?, generatedWaveHeightM: HeightRange? = nil, heightSpreadFactor: Double? = nil,
            breaking: Bool = false, periodS: Double?, wavelengthM: Double?, energyPerWaveJPerM: Double?,
            shorewardFluxWPerM: Double?, ensembleModels: [String] = [], validModels: [String], flags: [String],
            hullDefaults: [String], uncertainty: [String: Factors]? = nil
        ) {
            self.speedKmh = speedKmh
            self.speedBasis = speedBasis
            self.speedSource = speedSource
            self.speedSpreadKmh = speedSpreadKmh
            self.waveHeightM = waveHeightM
            self.generatedWaveHeightM = generatedWaveHeightM
            self.heightSpreadFactor = heightSpreadFactor
            self.breaking = breaking
            self.periodS = periodS
            self.wavelengthM = wavelengthM
            self.energyPerWaveJPerM = energyPerWaveJPerM
            self.shorewardFluxWPerM = shorewardFluxWPerM
            self.ensembleModels = ensembleModels
            self.validModels = validModels
            self.flags = flags
            self.hullDefaults = hullDefaults
            self.uncertainty = uncertainty
        }

        enum CodingKeys: String, CodingKey {
            case speedKmh, speedBasis, speedSource, speedSpreadKmh, waveHeightM, generatedWaveHeightM
            case heightSpreadFactor, breaking, periodS, wavelengthM, energyPerWaveJPerM, shorewardFluxWPerM
            case ensembleModels, validModels, flags, hullDefaults, uncertainty
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            speedKmh = try c.decode(Double.self, forKey: .speedKmh)
            let source = try c.decode(String.self, forKey: .speedSource)
            // Version 2 had only `speedSource`, one of fixed, service, top, fallback.
            if let basis = try c.decodeIfPresent(SpeedBasis.self, forKey: .speedBasis) {
                speedBasis = basis
            } else if let old = SpeedBasis(rawValue: source == "service" ? "published" : source) {
                speedBasis = old
            } else {
                throw DecodingError.dataCorruptedError(
                    forKey: .speedSource, in: c,
                    debugDescription: "version 2 speedSource \"\(source)\" is none of fixed, service, top, fallback")
            }
            speedSource = source
            speedSpreadKmh = try c.decodeIfPresent(Double.self, forKey: .speedSpreadKmh)
            waveHeightM = try c.decodeIfPresent(HeightRange.self, forKey: .waveHeightM)
            generatedWaveHeightM = try c.decodeIfPresent(HeightRange.self, forKey: .generatedWaveHeightM)
            heightSpreadFactor = try c.decodeIfPresent(Double.self, forKey: .heightSpreadFactor)
            breaking = try c.decodeIfPresent(Bool.self, forKey: .breaking) ?? false
            periodS = try c.decodeIfPresent(Double.self, forKey: .periodS)
            wavelengthM = try c.decodeIfPresent(Double.self, forKey: .wavelengthM)
            energyPerWaveJPerM = try c.decodeIfPresent(Double.self, forKey: .energyPerWaveJPerM)
            shorewardFluxWPerM = try c.decodeIfPresent(Double.self, forKey: .shorewardFluxWPerM)
            validModels = try c.decode([String].self, forKey: .validModels)
            ensembleModels = try c.decodeIfPresent([String].self, forKey: .ensembleModels) ?? validModels
            flags = try c.decode([String].self, forKey: .flags)
            hullDefaults = try c.decode([String].self, forKey: .hullDefaults)
            uncertainty = try c.decodeIfPresent([String: Factors].self, forKey: .uncertainty)
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(speedKmh, forKey: .speedKmh)
            try c.encode(speedBasis, forKey: .speedBasis)
            try c.encode(speedSource, forKey: .speedSource)
            try c.encode(speedSpreadKmh, forKey: .speedSpreadKmh)
            try c.encode(waveHeightM, forKey: .waveHeightM)
            try c.encode(generatedWaveHeightM, forKey: .generatedWaveHeightM)
            try c.encode(heightSpreadFactor, forKey: .heightSpreadFactor)
            try c.encode(breaking, forKey: .breaking)
            try c.encode(periodS, forKey: .periodS)
            try c.encode(wavelengthM, forKey: .wavelengthM)
            try c.encode(energyPerWaveJPerM, forKey: .energyPerWaveJPerM)
            try c.encode(shorewardFluxWPerM, forKey: .shorewardFluxWPerM)
            try c.encode(ensembleModels, forKey: .ensembleModels)
            try c.encode(validModels, forKey: .validModels)
            try c.encode(flags, forKey: .flags)
            try c.encode(hullDefaults, forKey: .hullDefaults)
            try c.encode(uncertainty, forKey: .uncertainty)
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
        /// Which value the table uses.
        public var used: ConflictSide
        public var reason: String

        public init(field: String, pageValue: Double, curatedValue: Double, used: ConflictSide, reason: String) {
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

    /// Every key a reader matches a name against (schema 4): the name and each alias folded by
    /// ``ShipNames/key(_:)``, unique and sorted. A client in any language compares the key of the
    /// name it holds with these, without porting the folding rule (`schemas/lookup-keys.vectors.json`
    /// holds test vectors of that rule).
    public var lookupKeys: [String] { Array(Set(([name] + aliases).map(ShipNames.key))).sorted() }
}

extension ShipRating {
    enum CodingKeys: String, CodingKey {
        case name, aliases, rating, ratingBasis, riderRating, lookupKeys, unratedReason, lengthM, beamM, displacementT
        case waveHeightM, energyJPerM2, forceNPerM2, powerWPerM, froudeLength, froudeDepth, reynolds, source
        case conflicts, ratingsByModel, wake
    }

    /// Decodes every version: `riderRating` and `lookupKeys` are new in schema 4 (the keys are
    /// derived from the names, never read).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        aliases = try c.decode([String].self, forKey: .aliases)
        rating = try c.decodeIfPresent(Rating.self, forKey: .rating)
        ratingBasis = try c.decodeIfPresent(RatingBasis.self, forKey: .ratingBasis)
        riderRating = try c.decodeIfPresent(RiderRating.self, forKey: .riderRating)
        unratedReason = try c.decodeIfPresent(String.self, forKey: .unratedReason)
        lengthM = try c.decodeIfPresent(Double.self, forKey: .lengthM)
        beamM = try c.decodeIfPresent(Double.self, forKey: .beamM)
        displacementT = try c.decodeIfPresent(Double.self, forKey: .displacementT)
        waveHeightM = try c.decodeIfPresent(Double.self, forKey: .waveHeightM)
        energyJPerM2 = try c.decodeIfPresent(Double.self, forKey: .energyJPerM2)
        forceNPerM2 = try c.decodeIfPresent(Double.self, forKey: .forceNPerM2)
        powerWPerM = try c.decodeIfPresent(Double.self, forKey: .powerWPerM)
        froudeLength = try c.decodeIfPresent(Double.self, forKey: .froudeLength)
        froudeDepth = try c.decodeIfPresent(Double.self, forKey: .froudeDepth)
        reynolds = try c.decodeIfPresent(Double.self, forKey: .reynolds)
        source = try c.decode(Source.self, forKey: .source)
        conflicts = try c.decodeIfPresent([Conflict].self, forKey: .conflicts)
        ratingsByModel = try c.decodeIfPresent(RatingsByModel.self, forKey: .ratingsByModel)
        wake = try c.decodeIfPresent(Wake.self, forKey: .wake)
    }

    /// Encodes every documented field, with explicit `null` where there is no value, so that
    /// consumers see `"rating": null` for an unrated ship rather than a missing key.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(aliases, forKey: .aliases)
        try c.encode(rating, forKey: .rating)
        try c.encode(ratingBasis, forKey: .ratingBasis)
        try c.encode(riderRating, forKey: .riderRating)
        try c.encode(lookupKeys, forKey: .lookupKeys)
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
