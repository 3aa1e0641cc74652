import ArgumentParser
import RatingsPipeline

/// The operating point: the legacy model's speed and the track's depth, and the wake model's
/// reference (the rider's distance and depth).
struct OperatingPointOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Ship speed, km/h; or 'service': each ship's operating speed (wake model; legacy at 18).",
            valueName: "KMH"))
    var speed: SpeedArgument = .service

    @Option(help: ArgumentHelp("Water depth where the ships sail, m (both models).", valueName: "M"))
    var trackDepth: Double = WakeReference.standard.trackDepthM

    @Option(help: ArgumentHelp("Wake model: water depth at the rider's spot, m.", valueName: "M"))
    var riderDepth: Double = WakeReference.standard.riderDepthM
    /// `--depth`, the old spelling of `--rider-depth`.
    @Option(name: .customLong("depth"), help: .hidden) var oldDepth: Double?

    @Option(help: ArgumentHelp("Wake model: the rider's distance from the sailing line, m.", valueName: "M"))
    var distance: Double = WakeReference.standard.distanceM

    /// How the command line names the fields of the ratings job's point and wake reference.
    static let inputFlags = [
        "point.speedKmh": "--speed", "wakeReference.speed": "--speed", "point.trackDepthM": "--track-depth",
        "wakeReference.trackDepthM": "--track-depth", "wakeReference.riderDepthM": "--rider-depth",
        "wakeReference.distanceM": "--distance",
    ]

    mutating func validate() throws {
        riderDepth = try OldSpelling.adopt(oldDepth, over: riderDepth, oldFlag: "--depth", newFlag: "--rider-depth")
    }

    /// The legacy speed: the given one, or 18 km/h in service mode.
    var legacySpeedKmh: Double { if case .kmh(let value) = speed { value } else { OperatingPoint.legacy.speedKmh } }

    var point: OperatingPoint { OperatingPoint(speedKmh: legacySpeedKmh, trackDepthM: trackDepth) }

    /// The wake model's reference point.
    var wakeReference: WakeReference {
        let mode: WakeReference.Speed
        switch speed {
        case .kmh(let value): mode = .fixed(value)
        case .service: mode = .operating
        }
        return WakeReference(distanceM: distance, trackDepthM: trackDepth, riderDepthM: riderDepth, speed: mode)
    }
}
