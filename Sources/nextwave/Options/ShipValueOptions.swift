import ArgumentParser

/// The hull and speed values `fleet add` and `fleet set` take.
struct ShipValueOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Length over all, m.", valueName: "M")) var length: Double?
    @Option(help: ArgumentHelp("Hull beam, m.", valueName: "M")) var beam: Double?
    @Option(help: ArgumentHelp("Displacement, t.", valueName: "T")) var displacement: Double?
    @Option(help: ArgumentHelp("Draft, m.", valueName: "M")) var draft: Double?
    @Option(help: ArgumentHelp("Installed power, kW.", valueName: "KW")) var power: Double?
    @Option(help: ArgumentHelp("Service speed, km/h.", valueName: "KMH")) var serviceSpeed: Double?
    @Option(help: ArgumentHelp("Top speed, km/h.", valueName: "KMH")) var topSpeed: Double?
    @Option(help: ArgumentHelp("Block coefficient C_B (the wake model's default 0.55).", valueName: "X"))
    var blockCoefficient: Double?
    @Option(help: ArgumentHelp("Bow entrance length, m (the wake model's default L/3.2).", valueName: "M"))
    var entranceLength: Double?

    /// The values given, by fleet-file field.
    var list: [(field: String, value: Double)] {
        [
            ("lengthM", length), ("beamM", beam), ("displacementT", displacement), ("draftM", draft),
            ("powerKW", power), ("serviceSpeedKmh", serviceSpeed), ("topSpeedKmh", topSpeed),
            ("blockCoefficient", blockCoefficient), ("entranceLengthM", entranceLength),
        ].compactMap { field, value in value.map { (field: field, value: $0) } }
    }
}
