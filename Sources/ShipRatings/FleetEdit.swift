package import Foundation
package import JobContract
import TextFormats

/// One change to a ship's entry in a curated fleet file, as `nextwave fleet set` asks for it: new
/// sourced values, the riders' rating or its removal, and more names. The request is checked as a
/// whole (``problem(naming:)``) before the file is read, and applied in one pass
/// (``applied(to:path:)``), so that a refused request never touches the file.
///
/// The rules: something must be set; a riders' rating is 1, 2 or 3, never set and removed at
/// once, and comes with where it is published (`source`) and who rated the ship on what
/// (`reason`); values come with their `source` (and a `reason` when they override the page), and
/// go in a request of their own, apart from a riders' rating, since each has its own source; a
/// `source` without values or a rating, an empty `reason` and an empty alias are refused.
package struct FleetEdit: Sendable {
    /// The ship: its name, full name or an alias.
    package var ship: String
    /// New values by fleet-file field (`lengthM`, `displacementT`, …).
    package var values: [(field: FleetField, value: Double)]
    /// The riders' rating to set (1–3).
    package var riderRating: Int?
    /// Whether the riders' rating is removed (the selected model rates the ship again).
    package var removesRiderRating: Bool
    /// More names for the ship.
    package var aliases: [String]
    /// Where the values or the riders' rating are published.
    package var source: String?
    /// Why the values replace the page's, or who rated the ship on what.
    package var reason: String?

    package init(
        ship: String, values: [(field: FleetField, value: Double)] = [], riderRating: Int? = nil,
        removesRiderRating: Bool = false, aliases: [String] = [], source: String? = nil, reason: String? = nil
    ) {
        self.ship = ship
        self.values = values
        self.riderRating = riderRating
        self.removesRiderRating = removesRiderRating
        self.aliases = aliases
        self.source = source
        self.reason = reason
    }

    /// How a front end names each part of the request in its messages (the command line: its
    /// flags); ``fields`` names them by property.
    package struct Names: Sendable {
        package var values: String
        package var riderRating: String
        package var removesRiderRating: String
        package var alias: String
        package var source: String
        /// The source as it is given, e.g. `--source URL`.
        package var sourceArgument: String
        package var reason: String
        /// The reason as it is given, e.g. `--reason TEXT`.
        package var reasonArgument: String

        package init(
            values: String, riderRating: String, removesRiderRating: String, alias: String, source: String,
            sourceArgument: String, reason: String, reasonArgument: String
        ) {
            self.values = values
            self.riderRating = riderRating
            self.removesRiderRating = removesRiderRating
            self.alias = alias
            self.source = source
            self.sourceArgument = sourceArgument
            self.reason = reason
            self.reasonArgument = reasonArgument
        }

        /// The properties' own names.
        package static let fields = Names(
            values: "values", riderRating: "riderRating", removesRiderRating: "removesRiderRating", alias: "aliases",
            source: "source", sourceArgument: "source", reason: "reason", reasonArgument: "reason")
    }

    /// A request the rules refuse (a usage error), in the words of ``problem(naming:)``.
    package struct Refused: KindedError, Equatable {
        package var message: String
        package init(message: String) { self.message = message }
        package var kind: ProblemKind { .usage }
        package var description: String { message }
    }

    /// Why `source` cannot stand for where a value, a riders' rating or a retirement is
    /// published: the apps link to it, so it is a web address (http or https, with a host); nil
    /// when it can.
    package static func sourceProblem(_ source: String, option: String) -> String? {
        let trimmed = source.trimmingCharacters(in: .whitespaces)
        if let url = URL(string: trimmed), url.isWebAddress { return nil }
        return "\(option) must be a web address the apps can link to (http or https, e.g. "
            + "https://www.zsg.ch/…); got \"\(VisibleText.excerpt(source))\""
    }

    /// The first rule the request breaks, in words that name its parts as `names` does; nil when
    /// it may be applied.
    package func problem(naming names: Names) -> String? {
        func blank(_ text: String?) -> Bool { text?.trimmingCharacters(in: .whitespaces).isEmpty ?? true }
        if values.isEmpty && riderRating == nil && !removesRiderRating && aliases.isEmpty {
            return "give something to set: \(names.values), \(names.riderRating), \(names.removesRiderRating) "
                + "or \(names.alias)"
        }
        if riderRating != nil && removesRiderRating {
            return "give \(names.riderRating) or \(names.removesRiderRating)"
        }
        if let riderRating, !(1...3).contains(riderRating) {
            return "\(names.riderRating) takes 1, 2 or 3; got \(riderRating)"
        }
        if !values.isEmpty && riderRating != nil {
            return "set values and the riders' rating in two commands: each has its own \(names.source)"
        }
        let needsSource = !values.isEmpty || riderRating != nil
        if needsSource && blank(source) {
            let what = riderRating != nil ? "riders' rating is" : "values are"
            return "\(names.sourceArgument) is required: say where the \(what) published"
        }
        if needsSource, let source, let problem = Self.sourceProblem(source, option: names.source) {
            return problem
        }
        if !needsSource && source != nil {
            return "\(names.source) goes with values or \(names.riderRating)"
        }
        if riderRating != nil && blank(reason) {
            return "\(names.reasonArgument) is required with \(names.riderRating): who rated the ship, on what"
        }
        if let reason, blank(reason) { return "\(names.reason) is empty" }
        if aliases.contains(where: blank) { return "\(names.alias) is empty" }
        return nil
    }

    /// The file's bytes with the request applied, and what was done, a phrase a step (e.g.
    /// `displacementT`, `the riders' rating (2)`, `aliases Pantha Rhei`).
    /// - Throws: ``Refused`` when a rule is broken (the file untouched), else what the
    ///   ``FleetFile`` edits throw (an unknown ship, a name another entry has, a file that does
    ///   not check).
    package func applied(to data: Data, path: String) throws -> (data: Data, done: [String]) {
        if let problem = problem(naming: .fields) { throw Refused(message: problem) }
        var data = data
        var done: [String] = []
        if !values.isEmpty, let source {
            data = try FleetFile.setting(ship, values: values, source: source, reason: reason, in: data, path: path)
            done.append(values.map(\.field.rawValue).joined(separator: ", "))
        }
        if let riderRating, let source, let reason {
            data = try FleetFile.settingRiderRating(
                ship, rating: riderRating, source: source, reason: reason, in: data, path: path)
            done.append("the riders' rating (\(riderRating))")
        }
        if removesRiderRating {
            data = try FleetFile.removingRiderRating(ship, in: data, path: path)
            done.append("no riders' rating")
        }
        if !aliases.isEmpty {
            data = try FleetFile.addingAliases(aliases, to: ship, in: data, path: path)
            done.append("aliases \(aliases.joined(separator: ", "))")
        }
        return (data, done)
    }
}
