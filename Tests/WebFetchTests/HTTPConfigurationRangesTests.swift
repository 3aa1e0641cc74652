import Foundation
import JobContract
import Testing
import _TestSupport

@testable import WebFetch

/// The HTTP settings' accepted values (docs/RELIABILITY.md, the command line's HTTP options):
/// each bound by hand, and random settings against the table transcribed here.
@Suite struct HTTPConfigurationRangesTests {
    /// The table of ``HTTPClient/Configuration/validate()``'s documentation, written out again.
    static var seconds:
        [(field: String, range: ClosedRange<Double>, keyPath: WritableKeyPath<HTTPClient.Configuration, Double>)]
    {
        [
            ("requestDelay", 0...3600, \.requestDelay), ("timeout", 1...600, \.timeout),
            ("maxRequestTime", 1...3600, \.maxRequestTime), ("maxRunTime", 1...86_400, \.maxRunTime),
            ("lowSpeedTime", 1...3600, \.lowSpeedTime),
        ]
    }

    @Test func theDefaultsAreAccepted() throws {
        try HTTPClient.Configuration().validate()
    }

    @Test func eachBoundIsInsideAndTheNextValueOutside() throws {
        for (field, range, keyPath) in Self.seconds {
            for inside in [range.lowerBound, range.upperBound] {
                var c = HTTPClient.Configuration()
                c[keyPath: keyPath] = inside
                try c.validate()
            }
            for outside in [range.lowerBound.nextDown, range.upperBound.nextUp, .nan, .infinity, -.infinity] {
                var c = HTTPClient.Configuration()
                c[keyPath: keyPath] = outside
                #expect(throws: InvalidInput.self) { try c.validate() }
                do { try c.validate() } catch { #expect(error.field == field) }
            }
        }
        var c = HTTPClient.Configuration()
        for (attempts, ok) in [(0, false), (1, true), (10, true), (11, false), (Int.min, false)] {
            c.maxAttempts = attempts
            #expect(((try? c.validate()) != nil) == ok, "maxAttempts \(attempts)")
        }
        c = HTTPClient.Configuration()
        for (limit, ok) in [(-1, false), (0, true), (1_000_000_000, true), (1_000_000_001, false)] {
            c.lowSpeedLimit = limit
            #expect(((try? c.validate()) != nil) == ok, "lowSpeedLimit \(limit)")
        }
        c = HTTPClient.Configuration()
        c.maxBodyBytes = 0
        #expect(throws: InvalidInput(field: "maxBodyBytes", value: "0", accepted: "at least 1 byte")) {
            try c.validate()
        }
        c = HTTPClient.Configuration()
        c.timeout = 0.5
        #expect(throws: InvalidInput(field: "timeout", value: "0.5", accepted: "1…600 seconds")) { try c.validate() }
    }

    /// Property: random settings (most near a bound) are accepted exactly when every one lies in
    /// its range, and a refusal names a setting that is out of it.
    @Test func randomSettingsAreAcceptedExactlyWhenAllAreInRange() {
        var rng = SplitMix64(seed: 33)
        func near(_ range: ClosedRange<Double>) -> Double {
            let bound = Bool.random(using: &rng) ? range.lowerBound : range.upperBound
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: return bound
            case 1: return bound.nextUp
            case 2: return bound.nextDown
            case 3: return .nan
            default: return Double.random(in: (range.lowerBound - 10)...(range.upperBound + 10), using: &rng)
            }
        }
        for _ in 0..<5000 {
            var c = HTTPClient.Configuration()
            var outOfRange: Set<String> = []
            for (field, range, keyPath) in Self.seconds where Bool.random(using: &rng) {
                let value = near(range)
                c[keyPath: keyPath] = value
                if !(value.isFinite && range.contains(value)) { outOfRange.insert(field) }
            }
            if Bool.random(using: &rng) {
                c.maxAttempts = Int.random(in: -2...12, using: &rng)
                if !(1...10).contains(c.maxAttempts) { outOfRange.insert("maxAttempts") }
            }
            do {
                try c.validate()
                #expect(outOfRange.isEmpty, "accepted although \(outOfRange) are out of range")
            } catch {
                #expect(outOfRange.contains(error.field), "refused \(error.field), out of range: \(outOfRange)")
            }
        }
    }
}
