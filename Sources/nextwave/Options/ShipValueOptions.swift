import ArgumentParser
import RatingsPipeline

/// A hull's figures: what `wake` takes for a hull of its own, and what `fleet add` and
/// `fleet set` write for a ship.
struct HullOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Length over all, m.", valueName: "M")) var length: Double?
    @Option(help: ArgumentHelp("Hull beam, m.", valueName: "M")) var beam: Double?
    @Option(help: ArgumentHelp("Displacement, t.", valueName: "T")) var displacement: Double?
    @Option(help: ArgumentHelp("Draft, m (the wake model's default: from D = C_B L B T).", valueName: "M"))
    var draft: Double?
    @Option(help: ArgumentHelp("Block coefficient C_B (the wake model's default 0.55).", valueName: "X"))
    var blockCoefficient: Double?
    @Option(help: ArgumentHelp("Bow entrance length, m (the wake model's default L/3.2).", valueName: "M"))
    var entranceLength: Double?

    /// Whether any figure is given.
    var isGiven: Bool { [length, beam, displacement, draft, blockCoefficient, entranceLength].contains { $0 != nil } }
}

/// The hull and speed values `fleet add` and `fleet set` take.
struct ShipValueOptions: ParsableArguments {
    @OptionGroup var hull: HullOptions
    @Option(help: ArgumentHelp("Installed power, kW.", valueName: "KW")) var power: Double?
    @Option(help: ArgumentHelp("Service speed, km/h.", valueName: "KMH")) var serviceSpeed: Double?
    @Option(help: ArgumentHelp("Top speed, km/h.", valueName: "KMH")) var topSpeed: Double?

    /// The values given, by fleet-file field.
    var list: [(field: FleetField, value: Double)] {
        [
            (.lengthM, hull.length), (.beamM, hull.beam), (.displacementT, hull.displacement), (.draftM, hull.draft),
            (.powerKW, power), (.serviceSpeedKmh, serviceSpeed), (.topSpeedKmh, topSpeed),
            (.blockCoefficient, hull.blockCoefficient), (.entranceLengthM, hull.entranceLength),
        ].compactMap { field, value in value.map { (field: field, value: $0) } }
    }
}
