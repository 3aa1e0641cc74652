public import Foundation

/// The Next Wave app's session search as it is now (its newest `WaveAnalyticsViewModel
/// .analyzeWaves`, github pfederi/Next-Wave, the version that scores each window once and sorts
/// by the stored score): the baseline the benchmarks hold ``SessionFinder`` against. A port of
/// the app's steps and data as they are, costs included —
/// - a wave is the app's `WaveEvent` (its time as a `Date`, its route, stop, period and ship
///   strings), copied into a new array for every candidate window;
/// - for every wave it walks the waves from the first one at or after it (O(n²) per day);
/// - each candidate becomes a `WaveTimeSlot` with a fresh `UUID`;
/// - each wave's points come from the app's two name lists (array literals searched linearly)
///   after trimming the ship's name (`trimmingCharacters(in: .whitespaces)`);
/// - the score is computed once per window, the windows sorted by it, the first five kept.
/// Only what is not computation is left out: the `Task`, the main-actor hand-over, the sun
/// times' network fetch (the day's sun times are given).
///
/// Two of those costs are the platform's, not the app's: on Linux, swift-corelibs-foundation's
/// `UUID()` reads the kernel's random source (about 3 µs a call, against tens of nanoseconds
/// from `arc4random_buf` on the phone) and `trimmingCharacters(in:)` takes about 1 µs a name.
/// ``Platform/linuxFoundation`` pays both as Linux does; ``Platform/neutral`` draws each slot's
/// 128-bit identity from a generator in user space (as `arc4random_buf` does) and takes the
/// names as given (they are already trimmed): the app's algorithm at a phone's costs, the
/// baseline the benchmarks' ratios are stated against.
/// The rules are those of ``SessionRules``; the results are identical (tests assert it).
public enum AppAnalyticsCurrent {
    /// The app's `WaveEvent` (its stored fields; the app's computed display strings are not
    /// used by the analysis).
    public struct WaveEvent: Sendable {
        public let time: Date
        public let isArrival: Bool
        public let routeNumber: String
        public let routeName: String
        public let neighborStop: String
        public let period: String
        public var hasNotification = false
        public let shipName: String?

        public init(
            time: Date, isArrival: Bool = false, routeNumber: String, routeName: String, neighborStop: String,
            period: String, shipName: String?
        ) {
            self.time = time
            self.isArrival = isArrival
            self.routeNumber = routeNumber
            self.routeName = routeName
            self.neighborStop = neighborStop
            self.period = period
            self.shipName = shipName
        }
    }

    /// The app's `WaveTimeSlot`: a candidate window with its own identity.
    public struct WaveTimeSlot: Sendable {
        public let id: UUID
        public let startTime: Date
        public let endTime: Date
        public let waveCount: Int
        public let waves: [WaveEvent]

        public var duration: TimeInterval { endTime.timeIntervalSince(startTime) }
        public var wavesPerHour: Double { Double(waveCount) / (duration / 3600) }
    }

    public typealias SunTimes = AppSunTimes

    /// Whose costs the port pays for a slot's identity and a name's trimming.
    public enum Platform: Sendable {
        /// Linux's Foundation: `UUID()` and `trimmingCharacters(in: .whitespaces)`.
        case linuxFoundation
        /// A phone's costs: an identity from a user-space generator, names as given.
        case neutral
    }

    /// 128 random bits from a user-space generator (xoshiro-style state, advanced per call).
    struct IdentitySource {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15

        mutating func next() -> UUID {
            func step() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            let (a, b) = (step(), step())
            return withUnsafeBytes(of: (a, b)) { raw in
                UUID(uuid: raw.load(as: uuid_t.self))
            }
        }
    }

    static let maximumGap: TimeInterval = 3600
    static let minimumDuration: TimeInterval = 3600
    static let maximumDuration: TimeInterval = 7200

