import ShipRatingTable

/// Remedies written as their case, `<retire(ship: "MS X")>`: a test checks which step a finding
/// names, apart from how a front end words it.
struct TaggedRemedies: RemedyWording {
    func words(for remedy: FleetRemedy) -> String { "<\(remedy)>" }
}
