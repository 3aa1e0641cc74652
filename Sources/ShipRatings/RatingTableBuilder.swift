import FleetScraper
import Foundation
import WakePhysics

/// The legacy CSV's view of one scraped page: its values and, when length, beam and
/// displacement could be read, its wake figures.
public struct ScrapedShipFigures: Sendable {
    public var page: ShipPage
    public var figures: WakeFigures?
}

/// Everything one ratings run produces, before anything is written.
public struct RatingRun: Sendable {
    public var table: RatingTable
    /// One per scraped page, in fleet-index order (the rows of `schiffsdaten.csv`).
    public var scraped: [ScrapedShipFigures]
    /// Unreadable values, missing fields, ships not in the curated file, …
    public var warnings: [String]
    public var speedKmh: Double
    public var depthM: Double
    public var thresholds: RatingThresholds
}

/// Builds the rating table from scraped pages and the curated fleet.
///
/// - The operator's page values are parsed with ``SpecValueParser``; a curated value fills a
///   gap, and replaces a page value only when it says why (`overridesPage`), recorded as a
///   ``ShipRating/Conflict``.
/// - A page describing several ships ("Motorschiffe Albis, Pfannenstiel & Uetliberg") becomes
///   one entry per ship; curated ships without a page follow, rated from curated values or
///   listed unrated with the reason.
/// - All figures (pages and entries) come from one ``WakeGrid`` batch.
public struct RatingTableBuilder: Sendable {
    public var fleet: CuratedFleet
    /// How entries cite the curated file, e.g. "Data/fleet.json".
    public var fleetReference: String
    public var speedKmh: Double
    public var depthM: Double
    public var thresholds: RatingThresholds

    public init(
        fleet: CuratedFleet, fleetReference: String, speedKmh: Double = 18, depthM: Double = 10,
        thresholds: RatingThresholds = .legacy
    ) {
        self.fleet = fleet
        self.fleetReference = fleetReference
        self.speedKmh = speedKmh
        self.depthM = depthM
        self.thresholds = thresholds
    }

    public func build(from pages: [ShipPage], generatedAt: Date = Date()) -> RatingRun {
        var warnings: [String] = []

        // Page values, parsed once.
        let parsed = pages.map { PageValues(page: $0, warnings: &warnings) }

        // Entries: page ships in index order, then curated ships without a page.
        var entries: [Entry] = []
        var matched = Set<String>()
        let curatedByKey = Dictionary(fleet.ships.map { (ShipNames.key($0.name), $0) }, uniquingKeysWith: { a, _ in a })
        for values in parsed {
            let title = ShipNames.shipsInTitle(values.page.name)
            for name in title.names {
                let curated = curatedByKey[ShipNames.key(name)]
                if let curated {
                    matched.insert(ShipNames.key(curated.name))
                } else {
                    warnings.append(
                        "\(values.page.url): ship '\(name)' is not in the curated fleet file; rated from its page only")
                }
                entries.append(
                    Entry(name: name, prefix: curated?.prefix ?? title.prefix ?? "MS", curated: curated, page: values))
            }
        }
        for ship in fleet.ships where !matched.contains(ShipNames.key(ship.name)) {
            entries.append(Entry(name: ship.name, prefix: ship.prefix, curated: ship, page: nil))
        }

        // One batch: every page with complete values, then every entry with complete values.
        let pageHulls = parsed.compactMap(\.hull)
        let entryInputs = entries.map { $0.resolvedInputs(fleetReference: fleetReference) }
        let entryHulls = entryInputs.compactMap(\.hull)
        let allHulls = pageHulls + entryHulls
        let figures =
            allHulls.isEmpty
            ? []
            : WakeGrid.atOperatingPoint(
                HullDimensions(lengthM: allHulls.map(\.0), beamM: allHulls.map(\.1), displacementT: allHulls.map(\.2)),
                speedKmh: speedKmh, depthM: depthM, thresholds: thresholds)
        var next = figures.makeIterator()

        let scraped = parsed.map { ScrapedShipFigures(page: $0.page, figures: $0.hull == nil ? nil : next.next()) }
        var ships: [ShipRating] = []
        for (entry, inputs) in zip(entries, entryInputs) {
            var rating = ShipRating(
                name: "\(entry.prefix) \(entry.name)", aliases: entry.aliases, source: inputs.source)
            rating.lengthM = inputs.length?.value
            rating.beamM = inputs.beam?.value
            rating.displacementT = inputs.displacement?.value
            rating.conflicts = inputs.conflicts.isEmpty ? nil : inputs.conflicts
            if inputs.hull != nil, let f = next.next() {
                rating.rating = f.rating
                rating.ratingBasis =
                    f.energyRating == f.forceRating
                    ? "energy and force" : f.energyRating > f.forceRating ? "energy" : "force"
                rating.waveHeightM = f.waveHeightM
                rating.energyJPerM2 = f.energyJPerM2
                rating.forceNPerM2 = f.forceNPerM2
                rating.powerWPerM = f.powerWPerM
                rating.froudeLength = f.froudeLength
                rating.froudeDepth = f.froudeDepth
                rating.reynolds = f.reynolds
            } else {
                let missing = [("length", inputs.length), ("beam", inputs.beam), ("displacement", inputs.displacement)]
                    .filter { $0.1 == nil }.map(\.0)
                rating.unratedReason =
                    "no published \(missing.joined(separator: ", ")) (neither on a page nor in the curated file)"
                warnings.append("\(rating.name): unrated, \(rating.unratedReason!)")
            }
            ships.append(rating)
        }

        let table = RatingTable(
            generatedAt: ISO8601DateFormatter().string(from: generatedAt),
            model: .init(name: "vesseldata-legacy", speedKmh: speedKmh, depthM: depthM, thresholds: thresholds),
            ships: ships)
        return RatingRun(
            table: table, scraped: scraped, warnings: warnings, speedKmh: speedKmh, depthM: depthM,
            thresholds: thresholds)
    }
}

