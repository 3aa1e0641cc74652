public import FleetScraper
public import LegacyWakeModel
public import ShipRatingTable
import TextFormats
package import WakeModels

/// The fleet as the table lists it: every ship of the scraped pages (a page naming several
/// ships gives one each) and every curated ship without a page, each with its physics inputs
/// chosen between page and curated file.
///
/// - A curated value fills a gap; it replaces a page value only when it says why
///   (`overridesPage`), recorded as a ``ShipRatingTable/ShipRating/Conflict``.
/// - Ships are in page order, then curated order.
public struct ResolvedFleet: Sendable {
    /// One scraped page with its parsed values, in fleet-index order.
    public let pages: [PageValues]
    public let ships: [Ship]
    /// Unreadable values, missing fields, ships not in the curated file, …
    public let warnings: [String]
    /// Ships of the curated file marked retired, with the day they left: not in ``ships``.
    public let retired: [(name: String, since: String)]
    /// Page-only ships whose name looks like a curated one's: held for review.
    public let probableDuplicates: [String]

    /// One ship with its inputs resolved.
    public struct Ship: Sendable {
        /// Full name with type prefix, e.g. "MS Panta Rhei".
        package var name: String
        package var aliases: [String]
        package var length: Sourced?
        package var beam: Sourced?
        package var displacement: Sourced?
        package var conflicts: [ShipRating.Conflict]
        package var source: ShipRating.Source
        /// Hull shape and speeds for the distance-aware models (curated values with sources).
        package var draft: Sourced?
        package var blockCoefficient: Sourced?
        package var entranceLength: Sourced?
        package var serviceSpeed: Sourced?
        package var topSpeed: Sourced?
        /// Installed power, kW (for the Admiralty estimate of an operating speed).
        package var power: Sourced?
        /// The riders' rating from the curated file: the published rating when present.
        package var riderRating: CuratedFleet.RiderRatingEntry?

        /// The hull for the distance-aware models, with their defaults for what is not published and
        /// the published top speed; nil without length, beam and displacement.
        /// - Throws: ``WakeModels/WakeInputError`` when the values are implausible together.
        package func wakeHull() throws -> WakeHull? {
            guard let length, let beam, let displacement else { return nil }
            var hull = try WakeHull(
                lengthM: length.value, beamM: beam.value, displacementT: displacement.value, draftM: draft?.value,
                blockCoefficient: blockCoefficient?.value, entranceLengthM: entranceLength?.value)
            // The central height is defined up to the published top speed (WakeDomain).
            hull.topSpeedKmh = topSpeed?.value
            return hull
        }

        /// All three dimensions, when known.
        package var hull: Hull? {
            guard let length, let beam, let displacement else { return nil }
            return Hull(lengthM: length.value, beamM: beam.value, displacementT: displacement.value)
        }

        /// The dimensions still missing, as words ("length, beam").
        package var missingDimensions: [String] {
            [("length", length), ("beam", beam), ("displacement", displacement)].filter { $0.1 == nil }.map(\.0)
        }
    }

    /// A value and where it came from (a page URL or a curated source).
    package struct Sourced: Sendable, Equatable {
        package var value: Double
        package var source: String
    }

