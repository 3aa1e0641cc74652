package import ShipRatingTable
import TextFormats
import WaveRating

/// What changed between two rating tables, in words: for `ratings.md`, `--dry-run` and `--diff`.
package enum ChangesText {
    /// Plain lines, one per change (no trailing newline); "no changes" when there are none. Each
    /// kind of change has one word here, in `ratings.md` and in both dry runs: added, renamed,
    /// removed, retired (a ship the fleet file retires), re-rated, changed, and "no page since".
    package static func lines(_ diff: RatingDiff, table: RatingTable, retired: [(name: String, since: String)] = [])
        -> [String]
    {
        var lines = ships(diff, retired: retired)
        var byShip: [(String, [RatingDiff.ValueChange])] = []
        for change in diff.changedValues {
            if let last = byShip.indices.last, byShip[last].0 == change.name {
                byShip[last].1.append(change)
            } else {
                byShip.append((change.name, [change]))
            }
        }
        for (ship, changes) in byShip {
            lines.append(
                "changed: \(ship): "
                    + changes.map { "\($0.field) \(value($0.from)) → \(value($0.to))" }.joined(separator: "; "))
        }
        lines += pagesGone(table)
        return lines.isEmpty ? ["no changes"] : lines
    }

    /// The ships added, renamed, removed, retired and re-rated, one line each.
    static func ships(_ diff: RatingDiff, retired: [(name: String, since: String)]) -> [String] {
        let retiredSince = Dictionary(
            retired.map { (ShipNames.key($0.name), $0.since) }, uniquingKeysWith: { a, _ in a })
        return diff.added.map { "added: \($0)" }
            + diff.renamed.map { "renamed: \($0.from) → \($0.to)" }
            + diff.removed.map { name in
                retiredSince[ShipNames.key(name)].map { retiredLine(name, since: $0) } ?? "removed: \(name)"
            }
            + diff.rerated.map { "re-rated: \($0.name) \(rating($0.from)) → \(rating($0.to))" }
    }

    static func retiredLine(_ name: String, since: String) -> String { "retired: \(name) (since \(since))" }

    /// Ships no page has described since a date: "MS X: no page since 2026-11-23; retired?".
    package static func pagesGone(_ table: RatingTable) -> [String] {
        table.ships.compactMap { ship in
            ship.source.pageMissingSince.map { "\(ship.name): no page since \($0); retired?" }
        }
    }

    /// The Markdown section: the same lines as ``lines(_:table:retired:)``, the changed values as a
    /// table, and every ship the fleet file retires (not in the table), whenever it left.
    package static func markdown(
        _ diff: RatingDiff?, table: RatingTable, previousName: String?, retired: [(name: String, since: String)] = []
    ) -> String {
        var md = "\n## Changes against the previous table\n\n"
        let gone = pagesGone(table)
        var listed: [String] = []
        if let diff {
            md += "Compared with \(previousName ?? "the previous table").\n\n"
            if diff.isEmpty { md += "No ships added, renamed, removed or re-rated, and no value changed.\n" }
            listed = ships(diff, retired: retired)
            md += listed.map { "- \($0)\n" }.joined()
            if !diff.changedValues.isEmpty {
                md += "\n| Ship | Value | Before | Now |\n|---|---|--:|--:|\n"
                for c in diff.changedValues { md += "| \(c.name) | \(c.field) | \(value(c.from)) | \(value(c.to)) |\n" }
            }
        } else {
            md += "No previous table.\n"
        }
        // Every retired ship, also those that left before the previous table.
        let earlier = retired.map { retiredLine($0.name, since: $0.since) }.filter { !listed.contains($0) }
        if !earlier.isEmpty { md += "\n" + earlier.map { "- \($0); not in the table\n" }.joined() }
        if !gone.isEmpty { md += "\n" + gone.map { "- \($0)\n" }.joined() }
        return md
    }

    static func rating(_ value: Rating?) -> String { value.map { String($0.rawValue) } ?? "unrated" }
    static func value(_ number: Double?) -> String { number.map(plain) ?? "–" }
}
