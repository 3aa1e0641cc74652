import CivilTime
package import Foundation
package import JobContract
import WebPages

/// Reads the steamer deployments SGV publishes on Lake Lucerne ("Aktuelle Fahrpläne &
/// Schiffseinsätze", `https://www.lakelucerne.ch/de/informationen/fahrplan-schiffseinsaetze/`).
///
/// The page's text, line by line (as chamberneezy/boats' `scrape-sgv.mjs` reads it, a public
/// description of the layout): after the heading "Dampfschiff-Einsätze", a block per steamer
/// headed "Dampfschiff <Name>", holding its days — single dates ("Sonntag, 4. Oktober 2026") or
/// ranges ("Von 1. Mai bis 30. Juni 2026"), a range followed by a line "für …" applying only to
/// some of its days — and its course pairs ("Kurs 2123_2124": out and back), up to "Häufig
/// gestellte Fragen". Every course of a block runs on every one of its days. A range with a
/// "für …" condition is not expanded (which days it means is prose) and is reported instead.
/// Only the steamers are published; the motor ships' courses stay predicted.
package enum SGVAllocationPage {
    package static let url = URL(string: "https://www.lakelucerne.ch/de/informationen/fahrplan-schiffseinsaetze/")!

    /// What one page holds.
    package struct Reading: Sendable, Equatable {
        package var assignments: [ShipAssignment]
        /// Things read but not used, in words (a conditional range, a block without days).
        package var notes: [String]
    }

    static let months = [
        "januar": 1, "februar": 2, "märz": 3, "maerz": 3, "april": 4, "mai": 5, "juni": 6, "juli": 7, "august": 8,
        "september": 9, "oktober": 10, "november": 11, "dezember": 12,
    ]

    /// The assignments on the page.
    /// - Throws: ``ArchiveError/badResponse(url:reason:)`` when the deployments heading or every
    ///   block's courses are missing: the layout has probably changed, and nothing must replace
    ///   archived days.
    /// - Parameter deadline: the run's end; reading past it throws.
    package static func read(html: Data, url: String, deadline: Deadline? = nil) throws -> Reading {
        let document: HTMLDocument
        do { document = try HTMLDocument(data: html, url: url) } catch {
            throw ArchiveError.badResponse(url: url, reason: "unreadable HTML (\(error))")
        }
        let lines = document.textLines
        guard lines.count <= ReadLimits.sgvLines else {
            throw ArchiveError.badResponse(
                url: url, reason: "\(lines.count) lines of text, more than an allocation page's \(ReadLimits.sgvLines)")
        }
        guard let start = lines.firstIndex(where: { $0.localizedCaseInsensitiveContains("Dampfschiff-Einsätze") })
        else {
            throw ArchiveError.badResponse(
                url: url, reason: "no heading \"Dampfschiff-Einsätze\"; the page layout has probably changed")
        }
        // The blocks run to the next heading after the deployments' own (a line may be both).
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("Häufig gestellte Fragen") } ?? lines.endIndex
        var blocks: [(ship: String, lines: [String])] = []
        for line in lines[(start + 1)..<end] {
            if line.hasPrefix("Dampfschiff ") {
                blocks.append(("DS " + line.dropFirst("Dampfschiff ".count).trimmingCharacters(in: .whitespaces), []))
            } else if !blocks.isEmpty {
                blocks[blocks.count - 1].lines.append(line)
            }
        }
        var reading = Reading(assignments: [], notes: [])
        var seen = Set<ShipAssignment>()
        for block in blocks {
            try ReadLimits.check(deadline, url: url)
            var days: [LocalDate] = []
            var courses: [String] = []
            for (index, line) in block.lines.enumerated() {
                if index % 1024 == 0 { try ReadLimits.check(deadline, url: url) }
                if line.hasPrefix("Von "), let range = dateRange(line) {
                    let next = index + 1 < block.lines.count ? block.lines[index + 1] : ""
                    if next.lowercased().hasPrefix("für ") {
                        reading.notes.append(
                            "\(block.ship): \"\(line)\" holds only \"\(next)\"; not expanded (which days is prose)")
                    } else {
                        days += range
                    }
                } else if let comma = line.firstIndex(of: ","),
                    ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"].contains(
                        String(line[..<comma])),
                    let day = date(String(line[line.index(after: comma)...]), fallbackYear: nil)
                {
                    days.append(day)
                } else {
                    courses += coursePairs(line)
                }
            }
            if days.isEmpty || courses.isEmpty {
                reading.notes.append("\(block.ship): \(days.isEmpty ? "no day" : "no course") found; skipped")
                continue
            }
            // Each day and course once; the product bounded before it is built.
            days = Array(Set(days)).sorted()
            courses = Array(Set(courses)).sorted()
            guard days.count * courses.count <= ReadLimits.sgvAssignments - reading.assignments.count else {
                throw ArchiveError.badResponse(
                    url: url,
                    reason: "more than \(ReadLimits.sgvAssignments) assignments (\(block.ship): \(days.count) days × "
                        + "\(courses.count) courses); not an allocation page")
            }
            for day in days {
                try ReadLimits.check(deadline, url: url)
                for course in courses {
                    let assignment = ShipAssignment(date: day, course: course, ship: block.ship)
                    if seen.insert(assignment).inserted { reading.assignments.append(assignment) }
                }
            }
        }
        guard !reading.assignments.isEmpty else {
            throw ArchiveError.badResponse(
                url: url, reason: "no steamer with a day and a course found; the page layout has probably changed")
        }
        return reading
    }

    /// `5. Oktober 2026` (or without the year, `fallbackYear`) → a date.
    static func date(_ text: String, fallbackYear: Int?) -> LocalDate? {
        let words = text.replacingOccurrences(of: ".", with: ". ").split(whereSeparator: \.isWhitespace)
        guard let dayIndex = words.firstIndex(where: { $0.hasSuffix(".") && Int($0.dropLast()) != nil }),
            let day = Int(words[dayIndex].dropLast()), dayIndex + 1 < words.count,
            let month = months[words[dayIndex + 1].lowercased()]
        else { return nil }
        let year = dayIndex + 2 < words.count ? Int(words[dayIndex + 2].filter(\.isNumber)) : nil
        guard let year = year ?? fallbackYear else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// `Von 1. Mai bis 30. Juni 2026` → every day of it (at most a year).
    static func dateRange(_ line: String) -> [LocalDate]? {
        let body = line.dropFirst("Von ".count)
        guard let bis = body.range(of: " bis ") else { return nil }
        guard let last = date(String(body[bis.upperBound...]), fallbackYear: nil),
            let first = date(String(body[..<bis.lowerBound]), fallbackYear: last.year),
            first <= last, last.daysSinceEpoch - first.daysSinceEpoch <= 366
        else { return nil }
        return (first.daysSinceEpoch...last.daysSinceEpoch).compactMap { LocalDate(daysSinceEpoch: $0) }
    }

    /// Every course of the `Kurs 2123_2124` pairs in a line (both directions).
    static func coursePairs(_ line: String) -> [String] {
        var courses: [String] = []
        var rest = Substring(line)
        while let kurs = rest.range(of: "Kurs ") {
            let after = rest[kurs.upperBound...]
            let out = after.prefix(while: \.isNumber)
            let tail = after.dropFirst(out.count)
            if !out.isEmpty, tail.first == "_" {
                let back = tail.dropFirst().prefix(while: \.isNumber)
                if !back.isEmpty { courses += [String(out), String(back)] }
            }
            rest = after
        }
        return courses
    }
}
