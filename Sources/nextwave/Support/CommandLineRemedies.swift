import RatingsPipeline

/// The remedies the libraries' findings name, as the commands to type (``Advice`` words errors
/// the same way). A ship's name is quoted as a shell reads it.
struct CommandLineRemedies: RemedyWording {
    func words(for remedy: FleetRemedy) -> String {
        switch remedy {
        case .retire(let ship): "`nextwave fleet retire \"\(ship)\" --since YYYY-MM-DD`"
        case .add(let ship, let differentShip):
            "`nextwave fleet add --name \"\(ship)\"\(differentShip ? " --different-ship" : "") …`"
        case .setFigures(let ship, let missing):
            "`nextwave fleet set \"\(ship)\" \(Self.figureFlags(missing)) --source URL`"
        case .setRiderRating(let ship): "`nextwave fleet set \"\(ship)\" --rider-rating N --source URL --reason TEXT`"
        case .rename(let ship, let to): "`nextwave fleet rename \"\(ship)\" \"\(to ?? "NEW NAME")\"`"
        case .alias(let ship, let alias): "`nextwave fleet set \"\(ship)\" --alias \"\(alias)\"`"
        case .review(let ship): "`nextwave ratings show --ship \"\(ship)\"`, `nextwave fleet show --sources`"
        case .acceptRegression: "--accept-regression"
        case .rateWith(let table): "--ratings \(table)"
        case .rateWithModel(let model): "`--model \(model == .wakeEnsemble ? "wake" : "legacy")`"
        case .measureSpeeds:
            "archive the courses they run (`nextwave archive fetch` daily), then run "
                + "`nextwave fleet speeds --archive DIR --out Data/operating-speeds.json`"
        case .everySpot: "`nextwave wake --json` or `--out DIR`"
        }
    }

    /// `--length M --beam M --displacement T`, or the flags of the figures `missing` names.
    static func figureFlags(_ missing: [String]) -> String {
        let flags = [("length", "--length M"), ("beam", "--beam M"), ("displacement", "--displacement T")]
        return flags.filter { missing.isEmpty || missing.contains($0.0) }.map(\.1).joined(separator: " ")
    }
}
