import Foundation
@_spi(Benchmarks) import ShipRatings

extension RatingsJob.Result {
    /// What a dry run prints: every change against the baseline, every page that is gone, and
    /// whether a real run would write or stop.
    public func dryRunReport(changes: [String]?, wording: any RemedyWording = PlainRemedyWording()) -> String {
        let result = self
        var lines = ["Dry run: nothing written. Against \(result.baselineName ?? "no previous table"):"]
        lines += (changes ?? ["every ship is new"]).map { "  \($0)" }
        lines += result.vanished.map { "  page gone: \($0.url) (\($0.answer))" }
        let disagreements = result.run.disagreements
        if !disagreements.isEmpty || !result.run.notes.isEmpty {
            lines.append(
                "Findings to review (the riders' ratings are published; a model disagrees, or cannot rate):")
            lines += disagreements.map { "  - \($0.line)" } + result.run.notes.map { "  - \($0)" }
        }
        if result.regressions.isEmpty {
            lines.append("A real run would write this table.")
        } else {
            lines.append(
                "A real run would stop here and write nothing without \(wording.words(for: .acceptRegression)):")
            lines += result.regressions.map { "  - \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

extension RatingsJob.Result {
    /// What a run did, one line each: what it wrote to `out` (or that the table is unchanged),
    /// and what it published to `publish` (a package per lake, or the table and its manifest).
    public func outcome(
        out: String, publish: String?, wording: any RemedyWording = PlainRemedyWording()
    ) -> [String] {
        var lines = [
            written.isEmpty
                ? "\(out)/ship-ratings.json is unchanged; nothing written"
                : unchanged
                    ? "\(out)/ship-ratings.json is unchanged; rewrote \(written.joined(separator: ", ")), which this "
                        + "version draws differently"
                    : "wrote \(written.joined(separator: ", ")) to \(out)/"
        ]
        if let current {
            lines.append(
                current.changed
                    ? "\(current.name) is now the current table: feed, plan, today and sessions rate with it"
                    : "\(current.name) holds this table already: feed, plan, today and sessions rate with it")
        } else {
            lines.append(
                "a table of its own in \(out)/: the other commands keep rating with the current table "
                    + "(Data/ratings/); give them \(wording.words(for: .rateWith(table: out))), or publish it to make "
                    + "it current")
        }
        guard let publish else { return lines }
        if !lakesPublished.isEmpty {
            lines.append(
                "published a package per lake to \(publish)/: \(lakesPublished.joined(separator: ", "))"
                    + (publishedUnchanged ? " (all unchanged)" : ""))
        } else if let published {
            lines.append(
                publishedUnchanged
                    ? "\(publish)/manifest.json already names \(published.current); nothing published"
                    : "published \(published.current) and manifest.json to \(publish)/")
        }
        return lines
    }
}

extension PublishJob.Result {
    /// What a dry run of `ratings publish` prints: every change against what `destination`
    /// publishes, and whether publishing would go ahead or stop.
    public func dryRunReport(destination: String, wording: any RemedyWording = PlainRemedyWording()) -> String {
        let changes = diff.map { ChangesText.lines($0, table: table, retired: retired) }
        var lines = ["Dry run: nothing published. Against \(baselineName ?? "nothing published in \(destination)"):"]
        lines += (changes ?? ["every ship is new to the apps"]).map { "  \($0)" }
        if regressions.isEmpty {
            lines.append("Publishing would go ahead.")
        } else {
            lines.append("Publishing would stop without \(wording.words(for: .acceptRegression)):")
            lines += regressions.map { "  - \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
