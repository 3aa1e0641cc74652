/// A next step on the fleet file, a ratings run or a wake run, named by what it does. The
/// libraries' findings and reports (a ship gone from the table, a page that names another ship, a
/// ship the models cannot rate, more spots than a summary shows) say which step fits; a front end
/// words it (``RemedyWording``): the command line as the command to type, a library client in
/// plain words (``PlainRemedyWording``).
public enum FleetRemedy: Sendable, Hashable {
    /// The ship left the fleet: retire its entry, from the day it left.
    case retire(ship: String)
    /// Add a ship to the fleet file with its figures and a source; `differentShip`: although a
    /// ship there is spelled like it.
    case add(ship: String, differentShip: Bool)
    /// Give the ship's entry the figures the models need, with a source: `missing` names them
    /// (`length`, `beam`, `displacement`; empty for all three).
    case setFigures(ship: String, missing: [String])
    /// Give the ship the riders' rating, with where it is published and who rated it on what.
    case setRiderRating(ship: String)
    /// Rename the entry (its old names become aliases); `to` nil when the new name is not known.
    case rename(ship: String, to: String?)
    /// Give the entry another name it answers to.
    case alias(ship: String, alias: String)
    /// Look at the ship's figures and where each comes from.
    case review(ship: String)
    /// Confirm a change the regression gate holds.
    case acceptRegression
    /// Rate with a table other than the current one (`table`: how the person named it).
    case rateWith(table: String)
    /// Rate with this model (``ModelName/legacy`` or ``ModelName/wakeEnsemble``); the words fit
    /// in brackets after the model's name.
    case rateWithModel(ModelName)
    /// Measure the ships' cruising speeds: archive the courses they run and fit the speeds from
    /// the archive, into the data folder's speeds file.
    case measureSpeeds
    /// See every spot of a wake run, not only the ones its summary ranks.
    case everySpot
}

/// How a front end words a ``FleetRemedy``: the words fit where a finding's sentence names the
/// step ("if it left the fleet, …").
public protocol RemedyWording: Sendable {
    func words(for remedy: FleetRemedy) -> String
}

/// Remedies in plain words, for a client of the libraries: what to change in the fleet file or
/// in a job's input, without a command line.
public struct PlainRemedyWording: RemedyWording {
    public init() {}

    public func words(for remedy: FleetRemedy) -> String {
        switch remedy {
        case .retire(let ship): "retire \(ship) in the fleet file (`retired`, from the day it left)"
        case .add(let ship, let differentShip):
            "add \(ship) to the fleet file" + (differentShip ? " as a ship of its own" : "")
        case .setFigures(let ship, let missing):
            "give \(ship) its \(missing.isEmpty ? "length, beam and displacement" : missing.joined(separator: ", ")) "
                + "in the fleet file, with a source"
        case .setRiderRating(let ship):
            "give \(ship) the riders' rating in the fleet file (`riderRating`, with its source and reason)"
        case .rename(let ship, let to): "rename \(ship) in the fleet file" + (to.map { " to \($0)" } ?? "")
        case .alias(let ship, let alias): "add \"\(alias)\" to the aliases of \(ship) in the fleet file"
        case .review(let ship): "review the figures of \(ship) and their sources"
        case .acceptRegression: "`acceptRegression`"
        case .rateWith(let table): "\(table) as their rating table"
        case .rateWithModel(let model): "the ratings job's `model`: `.\(model == .wakeEnsemble ? "wake" : "legacy")`"
        case .measureSpeeds:
            "archive the courses they run, then fit their speeds from the archive into the data folder's "
                + "`operating-speeds.json` (`CourseSpeedsJob`)"
        case .everySpot: "the whole wake table (`WakeJob`'s result, or its CSV)"
        }
    }
}