/// A page's physics inputs, parsed with warnings for anything unreadable.
struct PageValues {
    var page: ShipPage
    var length: Double?
    var beam: Double?
    var displacement: Double?

    var hull: (Double, Double, Double)? {
        guard let length, let beam, let displacement, length > 0, beam > 0, displacement >= 0 else { return nil }
        return (length, beam, displacement)
    }

    init(page: ShipPage, warnings: inout [String]) {
        self.page = page
        func number(_ key: String, required: Bool) -> Double? {
            guard let text = page[key], !text.isEmpty else {
                if required {
                    warnings.append(
                        "\(page.name) (\(page.url)): field '\(key)' missing; no wave figures from this page")
                }
                return nil
            }
            guard let value = SpecValueParser.quantity(text), value > 0 else {
                warnings.append("\(page.name) (\(page.url)): field '\(key)': cannot read a number from '\(text)'")
                return nil
            }
            return value
        }
        length = number(SpecKey.length, required: true)
        beam = number(SpecKey.beam, required: true)
        displacement = number(SpecKey.displacement, required: true)
        _ = number(SpecKey.capacity, required: false)
        if let power = page[SpecKey.power], !power.isEmpty, SpecValueParser.power(power) == nil {
            warnings.append("\(page.name) (\(page.url)): field '\(SpecKey.power)': cannot read power from '\(power)'")
        }
        if let year = page[SpecKey.buildYear], !year.isEmpty, SpecValueParser.years(year).isEmpty {
            warnings.append(
                "\(page.name) (\(page.url)): field '\(SpecKey.buildYear)': cannot read a year from '\(year)'")
        }
    }
}

/// One ship of the table before the batch runs.
struct Entry {
    var name: String
    var prefix: String
    var curated: CuratedFleet.Ship?
    var page: PageValues?

    var aliases: [String] {
        var names = curated?.aliases ?? [name]
        let full = "\(prefix) \(name)"
        names.removeAll { ShipNames.key($0) == ShipNames.key(full) }
        return names
    }

    struct Inputs {
        var length: (value: Double, source: String)?
        var beam: (value: Double, source: String)?
        var displacement: (value: Double, source: String)?
        var conflicts: [ShipRating.Conflict]
        var source: ShipRating.Source
        var hull: (Double, Double, Double)? {
            guard let length, let beam, let displacement else { return nil }
            return (length.value, beam.value, displacement.value)
        }
    }

    func resolvedInputs(fleetReference: String) -> Inputs {
        var conflicts: [ShipRating.Conflict] = []
        func choose(_ field: String, page pageValue: Double?, curated: CuratedFleet.Sourced<Double>?) -> (
            value: Double, source: String
        )? {
            let pageURL = page?.page.url
            if let curated, let reason = curated.overridesPage {
                if let pageValue, pageValue != curated.value {
                    conflicts.append(
                        .init(
                            field: field, pageValue: pageValue, curatedValue: curated.value, used: "curated",
                            reason: reason))
                }
                return (curated.value, curated.source)
            }
            if let pageValue, let pageURL {
                if let curated, curated.value != pageValue {
                    conflicts.append(
                        .init(
                            field: field, pageValue: pageValue, curatedValue: curated.value, used: "page",
                            reason: "page value kept; curated value (\(curated.source)) differs"))
                }
                return (pageValue, pageURL)
            }
            return curated.map { ($0.value, $0.source) }
        }
        let length = choose("lengthM", page: page?.length, curated: curated?.lengthM)
        let beam = choose("beamM", page: page?.beam, curated: curated?.beamM)
        let displacement = choose("displacementT", page: page?.displacement, curated: curated?.displacementT)
        let source = ShipRating.Source(
            page: page?.page.url, curated: curated.map { "\(fleetReference)#\($0.name)" },
            lengthM: length?.source, beamM: beam?.source, displacementT: displacement?.source)
        return Inputs(length: length, beam: beam, displacement: displacement, conflicts: conflicts, source: source)
    }
}
