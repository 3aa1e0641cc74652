import Foundation
public import WaveRating

/// What changed between two rating tables (the maintainer's "fleet changed" check).
public struct RatingDiff: Sendable, Equatable {
    public var added: [String]
    public var removed: [String]
    /// Ships of the previous table found under another name now (by an alias: `fleet rename`
    /// keeps the old name as one).
    public var renamed: [Renamed] = []
    public var rerated: [Rerated]

    public struct Renamed: Sendable, Equatable {
        public var from: String
        public var to: String

        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    public struct Rerated: Sendable, Equatable {
        public var name: String
        public var from: Rating?
        public var to: Rating?

        public init(name: String, from: Rating?, to: Rating?) {
            self.name = name
            self.from = from
            self.to = to
        }
    }

    /// Every input and figure that changed, ship by ship (in table order).
    public var changedValues: [ValueChange] = []

    public struct ValueChange: Sendable, Equatable {
        public var name: String
        /// The table's key: `lengthM`, `waveHeightM`, `wake.waveHeightM.median`, ….
        public var field: String
        public var from: Double?
        public var to: Double?

        public init(name: String, field: String, from: Double?, to: Double?) {
            self.name = name
            self.field = field
            self.from = from
            self.to = to
        }
    }

    public var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && renamed.isEmpty && rerated.isEmpty && changedValues.isEmpty
    }

    /// The values compared, by key.
    static let compared: [(String, @Sendable (ShipRating) -> Double?)] = [
        ("lengthM", \.lengthM), ("beamM", \.beamM), ("displacementT", \.displacementT), ("waveHeightM", \.waveHeightM),
        ("energyJPerM2", \.energyJPerM2), ("forceNPerM2", \.forceNPerM2), ("powerWPerM", \.powerWPerM),
        ("wake.waveHeightM.median", { $0.wake?.waveHeightM?.median }),
        ("ratingsByModel.legacy", { $0.ratingsByModel?.legacy.map { Double($0.rawValue) } }),
        ("ratingsByModel.wake", { $0.ratingsByModel?.wake.map { Double($0.rawValue) } }),
        ("riderRating", { $0.riderRating.map { Double($0.rating.rawValue) } }),
    ]

    /// Ships are matched by name or alias (so "MS Uetliberg" → "EMS Uetliberg" is a rename,
    /// not a removal plus an addition).
    public init(previous: RatingTable, current: RatingTable) {
        let currentLookup = RatingLookup(current)
        let previousLookup = RatingLookup(previous)
        var removed: [String] = []
        var rerated: [Rerated] = []
        for old in previous.ships {
            guard let new = currentLookup.ship(matching: old) else {
                removed.append(old.name)
                continue
            }
            if old.name != new.name { renamed.append(.init(from: old.name, to: new.name)) }
            if old.rating != new.rating { rerated.append(.init(name: new.name, from: old.rating, to: new.rating)) }
            for (field, value) in Self.compared where value(old) != value(new) {
                changedValues.append(.init(name: new.name, field: field, from: value(old), to: value(new)))
            }
        }
        added = current.ships.filter { new in
            previousLookup.ship(matching: new) == nil
        }.map(\.name)
        self.removed = removed
        self.rerated = rerated
    }

    /// `current` with each ship's ``ShipRating/Source/pageMissingSince``: kept from `previous`
    /// while no page describes the ship, set to `date` when `previous` had a page and `current`
    /// has none, cleared when a page describes it again.
    public static func carryingPageMissing(previous: RatingTable?, into current: RatingTable, date: String)
        -> RatingTable
    {
        let lookup = previous.map(RatingLookup.init)
        var table = current
        table.ships = current.ships.map { ship in
            var s = ship
            guard s.source.page == nil else {
                s.source.pageMissingSince = nil
                return s
            }
            let old = lookup?.ship(matching: ship)
            if let since = old?.source.pageMissingSince {
                s.source.pageMissingSince = since
            } else if old?.source.page != nil {
                s.source.pageMissingSince = date
            }
            return s
        }
        return table
    }

    /// How far a ship's wave height may move between two tables computed at the same operating
    /// point before the change needs confirming: a factor of 2 (4 in energy). Correcting a
    /// dimension moves it less (the steamers' beam, 13.5 → 7.0 m, moved H by 1.93); a page value
    /// gone wrong moves it by orders of magnitude.
    public static let figureFactor = 2.0

