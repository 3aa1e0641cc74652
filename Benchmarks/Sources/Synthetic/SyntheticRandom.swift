/// Deterministic random numbers for the generators (SplitMix64), so that every run of
/// compare.sh scores the same archive.
public struct SyntheticRandom: RandomNumberGenerator {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The fleet names the generators assign (the ZSG fleet as the rating table writes it).
public let syntheticShipNames = [
    "MS Panta Rhei", "DS Stadt Rapperswil", "MS Helvetia", "MS Linth", "MS Limmat", "MS Säntis", "MS Albis",
    "EMS Pfannenstiel", "EMS Uetliberg", "MS Bachtel", "DS Stadt Zürich", "MS Wädenswil", "MS Zimmerberg",
    "MS Forch", "EMS Fluvius", "EMS Navalis", "EMS Pontus",
]
