public import Foundation

/// The Next Wave app's session search as of app 3.7 (its 2025-10 `analyzeWaves`), **superseded**:
/// the app now scores each window once (``AppAnalyticsCurrent``). Kept so that benchmarks can
/// show both ratios. Not for production: the algorithm as it was —
/// - times are `Date`s and durations `timeIntervalSince`;
/// - for every wave it filters all waves at or after it and walks them (O(n²) per day);
/// - ratings come from name lists searched linearly;
/// - the score is recomputed inside the sort comparator, for every comparison.
/// The rules are those of ``SessionRules``; the results are identical (tests assert it).
public enum AppAnalytics37 {
    public struct WaveEvent: Sendable {
        public var time: Date
        public var shipName: String?
        public init(time: Date, shipName: String?) {
            self.time = time
            self.shipName = shipName
        }
    }

    public typealias SunTimes = AppSunTimes

    /// The app's hard-coded ship lists.
    public struct ShipLists: Sendable {
        public var threeWaveShips: [String]
        public var twoWaveShips: [String]
        public init(threeWaveShips: [String], twoWaveShips: [String]) {
            self.threeWaveShips = threeWaveShips
            self.twoWaveShips = twoWaveShips
        }
    }

    public struct Session: Sendable {
        public var start: Date
        public var end: Date
        public var waves: [WaveEvent]
    }

    public static func bestSessions(
        waves input: [WaveEvent], sun: SunTimes, ships: ShipLists, top: Int = 5
    ) -> [(session: Session, score: Double)] {
        let waves = input.sorted { $0.time < $1.time }
        guard let first = waves.first, let last = waves.last, last.time.timeIntervalSince(first.time) >= 3600 else {
            return []
        }
        var sessions: [Session] = []
        for startWave in waves {
            var sessionWaves: [WaveEvent] = []
            for wave in waves.filter({ $0.time >= startWave.time }) {
                if let previous = sessionWaves.last, wave.time.timeIntervalSince(previous.time) > 3600 { break }
                if wave.time.timeIntervalSince(startWave.time) > 7200 { break }
                sessionWaves.append(wave)
            }
            guard let lastWave = sessionWaves.last, lastWave.time.timeIntervalSince(startWave.time) >= 3600,
                sessionWaves.count >= 3
            else { continue }
            sessions.append(Session(start: startWave.time, end: lastWave.time, waves: sessionWaves))
        }
        let scored = sessions.filter { score($0, sun: sun, ships: ships) > 0 }
        let sorted = scored.sorted { score($0, sun: sun, ships: ships) > score($1, sun: sun, ships: ships) }
        return sorted.prefix(top).map { ($0, score($0, sun: sun, ships: ships)) }
    }

    static func score(_ session: Session, sun: SunTimes, ships: ShipLists) -> Double {
        var quality = 0
        for wave in session.waves {
            if let name = wave.shipName {
                if ships.threeWaveShips.contains(name) {
                    quality += 10
                } else if ships.twoWaveShips.contains(name) {
                    quality += 5
                } else {
                    quality += 2
                }
            } else {
                quality += 1
            }
        }
        let duration = session.end.timeIntervalSince(session.start)
        let wavesPerHour = Double(session.waves.count) / (duration / 3600)
        var score = Double(quality) * (1 + wavesPerHour / 10)
        var twilight: TimeInterval = 0
        if session.start <= sun.sunrise {
            twilight += max(0, min(session.end, sun.sunrise).timeIntervalSince(session.start))
        }
        if session.end >= sun.sunset {
            twilight += max(0, session.end.timeIntervalSince(max(session.start, sun.sunset)))
        }
        let share = twilight / duration
        if share > 0 { score *= 1 - 0.8 * share }
        if session.end <= sun.civilTwilightBegin || session.start >= sun.civilTwilightEnd { score = 0 }
        return score
    }
}
