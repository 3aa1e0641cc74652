package import CivilTime
package import NextWaveSupport

/// The text of the large session reports (`sessions.json`, `waves.csv`, `sessions.csv`), built
/// as UTF-8 bytes: a year over every station is a million waves and 650 MB of text, and building
/// it from `String` pieces took most of a sessions run. Every writer here produces exactly the
/// text of its `String` counterpart (`ZoneClock.iso8601`, `PrettyJSON.quoted`, `CSVFormat.row`);
/// `ReportBytesTests` compares them over random values.
package struct ReportBytes {
    package var bytes: [UInt8] = []
    /// The last local day written by ``date(_:)`` and its ten bytes `YYYY-MM-DD`.
    private var cachedDay = Int.min
    private var cachedDate: [UInt8] = []

    package init() { bytes.reserveCapacity(1 << 21) }

    package var count: Int { bytes.count }

    /// Hands the bytes out and starts empty again (keeping the capacity).
    package mutating func drain(_ body: ([UInt8]) throws -> Void) rethrows {
        try body(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: Plain text

    package mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// A decimal integer, as `String(value)` writes it.
    package mutating func int(_ value: Int) {
        if value < 0 {
            guard value != .min else { return text(String(value)) }
            bytes.append(0x2D)
            return int(-value)
        }
        if value < 10 { return bytes.append(0x30 &+ UInt8(value)) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 20 digits, most significant last
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            while rest > 0 {
                raw[count] = 0x30 &+ UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(raw[i]) }
        }
    }

    /// `value` with zeros in front to `width` characters, as CivilTime's `pad` writes it.
    package mutating func padded(_ value: Int, _ width: Int) {
        let start = bytes.count
        int(value)
        let written = bytes.count - start
        if written < width { bytes.insert(contentsOf: repeatElement(0x30, count: width - written), at: start) }
    }

    // MARK: Dates and times (Europe/Zurich unless the clock says otherwise)

    /// `YYYY-MM-DD`, as `LocalDate.description`.
    package mutating func date(_ date: LocalDate) {
        if date.daysSinceEpoch != cachedDay {
            cachedDay = date.daysSinceEpoch
            let start = bytes.count
            let (y, m, d) = date.components
            padded(y, 4)
            bytes.append(0x2D)
            padded(m, 2)
            bytes.append(0x2D)
            padded(d, 2)
            cachedDate = Array(bytes[start...])
            return
        }
        bytes.append(contentsOf: cachedDate)
    }

    /// `2026-09-22T14:31:00+02:00`, as `ZoneClock.iso8601`.
    package mutating func iso8601(_ unix: Int64, clock: ZoneClock) {
        let unix = min(max(unix, -(1 << 40)), 1 << 40)
        let offset = clock.offset(at: unix)
        let local = unix + Int64(offset)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        date(LocalDate(daysSinceEpoch: Int(days)))
        time(Int(local - days * 86_400))
        bytes.append(offset < 0 ? 0x2D : 0x2B)
        let magnitude = abs(offset)
        padded(magnitude / 3600, 2)
        bytes.append(0x3A)
        padded(magnitude / 60 % 60, 2)
    }

    /// `2026-09-22T12:31:00Z`, as `ZoneClock.utcISO8601`.
    package mutating func utcISO8601(_ unix: Int64) {
        let unix = min(max(unix, -(1 << 40)), 1 << 40)
        let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
        date(LocalDate(daysSinceEpoch: Int(days)))
        time(Int(unix - days * 86_400))
        bytes.append(0x5A)
    }

    /// `T14:31:00` from seconds after midnight.
    private mutating func time(_ seconds: Int) {
        bytes.append(0x54)
        padded(seconds / 3600, 2)
        bytes.append(0x3A)
        padded(seconds / 60 % 60, 2)
        bytes.append(0x3A)
        padded(seconds % 60, 2)
    }

    /// `14:31`, as `ZoneClock.hourMinute`.
    package mutating func hourMinute(_ unix: Int64, clock: ZoneClock) {
        let seconds = clock.secondOfDay(at: unix)
        padded(seconds / 3600, 2)
        bytes.append(0x3A)
        padded(seconds / 60 % 60, 2)
    }

    // MARK: JSON

    /// A JSON string literal, as `PrettyJSON.quoted`.
    package mutating func jsonString(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 in
            !utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
        }
        guard plain else { return self.text(PrettyJSON.quoted(text)) }
        bytes.append(0x22)
        text.withUTF8 { bytes.append(contentsOf: $0) }
        bytes.append(0x22)
    }

    /// A JSON number: whole values as integers, others as Swift's shortest round-trip text.
    /// JSON has no NaN or infinity: those are written as `null` (never produced by the reports).
    package mutating func jsonNumber(_ value: Double) {
        guard value.isFinite else { return ascii("null") }
        if value == value.rounded() && abs(value) < 1e15 { return int(Int(value)) }
        text(value.description)
    }

    // MARK: CSV

    /// Starts a CSV field (with the separator before it unless it is the row's first); write its
    /// text, then call ``endField(start:style:)`` with what this returned.
    package mutating func beginField(first: Bool, style: CSVStyle) -> Int {
        if !first { bytes.append(style == .standard ? 0x2C : 0x3B) }
        return bytes.count
    }

    /// Ends a CSV field begun at `start`, applying `CSVFormat.field`'s rules to its bytes: a
    /// leading `=`, `+`, `-`, `@`, tab or CR gets a `'` unless the text is a number; German
    /// decimal commas; quotes when the text holds the separator, a quote or a line end.
    package mutating func endField(start: Int, style: CSVStyle) {
        let separator: UInt8 = style == .standard ? 0x2C : 0x3B
        var needsQuotes = false
        var hasPoint = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == separator || byte == 0x22 || byte == 0x0A || byte == 0x0D { needsQuotes = true }
            if byte == 0x2E { hasPoint = true }
            index += 1
        }
        let count = bytes.count - start
        var leadsRisky = false
        if count > 1 {
            switch bytes[start] {
            case 0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D: leadsRisky = true
            default: break
            }
        }
        guard needsQuotes || leadsRisky || (style == .excelDE && hasPoint) else { return }
        // The rare field: through `CSVFormat.field` itself.
        let text = String(decoding: bytes[start...], as: UTF8.self)
        bytes.removeSubrange(start...)
        self.text(CSVFormat.field(text, style: style))
    }

    /// A whole CSV field.
    package mutating func field(_ text: String, first: Bool = false, style: CSVStyle) {
        let start = beginField(first: first, style: style)
        self.text(text)
        endField(start: start, style: style)
    }

    /// A CSV row of fields, with its line end, as `CSVFormat.row`.
    package mutating func row(_ fields: [String], style: CSVStyle) {
        for (index, field) in fields.enumerated() { self.field(field, first: index == 0, style: style) }
        bytes.append(0x0A)
    }
}
