/// `index.json` of a wave feed (`nextwave feed`; schemas/feed-index.schema.json): what is
/// published, lake by lake, with the file of each day and of each operator's rating table.
/// Every file it names is content-addressed (its name holds the first 16 hex digits of its
/// SHA-256), so a client may cache a named file for ever and fetch the index often.
public struct FeedIndex: Codable, Sendable, Equatable {
    /// The feed's format version (1).
    public var schemaVersion: Int
    /// When the feed's content last changed, ISO-8601 UTC.
    public var generatedAt: String
    /// The zone of every local time and date in the feed ("Europe/Zurich").
    public var timeZone: String
    /// The schedule archive the waves come from, as the maintainer named it.
    public var archive: String
    /// The lakes, in the order of the app's station list.
    public var lakes: [Lake]

    /// The format version this reader writes and reads.
    public static let currentVersion = 1

    /// One lake.
    public struct Lake: Codable, Sendable, Equatable {
        /// The lake as the app names it ("Zürichsee").
        public var name: String
        /// Its operators as the app lists them ("ZSG").
        public var operators: [String]
        /// Its stations (piers), as the app's station list has them.
        public var stations: [Station]
        /// The rating table of each operator with one (none: every wave there is unrated).
        public var ratings: [RatingsFile]
        /// One file per day with waves, in date order.
        public var days: [DayFile]
        /// Why the lake's waves are unrated, when no operator has a table; nil otherwise.
        public var unrated: String?

        public init(
            name: String, operators: [String], stations: [Station], ratings: [RatingsFile], days: [DayFile],
            unrated: String?
        ) {
            self.name = name
            self.operators = operators
            self.stations = stations
            self.ratings = ratings
            self.days = days
            self.unrated = unrated
        }
    }

    /// A station of a lake.
    public struct Station: Codable, Sendable, Equatable {
        /// Its UIC id, as text (the app's `uic_ref`).
        public var id: String
        public var name: String

        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// An operator's rating table (the `ship-ratings.json` format, schema 4).
    public struct RatingsFile: Codable, Sendable, Equatable {
        /// The operator's code ("ZSG").
        public var `operator`: String
        /// The file, relative to the index.
        public var file: String
        /// SHA-256 of its bytes, hexadecimal.
        public var sha256: String

        public init(operator: String, file: String, sha256: String) {
            self.operator = `operator`
            self.file = file
            self.sha256 = sha256
        }
    }

    /// One day's waves of a lake.
    public struct DayFile: Codable, Sendable, Equatable {
        /// The local date, `YYYY-MM-DD`.
        public var date: String
        /// The file, relative to the index.
        public var file: String
        /// SHA-256 of its bytes, hexadecimal.
        public var sha256: String
        /// How many waves it lists.
        public var waves: Int

        public init(date: String, file: String, sha256: String, waves: Int) {
            self.date = date
            self.file = file
            self.sha256 = sha256
            self.waves = waves
        }
    }

    public init(schemaVersion: Int, generatedAt: String, timeZone: String, archive: String, lakes: [Lake]) {
        self.schemaVersion = schemaVersion
        self.generatedAt = generatedAt
        self.timeZone = timeZone
        self.archive = archive
        self.lakes = lakes
    }

    /// The lake of that name (case, accents and spacing ignored).
    public func lake(named name: String) -> Lake? {
        let key = FeedText.fold(name)
        return lakes.first { FeedText.fold($0.name) == key }
    }
}
