public import ArgumentParser
import CivilTime
import Foundation
import RatingsPipeline
import SessionCore

/// `--date`, `--from` and `--to` of every command (`@Option(transform: DateArgument.parse)`): one
/// rule for every date option, held by the parser itself, so that no command can forget it.
enum DateArgument {
    /// A day the text does not name, with the reason (ArgumentParser shows it after "is invalid").
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    /// `YYYY-MM-DD`, or `today`, `tomorrow`, `yesterday` (in Europe/Zurich), within
    /// ``SupportedDates`` (1901–2099, the years sun times are computed for).
    static func parse(_ text: String) throws -> LocalDate {
        let date = try parseAnyDay(text)
        guard SupportedDates.contains(date) else {
            throw Unreadable(
                description: "\(date) lies outside \(SupportedDates.text), the years the toolkit computes sun times for"
            )
        }
        return date
    }

    /// The same, for a day of the fleet's history, which has a range of its own (`fleet retire
    /// --since`: the fleet file's 1800–2100, checked by the command).
    static func parseAnyDay(_ text: String) throws -> LocalDate {
        let today = ZoneClock.zurich.today()
        switch text.lowercased() {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if let date = LocalDate(iso: text) { return date }
        throw Unreadable(description: reason(text))
    }

    /// Why `text` is no day: a month or day the calendar lacks, else the form to write.
    static func reason(_ text: String) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [4, 2, 2], let year = Int(parts[0]), let month = Int(parts[1]), Int(parts[2]) != nil
        else { return "write the day as YYYY-MM-DD (e.g. 2026-09-22), today, tomorrow or yesterday" }
        guard (1...12).contains(month), let first = LocalDate(year: year, month: month, day: 1) else {
            return "there is no month \(parts[1]); write the day as YYYY-MM-DD"
        }
        let next = first.adding(days: 31)  // in the next month
        let days = next.adding(days: -next.components.day).components.day
        return "\(parts[0])-\(parts[1]) has \(days) days"
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
/// wrong with it (and `also`, a form the options take besides a range, among the forms to write).
func checkRanges(_ options: [(String, RangeArgument?)], also: String? = nil) throws {
    for case (let option, let range?) in options {
        guard case .failure(let problem) = range.parsed else { continue }
        throw ValidationError(
            "\(option) \(range.text.isEmpty ? "\"\"" : range.text): \(problem.description(alsoAccepting: also))")
    }
}
