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

/// A `RANGE` option (``ValueSweep``'s grammar). Every text parses here, so that the command's
/// `validate()` can say what is wrong with a bad one (``checkRanges(_:)``) instead of
/// ArgumentParser's bare "is invalid".
struct RangeArgument: ExpressibleByArgument, Sendable {
    /// The text as written (what `--help` shows for a default).
    let text: String
    let parsed: Result<ValueSweep, ValueSweep.Problem>

    init(argument: String) {
        text = argument
        parsed = Result { () throws(ValueSweep.Problem) in try ValueSweep(argument) }
    }

    /// The values; none for a text ``checkRanges(_:)`` refuses.
    var values: [Double] { (try? parsed.get())?.values ?? [] }

    var defaultValueDescription: String { text }
}

/// One rule for every `RANGE` option: a usage error naming the option, its text and what is
/// wrong with it.
func checkRanges(_ options: [(String, RangeArgument?)]) throws {
    for case (let option, let range?) in options {
        guard case .failure(let problem) = range.parsed else { continue }
        throw ValidationError("\(option) \(range.text.isEmpty ? "\"\"" : range.text): \(problem)")
    }
}
