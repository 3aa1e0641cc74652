import WakeKernelSupport

/// The fields of a ship's entry in a curated fleet file, in the order the file writes them
/// (`schemas/fleet.schema.json`). The raw value is the field's name in the file.
///
/// Sourced fields hold `{"value", "source", "overridesPage"?}`: a value, where it was
/// published, and, when it replaces the operator's page value, why.
package enum FleetField: String, CaseIterable, Sendable {
    case name, prefix, aliases, buildYear, shipyard, displacementT, engine, propulsion, powerKW, powerPS, lengthM
    case beamM, crew, capacity, draftM, blockCoefficient, entranceLengthM, serviceSpeedKmh, topSpeedKmh
    case riderRating, note, retired

    /// What a field holds.
    package enum Kind: Sendable {
        case text, list
        case sourced(Value)
        /// `{"since": "YYYY-MM-DD", "reason"?, "source"?}`: the ship has left the fleet.
        case retirement
        /// `{"value": 1|2|3, "source", "reason"}`: the riders' rating.
        case riderRating

        /// What a sourced field's value is, and the range a plausible one lies in.
        package enum Value: Sendable {
            case text
            case number(ClosedRange<Double>)
            case integer(ClosedRange<Int>)
        }
    }

    /// What the field holds; a number's plausible range is the one every reader of the toolkit
    /// applies (``PlausibleValues``) where there is one.
    package var kind: Kind {
        switch self {
        case .name, .prefix, .note: .text
        case .aliases: .list
        case .buildYear: .sourced(.integer(1800...2100))
        case .shipyard, .engine, .propulsion: .sourced(.text)
        case .displacementT: .sourced(.number(PlausibleValues.displacementT))
        case .powerKW: .sourced(.number(1...100_000))
        case .powerPS: .sourced(.number(1...150_000))
        case .lengthM: .sourced(.number(PlausibleValues.lengthM))
        case .beamM: .sourced(.number(PlausibleValues.beamM))
        case .crew: .sourced(.integer(0...1000))
        case .capacity: .sourced(.integer(0...10_000))
        case .draftM: .sourced(.number(PlausibleValues.draftM))
        case .blockCoefficient: .sourced(.number(0.05...1))
        case .entranceLengthM: .sourced(.number(0.1...400))
        case .serviceSpeedKmh, .topSpeedKmh: .sourced(.number(PlausibleValues.speedKmh))
        case .riderRating: .riderRating
        case .retired: .retirement
        }
    }
}