    /// Ways in which `current` is worse than `previous`: a ship gone, a rating lost, a page no
    /// longer found, or — when both tables were computed at the same operating point — a wave
    /// height (legacy H, or the wake model's median) that moved by more than ``figureFactor``.
    /// Empty when `current` may replace `previous` without asking.
    /// - Parameters:
    ///   - previous: the table the apps have now.
    ///   - current: the table that would replace it.
    ///   - retired: names of ships retired on purpose (`fleet retire`): their leaving is not a
    ///     loss.
    ///   - wording: how the findings word their remedies (``FleetRemedy``).
    public static func regressions(
        previous: RatingTable, current: RatingTable, retired: [String] = [],
        wording: any RemedyWording = PlainRemedyWording()
    ) -> [String] {
        func words(_ remedy: FleetRemedy) -> String { wording.words(for: remedy) }
        let lookup = RatingLookup(current)
        let retiredKeys = Set(retired.map(ShipNames.key))
        var problems: [String] = []
        let sameLegacyPoint =
            previous.model.speedKmh == current.model.speedKmh && previous.model.trackDepthM == current.model.trackDepthM
        let sameWakePoint = previous.model.wake.map(\.point) == current.model.wake.map(\.point)
        for old in previous.ships {
            guard let new = lookup.ship(matching: old) else {
                if ([old.name] + old.aliases).contains(where: { retiredKeys.contains(ShipNames.key($0)) }) { continue }
                problems.append(
                    "\(old.name) is in the previous table but missing now: if it left the fleet, "
                        + "\(words(.retire(ship: old.name))); if it still sails, add it back "
                        + "(\(words(.add(ship: old.name, differentShip: false))) with its figures and a source)")
                continue
            }
            if old.rating != nil && new.rating == nil {
                problems.append(
                    "\(old.name) was rated \(old.rating!) and is unrated now (\(new.unratedReason ?? "no reason")): "
                        + "give the models its figures (\(words(.setFigures(ship: old.name, missing: [])))) or the "
                        + "riders' rating (\(words(.setRiderRating(ship: old.name)))))")
            }
            // A ship the riders rate keeps its rating; losing the legacy model's is still a loss.
            if new.rating != nil, let was = old.ratingsByModel?.legacy, new.ratingsByModel?.legacy == nil {
                let missing = [("length", new.lengthM), ("beam", new.beamM), ("displacement", new.displacementT)]
                    .filter { $0.1 == nil }.map(\.0)
                problems.append(
                    "\(old.name) was rated \(was) by the legacy model and the model cannot rate it now"
                        + (missing.isEmpty ? "" : " (no \(missing.joined(separator: ", ")))")
                        + ": give it its figures (\(words(.setFigures(ship: old.name, missing: []))))")
            }
            if let page = old.source.page, new.source.page == nil {
                problems.append(
                    "\(old.name) was scraped from \(page); no page describes it now: if it left the fleet, "
                        + "\(words(.retire(ship: old.name))); if it was renamed, "
                        + "\(words(.rename(ship: old.name, to: nil))); if its page moved, list the new "
                        + "address in the page list")
            }
            if sameLegacyPoint,
                let problem = moved("wave height", old.waveHeightM, new.waveHeightM, of: old.name, wording: wording)
            {
                problems.append(problem)
            }
            if sameWakePoint,
                let problem = moved(
                    "wake height (ensemble median)", old.wake?.waveHeightM?.median, new.wake?.waveHeightM?.median,
                    of: old.name, wording: wording)
            {
                problems.append(problem)
            }
        }
        return problems
    }

    static func moved(
        _ figure: String, _ old: Double?, _ new: Double?, of ship: String, wording: any RemedyWording
    ) -> String? {
        guard let old, let new, old > 0, old.isFinite else { return nil }
        guard new.isFinite, new > 0, max(new / old, old / new) <= figureFactor else {
            return "\(ship): \(figure) moved from \(roundedText(old)) m to \(roundedText(new)) m "
                + "(more than ×\(roundedText(figureFactor)) at the same operating point): check its figures "
                + "(\(wording.words(for: .review(ship: ship)))), then confirm with "
                + wording.words(for: .acceptRegression)
        }
        return nil
    }

    static func roundedText(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let magnitude = abs(value)
        if magnitude != 0 && (magnitude < 1e-3 || magnitude >= 1e6) { return String(format: "%.3g", value) }
        return String(format: "%.3f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }
}