    /// The day's best windows (at most five) with their scores, best first.
    public static func analyzeWaves(_ waves: [WaveEvent], sunTimes: SunTimes?, platform: Platform = .neutral)
        -> [(slot: WaveTimeSlot, score: Double)]
    {
        var identities = IdentitySource()
        let sortedWaves = waves.sorted { $0.time < $1.time }
        guard let first = sortedWaves.first, let last = sortedWaves.last else { return [] }
        guard last.time.timeIntervalSince(first.time) >= minimumDuration else { return [] }
        var scored: [(slot: WaveTimeSlot, score: Double)] = []
        for startWave in sortedWaves {
            var sessionWaves: [WaveEvent] = []
            var lastWaveTime = startWave.time
            for wave in sortedWaves where wave.time >= startWave.time {
                let gap = wave.time.timeIntervalSince(lastWaveTime)
                let span = wave.time.timeIntervalSince(startWave.time)
                if gap > maximumGap || span > maximumDuration { break }
                sessionWaves.append(wave)
                lastWaveTime = wave.time
            }
            let duration = lastWaveTime.timeIntervalSince(startWave.time)
            guard duration >= minimumDuration, sessionWaves.count >= 3 else { continue }
            let slot = WaveTimeSlot(
                id: platform == .linuxFoundation ? UUID() : identities.next(), startTime: startWave.time,
                endTime: lastWaveTime, waveCount: sessionWaves.count, waves: sessionWaves)
            let score = sessionScore(slot, sunTimes: sunTimes, platform: platform)
            if score > 0 { scored.append((slot, score)) }
        }
        scored.sort { $0.score > $1.score }
        return Array(scored.prefix(5))
    }

    static func sessionScore(_ slot: WaveTimeSlot, sunTimes: SunTimes?, platform: Platform) -> Double {
        let quality = qualityScore(slot.waves, platform: platform)
        var score = quality * (1.0 + slot.wavesPerHour / 10.0)
        if let sunTimes {
            let twilight = twilightShare(slot, sunTimes: sunTimes)
            if twilight > 0 { score *= 1.0 - twilight * 0.8 }
            if slot.endTime <= sunTimes.civilTwilightBegin || slot.startTime >= sunTimes.civilTwilightEnd { return 0 }
        }
        return score
    }

    /// Σ points: 10 for the app's three-wave ships, 5 for its two-wave ships, 2 for any other
    /// named ship, 1 without a name.
    static func qualityScore(_ waves: [WaveEvent], platform: Platform) -> Double {
        guard !waves.isEmpty else { return 0.0 }
        var total = 0.0
        for wave in waves {
            guard let shipName = wave.shipName else {
                total += 1.0
                continue
            }
            let name =
                switch platform {
                case .linuxFoundation: shipName.trimmingCharacters(in: .whitespaces)
                case .neutral: shipName
                }
            if ["MS Panta Rhei", "MS Albis", "EMS Uetliberg", "EMS Pfannenstiel", "EM Uetliberg", "EM Pfannenstiel"]
                .contains(name)
            {
                total += 10.0
            } else if [
                "MS Wädenswil", "MS Limmat", "MS Helvetia", "MS Linth", "DS Stadt Zürich", "DS Stadt Rapperswil",
            ]
            .contains(name) {
                total += 5.0
            } else {
                total += 2.0
            }
        }
        return total
    }

    /// The share of the window before sunrise or after sunset.
    static func twilightShare(_ slot: WaveTimeSlot, sunTimes: SunTimes) -> Double {
        var overlap: TimeInterval = 0
        if slot.startTime <= sunTimes.sunrise {
            overlap += max(0, min(slot.endTime, sunTimes.sunrise).timeIntervalSince(slot.startTime))
        }
        if slot.endTime >= sunTimes.sunset {
            overlap += max(0, slot.endTime.timeIntervalSince(max(slot.startTime, sunTimes.sunset)))
        }
        return overlap / slot.duration
    }
}
