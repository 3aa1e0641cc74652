import RatingsPipeline

/// How the command line names a run's fleet file in the `nextwave fleet` commands it suggests
/// (``FleetCommandText/naming(_:fleetArgument:)`` puts it at their end).
enum FleetArgument {
    /// The path given, or `--operator ID` with `--data DIR` as given; nil for the data folder's
    /// own `fleet.json` found the usual way. Words are quoted as a shell reads them.
    static func words(file: String?, operatorID: String?, dataFolder: String? = nil) -> String? {
        if let file { return FleetCommandText.shellWord(file) }
        let words =
            (operatorID.map { ["--operator", FleetCommandText.shellWord($0)] } ?? [])
            + (dataFolder.map { ["--data", FleetCommandText.shellWord($0)] } ?? [])
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
