/// What changed between two rating tables (the maintainer's "fleet changed" check).
public struct RatingDiff: Sendable, Equatable {
    public var added: [String]
    public var removed: [String]
    public var rerated: [Rerated]

    public struct Rerated: Sendable, Equatable {
        public var name: String
        public var from: Int?
        public var to: Int?

        public init(name: String, from: Int?, to: Int?) {
            self.name = name
            self.from = from
            self.to = to
        }
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && rerated.isEmpty }

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
            if old.rating != new.rating { rerated.append(.init(name: new.name, from: old.rating, to: new.rating)) }
        }
        added = current.ships.filter { new in
            previousLookup.ship(matching: new) == nil
        }.map(\.name)
        self.removed = removed
        self.rerated = rerated
    }

    /// Ways in which `current` is worse than `previous`: a ship gone, a rating lost, a page no
    /// longer found. Empty when `current` may replace `previous` without asking.
    public static func regressions(previous: RatingTable, current: RatingTable) -> [String] {
        let lookup = RatingLookup(current)
        var problems: [String] = []
        for old in previous.ships {
            guard let new = lookup.ship(matching: old) else {
                problems.append("\(old.name) is in the previous table but missing now")
                continue
            }
            if old.rating != nil && new.rating == nil {
                problems.append(
                    "\(old.name) was rated \(old.rating!) and is unrated now (\(new.unratedReason ?? "no reason"))")
            }
            if let page = old.source.page, new.source.page == nil {
                problems.append("\(old.name) was scraped from \(page); no page describes it now")
            }
        }
        return problems
    }
}
