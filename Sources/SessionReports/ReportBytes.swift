package import CSVText
package import CivilTime
import Foundation
import JSONText
import TextFormats

/// The text of the large session reports (`sessions.json`, `waves.csv`, `sessions.csv`), built
/// as UTF-8 bytes: a year over every station is a million waves and 650 MB of text, and building
/// it from `String` pieces took most of a sessions run. Every writer here produces exactly the
/// text of its `String` counterpart (`ZoneClock.iso8601`, `PrettyJSON.quoted`, `CSVFormat.row`);
/// `ReportBytesTests` compares them over random values.
package final class ReportBytes {
    // A buffer of its own rather than an array: the reports append a few bytes at a time,
    // hundreds of millions of times, and an array checks its uniqueness on every append.
    // One writer at a time by construction (each report's text belongs to one thread), so the
    // per-access exclusivity checks of class properties are left out.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    /// Bytes written and not yet drained.
    @exclusivity(unchecked) package private(set) var count = 0
    /// The last local day written by ``date(_:)`` and its ten bytes `YYYY-MM-DD`.
    private var cachedDay = Int.min
    private var cachedDate: [UInt8] = []
    /// The zone offset last looked up, the Unix times it holds for, and its zone.
    private var zoneSpan: (zone: String, from: Int64, until: Int64, offset: Int) = ("", 0, 0, 0)

    package init(capacity: Int = 1 << 21) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the bytes written and not yet drained.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Hands the bytes out and starts empty again (keeping the capacity).
    package func drain(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try body(UnsafeRawBufferPointer(start: base, count: count))
        count = 0
    }

    /// Room for `more` bytes after the ones written.
    @inline(__always) private func reserve(_ more: Int) {
        if count + more > capacity { grow(to: count + more) }
    }

    private func grow(to needed: Int) {
        var size = capacity
        while size < needed { size *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = size
    }

    // MARK: Plain text

    package func append(_ raw: UnsafeRawBufferPointer) {
        guard raw.count > 0, let start = raw.baseAddress else { return }
        reserve(raw.count)
        (base + count).update(from: start.assumingMemoryBound(to: UInt8.self), count: raw.count)
        count += raw.count
    }

    package func append(_ other: ReportBytes) { other.drain { append($0) } }

    package func ascii(_ text: StaticString) {
        text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    package func text(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    @inline(__always) package func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count += 1
    }

    /// A decimal integer, as `String(value)` writes it.
    package func int(_ value: Int) {
        if value < 0 {
            guard value != .min else { return text(String(value)) }
            byte(0x2D)
            return int(-value)
        }
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        reserve(digits)
        var position = count + digits - 1
        rest = value
        repeat {
            base[position] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
            position -= 1
        } while rest > 0
        count += digits
    }

    /// `value` with zeros in front to `width` characters, as CivilTime's `pad` writes it.
    package func padded(_ value: Int, _ width: Int) {
        if value >= 0 && value < 100 && width == 2 {
            reserve(2)
            base[count] = 0x30 &+ UInt8(value / 10)
            base[count + 1] = 0x30 &+ UInt8(value % 10)
            count += 2
            return
        }
        let start = count
        int(value)
        let written = count - start
        guard written < width else { return }
        let zeros = width - written
        reserve(zeros)
        (base + start + zeros).update(from: base + start, count: written)
        (base + start).update(repeating: 0x30, count: zeros)
        count += zeros
    }

    /// `value` with `decimals` digits after the point, exactly as ``TextFormats/fixed(_:_:)``
    /// writes it (`%.Nf`).
    package func fixed(_ value: Double, _ decimals: Int) {
        guard let (negative, units, unit) = fixedUnits(value, decimals) else {
            return text(TextFormats.fixed(value, decimals))
        }
        if negative { byte(0x2D) }
        int(Int(units / unit))
        guard decimals > 0 else { return }
        byte(0x2E)
        padded(Int(units % unit), decimals)
    }

    // MARK: Dates and times (Europe/Zurich unless the clock says otherwise)

    /// `YYYY-MM-DD`, as `LocalDate.description`.
    package func date(_ date: LocalDate) {
        if date.daysSinceEpoch != cachedDay {
            cachedDay = date.daysSinceEpoch
            let start = count
            let (y, m, d) = date.components
            padded(y, 4)
            byte(0x2D)
            padded(m, 2)
            byte(0x2D)
            padded(d, 2)
            cachedDate = Array(UnsafeBufferPointer(start: base + start, count: count - start))
            return
        }
        cachedDate.withUnsafeBytes { append($0) }
    }

    /// `clock.offset(at: unix)`, looked up again only when `unix` leaves the span of the last.
    @inline(__always) private func offset(at unix: Int64, clock: ZoneClock) -> Int {
        if unix >= zoneSpan.from && unix < zoneSpan.until && zoneSpan.zone == clock.timeZone.identifier {
            return zoneSpan.offset
        }
        let span = clock.offsetSpan(at: unix)
        zoneSpan = (clock.timeZone.identifier, span.from, span.until, span.offset)
        return span.offset
    }

    /// The local day and second of the day at `unix` (taken within ±2^40 s, as ZoneClock does),
    /// and the zone's offset there.
    private func local(_ unix: Int64, clock: ZoneClock) -> (days: Int64, seconds: Int, offset: Int) {
        let unix = min(max(unix, -(1 << 40)), 1 << 40)
        let offset = offset(at: unix, clock: clock)
        let local = unix + Int64(offset)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (days, Int(local - days * 86_400), offset)
    }

    /// `2026-09-22T14:31:00+02:00`, as `ZoneClock.iso8601`.
    package func iso8601(_ unix: Int64, clock: ZoneClock) {
        let (days, seconds, offset) = local(unix, clock: clock)
        date(LocalDate(daysSinceEpoch: Int(days)))
        time(seconds)
        byte(offset < 0 ? 0x2D : 0x2B)
        let magnitude = abs(offset)
        padded(magnitude / 3600, 2)
        byte(0x3A)
        padded(magnitude / 60 % 60, 2)
    }

    /// `2026-09-22T12:31:00Z`, as `ZoneClock.utcISO8601`.
    package func utcISO8601(_ unix: Int64) {
        let unix = min(max(unix, -(1 << 40)), 1 << 40)
        let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
        date(LocalDate(daysSinceEpoch: Int(days)))
        time(Int(unix - days * 86_400))
        byte(0x5A)
    }

    /// `T14:31:00` from seconds after midnight.
    private func time(_ seconds: Int) {
        byte(0x54)
        padded(seconds / 3600, 2)
        byte(0x3A)
        padded(seconds / 60 % 60, 2)
        byte(0x3A)
        padded(seconds % 60, 2)
    }

    /// `14:31`, as `ZoneClock.hourMinute`.
    package func hourMinute(_ unix: Int64, clock: ZoneClock) {
        let seconds = local(unix, clock: clock).seconds
        padded(seconds / 3600, 2)
        byte(0x3A)
        padded(seconds / 60 % 60, 2)
    }

    // MARK: JSON

    /// A JSON string literal, as `PrettyJSON.quoted`.
    package func jsonString(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 in
            !utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
        }
        guard plain else { return self.text(PrettyJSON.quoted(text)) }
        byte(0x22)
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        byte(0x22)
    }

    /// A JSON number: whole values as integers, others as Swift's shortest round-trip text.
    /// JSON has no NaN or infinity: those are written as `null` (never produced by the reports).
    package func jsonNumber(_ value: Double) {
        guard value.isFinite else { return ascii("null") }
        if value == value.rounded() && abs(value) < 1e15 { return int(Int(value)) }
        text(value.description)
    }

    // MARK: CSV

    /// Starts a CSV field (with the separator before it unless it is the row's first); write its
    /// text, then call ``endField(start:style:)`` with what this returned.
    package func beginField(first: Bool, style: CSVStyle) -> Int {
        if !first { byte(style == .standard ? 0x2C : 0x3B) }
        return count
    }

    /// Ends a CSV field begun at `start`, applying `CSVFormat.field`'s rules to its bytes: a
    /// leading `=`, `+`, `-`, `@`, tab or CR gets a `'` unless the text is a number; German
    /// decimal commas; quotes when the text holds the separator, a quote or a line end.
    package func endField(start: Int, style: CSVStyle) {
        let separator: UInt8 = style == .standard ? 0x2C : 0x3B
        var needsQuotes = false
        var hasPoint = false
        var index = start
        while index < count {
            let byte = base[index]
            if byte == separator || byte == 0x22 || byte == 0x0A || byte == 0x0D { needsQuotes = true }
            if byte == 0x2E { hasPoint = true }
            index += 1
        }
        var leadsRisky = false
        if count - start > 1 {
            switch base[start] {
            case 0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D: leadsRisky = true
            default: break
            }
        }
        guard needsQuotes || leadsRisky || (hasPoint && style == .excelDE) else { return }
        // The rare field: through `CSVFormat.field` itself.
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: count - start), as: UTF8.self)
        count = start
        self.text(CSVFormat.field(text, style: style))
    }

    /// A whole CSV field.
    package func field(_ text: String, first: Bool = false, style: CSVStyle) {
        let start = beginField(first: first, style: style)
        self.text(text)
        endField(start: start, style: style)
    }

    /// A CSV row of fields, with its line end, as `CSVFormat.row`.
    package func row(_ fields: [String], style: CSVStyle) {
        for (index, field) in fields.enumerated() { self.field(field, first: index == 0, style: style) }
        byte(0x0A)
    }
}
