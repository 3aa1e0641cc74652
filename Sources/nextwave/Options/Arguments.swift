public import ArgumentParser
public import CivilTime
import Foundation
import RatingsPipeline
import SessionCore

extension CivilTime.LocalDate: ArgumentParser.ExpressibleByArgument {
    /// `YYYY-MM-DD`, or `today`, `tomorrow`, `yesterday` (in Europe/Zurich).
    public init?(argument: String) {
        let today = ZoneClock.zurich.today()
        switch argument.lowercased() {
        case "today": self = today
        case "tomorrow": self = today.adding(days: 1)
        case "yesterday": self = today.adding(days: -1)
        default: self.init(iso: argument)
        }
    }
}

/// Refuses an empty path: `--out ""` would otherwise mean the current folder while every
/// message named the root.
func checkPaths(_ options: [(String, String?)]) throws {
    for (option, value) in options where value?.isEmpty == true {
        throw ValidationError("\(option) is empty; give a path (for the current folder: \(option) .)")
    }
}

/// One rule for every URL option: http or https with a host.
/// - Throws: a usage error naming the option, an example when given, and the value.
func checkHTTPURL(_ text: String?, option: String, example: String? = nil) throws {
    guard let text else { return }
    guard let url = URL(string: text), url.isWebAddress else {
        throw ValidationError(
            "\(option) must be an http(s) URL\(example.map { " such as \($0)" } ?? ""), got '\(text)'")
    }
}

/// One rule for every date option: within ``SupportedDates`` (1901–2099, the years sun times
/// are computed for).
func checkSupported(_ date: LocalDate?, option: String) throws {
    guard let date, !SupportedDates.contains(date) else { return }
    throw ValidationError(
        "\(option) \(date) lies outside \(SupportedDates.text), the years the toolkit computes sun times for")
}

extension SessionCore.SunSource: ArgumentParser.ExpressibleByArgument {}

/// `start:stop:step` (inclusive of `stop` within rounding), a single value, or a comma list.
///
/// A range written in decimals is stepped in whole units of its finest decimal place, so
/// `0.01:100:0.01` gives exactly 0.01, 0.02, …, 100 (the values typing them would give), not
/// 100.00000000000001 at the end. At most ``maximumCount`` values.
struct RangeArgument: ExpressibleByArgument, Sendable {
    let values: [Double]
    /// The range as it was written (what `--help` shows for a default).
    let text: String

    static let maximumCount = 100_000

    init?(argument: String) {
        text = argument
        if argument.contains(",") {
            let items = argument.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !items.isEmpty, items.count <= Self.maximumCount, items.allSatisfy({ $0?.isFinite == true })
            else { return nil }
            values = items.map { $0! }
            return
        }
        let texts = argument.split(separator: ":", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if texts.count == 1, let single = Double(texts[0]), single.isFinite {
            values = [single]
            return
        }
        guard texts.count == 3, let start = Double(texts[0]), let stop = Double(texts[1]),
            let step = Double(texts[2]), start.isFinite, stop.isFinite, step.isFinite, step > 0, stop >= start
        else { return nil }
        if let exact = Self.decimalSteps(texts) {
            values = exact
            return
        }
        let span = (stop - start) / step
        guard span < Double(Self.maximumCount) else { return nil }
        let count = Int((span + 1e-9).rounded(.down)) + 1
        values = (0..<count).map { min(start + Double($0) * step, stop) }
    }

    /// The values of a range whose three parts are plain decimals with at most 9 places,
    /// counted in integers of 10^−places; nil when the text is not of that form.
    static func decimalSteps(_ texts: [String]) -> [Double]? {
        func places(_ text: String) -> Int? {
            let body = text.hasPrefix("-") || text.hasPrefix("+") ? String(text.dropFirst()) : text
            let parts = body.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count),
                parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                !body.isEmpty, body != "."
            else { return nil }
            return parts.count == 2 ? parts[1].count : 0
        }
        let decimals = texts.map(places)
        guard decimals.allSatisfy({ $0 != nil }), let scale = decimals.map({ $0! }).max(), scale <= 9 else {
            return nil
        }
        let unit = (0..<scale).reduce(1.0) { value, _ in value * 10 }
        // Each part as a whole number of units; exact below 2^53.
        let scaled = texts.map { (Double($0)! * unit).rounded() }
        guard scaled.allSatisfy({ abs($0) < 9e15 }) else { return nil }
        let (start, stop, step) = (Int64(scaled[0]), Int64(scaled[1]), Int64(scaled[2]))
        guard step > 0, stop >= start, (stop - start) / step < Int64(Self.maximumCount) else { return nil }
        let count = Int((stop - start) / step) + 1
        return (0..<count).map { Double(start + Int64($0) * step) / unit }
    }

    var defaultValueDescription: String { text }
}
