package import JobContract
import TextFormats

extension HTTPClient.Configuration {
    /// The settings a front end may change, each with the values it accepts (seconds, bytes per
    /// second, attempts): one table, so that the command line and a library caller meet the same
    /// bounds, and no setting out of them reaches the client (whose initialiser traps on them).
    ///
    /// - `requestDelay` 0…3600 s; `timeout` 1…600 s; `maxAttempts` 1…10;
    ///   `maxRequestTime` 1…3600 s; `maxRunTime` 1…86400 s; `lowSpeedLimit` 0…10⁹ B/s (0: no
    ///   limit); `lowSpeedTime` 1…3600 s; `maxBodyBytes` at least 1.
    /// - Throws: ``InvalidInput`` naming the first setting out of its range (its property name,
    ///   e.g. `timeout`), the value and the range.
    package func validate() throws(InvalidInput) {
        try Self.check("requestDelay", requestDelay, 0...3600, "0…3600 seconds")
        try Self.check("timeout", timeout, 1...600, "1…600 seconds")
        guard (1...10).contains(maxAttempts) else {
            throw InvalidInput(field: "maxAttempts", value: String(maxAttempts), accepted: "1…10")
        }
        try Self.check("maxRequestTime", maxRequestTime, 1...3600, "1…3600 seconds")
        try Self.check("maxRunTime", maxRunTime, 1...86_400, "1…86400 seconds")
        guard (0...1_000_000_000).contains(lowSpeedLimit) else {
            throw InvalidInput(
                field: "lowSpeedLimit", value: String(lowSpeedLimit), accepted: "0…1000000000 bytes/s (0: no limit)")
        }
        try Self.check("lowSpeedTime", lowSpeedTime, 1...3600, "1…3600 seconds")
        guard maxBodyBytes >= 1 else {
            throw InvalidInput(field: "maxBodyBytes", value: String(maxBodyBytes), accepted: "at least 1 byte")
        }
    }

    /// `value` finite and within `range`, else the refusal of `field`.
    private static func check(
        _ field: String, _ value: Double, _ range: ClosedRange<Double>, _ accepted: String
    ) throws(InvalidInput) {
        guard value.isFinite, range.contains(value) else {
            throw InvalidInput(field: field, value: plain(value), accepted: accepted)
        }
    }
}