    /// - Parameters:
    ///   - fleetReference: how entries cite the curated file, e.g. "Data/fleet.json".
    /// - Parameter wording: how the findings word their remedies (`FleetRemedy` (ShipRatingTable)).
    public init(
        pages scraped: [ShipPage], fleet: CuratedFleet, fleetReference: String,
        wording: any RemedyWording = PlainRemedyWording()
    ) {
        func words(_ remedy: FleetRemedy) -> String { wording.words(for: remedy) }
        var warnings: [String] = []
        let parsed = scraped.map { PageValues(page: $0, warnings: &warnings) }
        var entries: [Entry] = []
        var matched = Set<String>()
        // A page names a curated ship by its name or any alias, with or without the type word
        // ("E-Motorschiff Uetliberg", "Motorschiff «Linth»", "M/S Linth", "Zuerichsee").
        var curatedByKey = Dictionary(fleet.ships.map { (ShipNames.key($0.name), $0) }, uniquingKeysWith: { a, _ in a })
        for ship in fleet.ships {
            for alias in ship.names {
                for bare in ShipTitle.ships(in: alias).names where curatedByKey[ShipNames.key(bare)] == nil {
                    curatedByKey[ShipNames.key(bare)] = ship
                }
            }
        }
        var held: [String] = []
        var refusedPages = Set<String>()
        var unknown: [(url: String, name: String, full: String)] = []
        let retiredShips = fleet.ships.filter { $0.retired != nil }
        // A ship on several pages (a class page and its own page) is read from the page that
        // names the fewest ships: its own.
        var bestPage: [String: (names: Int, url: String)] = [:]
        for values in parsed {
            let names = ShipTitle.ships(in: values.page.name).names
            for name in names {
                let key = ShipNames.key(name)
                if let best = bestPage[key] {
                    let chosen = names.count < best.names ? values.page.url : best.url
                    warnings.append(
                        "ship '\(name)' is on two pages (\(best.url), \(values.page.url)); read from \(chosen)")
                    if names.count < best.names { bestPage[key] = (names.count, values.page.url) }
                } else {
                    bestPage[key] = (names.count, values.page.url)
                }
            }
        }
        for values in parsed {
            let title = ShipTitle.ships(in: values.page.name)
            for name in title.names where bestPage[ShipNames.key(name)]?.url == values.page.url {
                // A scraped name follows the fleet file's rules: a control, bidirectional or
                // invisible character would reach the table, the reports and the apps.
                if let problem = ShipNameRules.problem(name) {
                    refusedPages.insert(values.page.url)
                    warnings.append(
                        "\(values.page.url) names a ship \"\(VisibleText.excerpt(name))\": it \(problem); left out "
                            + "(a page title that is not a ship's name)")
                    continue
                }
                let curated = curatedByKey[ShipNames.key(name)]
                if let since = curated?.retired?.since {
                    warnings.append(
                        "\(values.page.url) describes \(curated!.fullName), retired since \(since) in the fleet file; "
                            + "not rated (drop the page from the list, or remove `retired` if it sails again)")
                    matched.insert(ShipNames.key(curated!.name))
                    continue
                }
                if let curated {
                    matched.insert(ShipNames.key(curated.name))
                } else {
                    unknown.append((values.page.url, name, "\(title.prefix ?? "MS") \(name)"))
                }
                entries.append(
                    Entry(
                        name: curated?.name ?? name, prefix: curated?.prefix ?? title.prefix ?? "MS", curated: curated,
                        page: values))
            }
        }
        // A page ship the fleet file does not name: a misspelling of a curated one, a curated ship
        // renamed (its page now names another), or a new ship — decided once every page is matched.
        for (url, name, full) in unknown {
            if let like = Self.probableSpelling(of: name, in: fleet) {
                held.append(
                    "\(url) names '\(name)', not in the fleet file and probably \(like.fullName) under another "
                        + "spelling. If it is: \(words(.alias(ship: like.fullName, alias: name))); if it "
                        + "is another ship: \(words(.add(ship: full, differentShip: true))) with its figures and a "
                        + "source")
            } else if let renamed = Self.shipCiting(url, in: fleet, matched: matched) {
                held.append(
                    "\(url), a page the fleet file cites for \(renamed.fullName), now names '\(name)'. If the ship "
                        + "was renamed: \(words(.rename(ship: renamed.fullName, to: full))); if the page "
                        + "now describes another ship: \(words(.add(ship: full, differentShip: false))) with its figures "
                        + "and a source")
            } else {
                warnings.append(
                    "\(url): \(full) is new (not in the curated fleet file), rated from its page alone; to curate "
                        + "it: \(words(.add(ship: full, differentShip: false))) with its figures and a source")
            }
        }
        for ship in fleet.ships where !matched.contains(ShipNames.key(ship.name)) && ship.retired == nil {
            entries.append(Entry(name: ship.name, prefix: ship.prefix, curated: ship, page: nil))
        }
        // A page whose title names no ship by the name rules is no page of the fleet's table
        // (nor of the legacy CSV, which lists pages).
        pages = parsed.filter { !refusedPages.contains($0.page.url) }
        ships = entries.map { $0.resolved(fleetReference: fleetReference) }
        self.warnings = warnings
        retired = retiredShips.map { ($0.fullName, $0.retired!.since) }
        probableDuplicates = held
    }

