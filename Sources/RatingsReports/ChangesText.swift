import NextWaveSupport
package import ShipRatingTable
import WaveRating

/// What changed between two rating tables, in words: for `ratings.md`, `--dry-run` and `--diff`.
package enum ChangesText {
    /// Plain lines, one per change (no trailing newline); "no changes" when there are none.
    package static func lines(_ diff: RatingDiff, table: RatingTable, retired: [(name: String, since: String)] = [])
        -> [String]
    {
        var lines: [String] = []
        let retiredKeys = Dictionary(
            retired.map { (ShipNames.key($0.name), $0.since) }, uniquingKeysWith: { a, _ in a })
        lines += diff.added.map { "added: \($0)" }
        lines += diff.removed.map { name in
            retiredKeys[ShipNames.key(name)].map { "retired: \(name) (since \($0))" } ?? "removed: \(name)"
        }
        lines += diff.rerated.map { "re-rated: \($0.name) \(rating($0.from)) → \(rating($0.to))" }
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

    /// Ships no page has described since a date: "MS X: no page since 2026-11-23; retired?".
    package static func pagesGone(_ table: RatingTable) -> [String] {
        table.ships.compactMap { ship in
            ship.source.pageMissingSince.map { "\(ship.name): no page since \($0); retired?" }
        }
    }

    /// The Markdown section.
    package static func markdown(
        _ diff: RatingDiff?, table: RatingTable, previousName: String?, retired: [(name: String, since: String)] = []
    ) -> String {
        var md = "\n## Changes against the previous table\n\n"
        let retiredLines = retired.map { "- retired: \($0.name), since \($0.since) (fleet file); not in the table\n" }
        guard let diff else {
            md += "No previous table.\n"
            let gone = pagesGone(table)
            md += retiredLines.isEmpty ? "" : "\n" + retiredLines.joined()
            return gone.isEmpty ? md : md + "\n" + gone.map { "- \($0)\n" }.joined()
        }
        md += "Compared with \(previousName ?? "the previous table").\n\n"
        if diff.added.isEmpty && diff.removed.isEmpty && diff.rerated.isEmpty && diff.changedValues.isEmpty {
            md += "No ships added, removed or re-rated, and no value changed.\n"
        }
        for name in diff.added { md += "- added: \(name)\n" }
        let retiredKeys = Set(retired.map { ShipNames.key($0.name) })
        for name in diff.removed where !retiredKeys.contains(ShipNames.key(name)) { md += "- removed: \(name)\n" }
        md += retiredLines.joined()
        for r in diff.rerated { md += "- re-rated: \(r.name) \(rating(r.from)) → \(rating(r.to))\n" }
        if !diff.changedValues.isEmpty {
            md += "\n| Ship | Value | Before | Now |\n|---|---|--:|--:|\n"
            for c in diff.changedValues { md += "| \(c.name) | \(c.field) | \(value(c.from)) | \(value(c.to)) |\n" }
        }
        let gone = pagesGone(table)
        if !gone.isEmpty { md += "\n" + gone.map { "- \($0)\n" }.joined() }
        return md
    }

    static func rating(_ value: Rating?) -> String { value.map { String($0.rawValue) } ?? "unrated" }
    static func value(_ number: Double?) -> String { number.map(plain) ?? "–" }
}
