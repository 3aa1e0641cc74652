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

    /// The format version this reader writes (it reads every version up to it). Version 2 added
    /// each station's coordinates, a lake's last fetch (`fetch`), days fetched without waves, and
    /// per wave its destination, arrival and daylight phase, with the heights' reference point.
    /// Version 3 says a wave's ship is `known` (`shipSource`), as the session reports do, where
    /// version 2 said `published`.
    public static let currentVersion = 3

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
        /// One file per day the feed knows, in date order: a day with waves, or one fetched without
        /// any (``DayFile/waves`` 0). A day the feed does not list was not fetched.
        public var days: [DayFile]
        /// Why the lake's waves are unrated, when no operator has a table; nil otherwise.
        public var unrated: String?
        /// How the lake's coming days were last fetched (`nextwave site update`); nil for a feed
        /// written from an archive alone (`nextwave feed`).
        public var fetch: Fetch?

        public init(
            name: String, operators: [String], stations: [Station], ratings: [RatingsFile], days: [DayFile],
            unrated: String?, fetch: Fetch? = nil
        ) {
            self.name = name
            self.operators = operators
            self.stations = stations
            self.ratings = ratings
            self.days = days
            self.unrated = unrated
            self.fetch = fetch
        }
    }

    /// How a lake's coming days were fetched by the last site update. It changes only when the
    /// outcome does, so that an update that finds nothing new rewrites nothing.
    public struct Fetch: Codable, Sendable, Equatable {
        /// `fetched`: its stationboards (and ship assignments) were read; `failed`: some of its
        /// sources could not be reached or read, so its days hold what was fetched before (the
        /// archive never loses a day it had).
        public var status: Status
        /// What went wrong, when `failed`.
        public var problem: String?
        /// When the lake's fetches began to fail (ISO-8601 UTC), when `failed`.
        public var failingSince: String?

        public enum Status: String, Codable, Sendable, CaseIterable {
            case fetched, failed
        }

        public init(status: Status, problem: String?, failingSince: String?) {
            self.status = status
            self.problem = problem
            self.failingSince = failingSince
        }

        // Every key is written, null included.
        enum CodingKeys: String, CodingKey { case status, problem, failingSince }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(status, forKey: .status)
            try c.encode(problem, forKey: .problem)
            try c.encode(failingSince, forKey: .failingSince)
        }
    }

    /// A station of a lake.
    public struct Station: Codable, Sendable, Equatable {
        /// Its UIC id, as text (the app's `uic_ref`).
        public var id: String
        public var name: String
        /// WGS84 degrees, as the app's station list gives them (version 2; nil in version 1).
        public var latitude: Double?
        public var longitude: Double?

        public init(id: String, name: String, latitude: Double? = nil, longitude: Double? = nil) {
            self.id = id
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
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

    /// One day of a lake: its file, and how many waves it lists (0: fetched, none that day).
    public struct DayFile: Codable, Sendable, Equatable {
        /// The local date, `YYYY-MM-DD`.
        public var date: String
        /// The file, relative to the index.
        public var file: String
        /// SHA-256 of its bytes, hexadecimal.
        public var sha256: String
        /// How many waves it lists.
        public var waves: Int
        /// The archive's files of that day the run could not read (`stationboards/<date>/<id>.json`),
        /// when there were any and no complete file of the day was published before: the day lists
        /// fewer waves than it has. Absent for a complete day.
        public var incomplete: [String]?

        public init(date: String, file: String, sha256: String, waves: Int, incomplete: [String]? = nil) {
            self.date = date
            self.file = file
            self.sha256 = sha256
            self.waves = waves
            self.incomplete = incomplete
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