    /// The curated ship a page's unknown name is probably a misspelling of: one whose bare name
    /// or an alias's bare name is within a small edit distance (``NameMatch/isProbableSpelling(_:of:)``).
    static func probableSpelling(of name: String, in fleet: CuratedFleet) -> CuratedFleet.Ship? {
        let key = ShipNames.key(name)
        return fleet.ships.first { ship in
            ([ship.name] + ship.names.flatMap { ShipTitle.ships(in: $0).names }).contains {
                NameMatch.isProbableSpelling(key, of: ShipNames.key($0))
            }
        }
    }

    /// The curated ship, not described by any page of this run, whose values cite `url` as their
    /// source: the page's new name is then probably the ship's new name.
    static func shipCiting(_ url: String, in fleet: CuratedFleet, matched: Set<String>) -> CuratedFleet.Ship? {
        fleet.ships.first { ship in
            ship.retired == nil && !matched.contains(ShipNames.key(ship.name)) && ship.sources.contains(url)
        }
    }

    /// The ships with all three dimensions, and those dimensions as one batch for the kernels.
    public var measured: (names: [String], hulls: HullDimensions) {
        let known = ships.compactMap { ship in ship.hull.map { (ship.name, $0) } }
        return (known.map(\.0), HullDimensions(known.map(\.1)))
    }
}

/// One ship of the table before its inputs are resolved.
private struct Entry {
    var name: String
    var prefix: String
    var curated: CuratedFleet.Ship?
    var page: PageValues?

    var aliases: [String] {
        var names = curated?.names ?? FleetFile.aliases(name: name, prefix: prefix)
        let full = "\(prefix) \(name)"
        names.removeAll { ShipNames.key($0) == ShipNames.key(full) }
        return names
    }

    func resolved(fleetReference: String) -> ResolvedFleet.Ship {
        var conflicts: [ShipRating.Conflict] = []
        func choose(_ field: String, page pageValue: Double?, curated: CuratedFleet.Sourced<Double>?)
            -> ResolvedFleet.Sourced?
        {
            let pageURL = page?.page.url
            if let curated, let reason = curated.overridesPage {
                if let pageValue, pageValue != curated.value {
                    conflicts.append(
                        .init(
                            field: field, pageValue: pageValue, curatedValue: curated.value, used: .curated,
                            reason: reason))
                }
                return .init(value: curated.value, source: curated.source)
            }
            if let pageValue, let pageURL {
                if let curated, curated.value != pageValue {
                    conflicts.append(
                        .init(
                            field: field, pageValue: pageValue, curatedValue: curated.value, used: .page,
                            reason: "page value kept; curated value (\(curated.source)) differs"))
                }
                return .init(value: pageValue, source: pageURL)
            }
            return curated.map { .init(value: $0.value, source: $0.source) }
        }
        let length = choose("lengthM", page: page?.length, curated: curated?.lengthM)
        let beam = choose("beamM", page: page?.beam, curated: curated?.beamM)
        let displacement = choose("displacementT", page: page?.displacement, curated: curated?.displacementT)
        let power = choose("powerKW", page: page?.powerKW, curated: curated?.powerKW)
        let draft = choose("draftM", page: page?.draft, curated: curated?.draftM)
        let pageSpeed = page?.speedKmh
        let serviceSpeed = choose(
            "serviceSpeedKmh", page: page?.speedIsTop == false ? pageSpeed : nil, curated: curated?.serviceSpeedKmh)
        let topSpeed = choose(
            "topSpeedKmh", page: page?.speedIsTop == true ? pageSpeed : nil, curated: curated?.topSpeedKmh)
        let source = ShipRating.Source(
            page: page?.page.url, curated: curated.map { "\(fleetReference)#\($0.name)" },
            lengthM: length?.source, beamM: beam?.source, displacementT: displacement?.source)
        func sourced(_ value: CuratedFleet.Sourced<Double>?) -> ResolvedFleet.Sourced? {
            value.map { .init(value: $0.value, source: $0.source) }
        }
        return ResolvedFleet.Ship(
            name: "\(prefix) \(name)", aliases: aliases, length: length, beam: beam, displacement: displacement,
            conflicts: conflicts, source: source, draft: draft,
            blockCoefficient: sourced(curated?.blockCoefficient), entranceLength: sourced(curated?.entranceLengthM),
            serviceSpeed: serviceSpeed, topSpeed: topSpeed, power: power, riderRating: curated?.riderRating)
    }
}
