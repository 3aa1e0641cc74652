public import ArgumentParser
import SessionCore
import SessionsPipeline

/// `--ratings FILE` and `--sun station|app`: the rating table and the sun times `sessions`,
/// `plan` and `today` score with.
struct ScoringOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Rating table: a file, the folder `ratings` wrote or a publishing folder (default: each operator's "
                + "current table in Data/ratings/).",
            valueName: "FILE"))
    var ratings: String?

    @Option(
        help: ArgumentHelp("Sun times: each station's own coordinates, or the app's single point.", valueName: "SOURCE")
    )
    var sun: SunSource = .station

    @OptionGroup var categories: CategoriesOption

    func validate() throws { try checkPaths([("--ratings", ratings)]) }
}

/// `--predict on|off`: whether a wave without an assigned ship takes the ships that ran its
/// course on archived days (on), or scores as unknown, as the app does (off).
struct PredictOption: ParsableArguments {
    @Option(help: ArgumentHelp("Predict ships for waves without an assignment: on or off.", valueName: "ON|OFF"))
    var predict: Switch = .on

    var isOn: Bool { predict == .on }
}

/// `on` / `off`.
enum Switch: String, ExpressibleByArgument, CaseIterable, Sendable {
    case on, off
}

/// `--categories ships|app`: which ship categories make waves: every ship (motor ships, paddle
/// steamers, the car ferry), or motor ships only, as the app lists them.
struct CategoriesOption: ParsableArguments {
    @Option(
        name: .customLong("categories"),
        help: ArgumentHelp(
            "Waves: ships (motor ships, paddle steamers, car ferries) or app (motor ships only, as the app).",
            valueName: "RULE"))
    var rule: WaveCategories = .ships
}

extension WaveCategories: ExpressibleByArgument {}
