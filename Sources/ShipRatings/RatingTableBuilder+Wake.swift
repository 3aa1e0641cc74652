import ShipRatingTable
import WakeModels

extension RatingTableBuilder {
    /// The wake side of a build: each ship's figures at the reference, the thresholds, and the
    /// comparison with the app at a fixed speed and at the ships' own speeds.
    struct WakeRatings {
        var figures: [ShipRating.Wake?]
        /// nil when they were to be fitted but nothing could be fitted to (legacy runs only).
        var thresholds: HeightThresholds?
        var settings: RatingTable.WakeSettings
        var comparison: WakeComparison?
        var problems: [String]
    }

    func wakeRatings(_ resolved: ResolvedFleet) throws -> WakeRatings {
        let app = appRatings.map(RatingLookup.init)
        func appRating(_ ship: ResolvedFleet.Ship) -> Int? {
            app?.ship(matching: ShipRating(name: ship.name, aliases: ship.aliases, source: .init()))?.rating
        }
        let selected = FleetWake(ships: resolved.ships, reference: wakeReference)
        let labelled = zip(resolved.ships, selected.wakes).compactMap { ship, wake -> (Double, Int)? in
            guard let height = wake?.waveHeightM?.median, let label = appRating(ship) else { return nil }
            return (height, label)
        }
        let thresholds: HeightThresholds?
        switch heightThresholds {
        case .fixed(let given): thresholds = given
        case .fittedToApp:
            thresholds = HeightThresholds.fitted(heights: labelled.map(\.0), labels: labelled.map(\.1))?.thresholds
            if thresholds == nil && model == .wake {
                throw RatingsError.wakeThresholds(
                    "no ship has both a wake height and an app rating to fit the height thresholds to; "
                        + "give them with --height-thresholds")
            }
        }
        let matches = thresholds.map { t in labelled.filter { t.rating($0.0) == $0.1 }.count } ?? 0
        let (mode, speed, fallback): (String, Double?, Double?) =
            switch wakeReference.speed {
            case .fixed(let kmh): ("fixed", kmh, nil)
            case .service(let fallbackKmh): ("service", nil, fallbackKmh)
            }
        let settings = RatingTable.WakeSettings(
            distanceM: wakeReference.distanceM, depthM: wakeReference.depthM, speedMode: mode, speedKmh: speed,
            fallbackSpeedKmh: fallback, waveHeightM: thresholds?.waveHeightM,
            thresholdsFitted: heightThresholds == .fittedToApp,
            agreementWithApp: labelled.isEmpty || thresholds == nil ? nil : .init(matches: matches, of: labelled.count))
        let comparison = app == nil ? nil : compare(resolved, appRating: appRating)
        return WakeRatings(
            figures: selected.wakes, thresholds: thresholds, settings: settings, comparison: comparison,
            problems: selected.problems)
    }

    /// The fleet's wake at one fixed speed and at its own speeds, each with thresholds fitted to
    /// the app's ratings.
    func compare(_ resolved: ResolvedFleet, appRating: (ResolvedFleet.Ship) -> Int?) -> WakeComparison {
        let fixedKmh: Double
        if case .fixed(let kmh) = wakeReference.speed { fixedKmh = kmh } else { fixedKmh = point.speedKmh }
        func variant(_ speed: WakeReference.Speed, label: String) -> WakeComparison.Variant {
            var reference = wakeReference
            reference.speed = speed
            let wake = FleetWake(ships: resolved.ships, reference: reference)
            var heights: [String: Double] = [:]
            var modelHeights: [String: [Double]] = [:]
            var speeds: [String: (kmh: Double, source: String)] = [:]
            var labelled: [(Double, Int)] = []
            var sums = [(total: Double, count: Int)](repeating: (0, 0), count: 3)
            for (index, (ship, figures)) in zip(resolved.ships, wake.wakes).enumerated() {
                guard let figures, let height = figures.waveHeightM?.median else { continue }
                heights[ship.name] = height
                modelHeights[ship.name] = wake.modelHeights[index]
                speeds[ship.name] = (figures.speedKmh, figures.speedSource)
                if let label = appRating(ship) {
                    labelled.append((height, label))
                    sums[label - 1] = (sums[label - 1].total + height, sums[label - 1].count + 1)
                }
            }
            let fit = HeightThresholds.fitted(heights: labelled.map(\.0), labels: labelled.map(\.1))
            return WakeComparison.Variant(
                label: label, heights: heights, modelHeights: modelHeights, speeds: speeds, thresholds: fit?.thresholds,
                matches: fit?.matches ?? 0,
                compared: labelled.count,
                meanHeightByAppRating: sums.map { $0.count == 0 ? nil : $0.total / Double($0.count) })
        }
        return WakeComparison(
            fixedSpeed: variant(.fixed(fixedKmh), label: "every ship at \(Int(fixedKmh.rounded())) km/h"),
            ownSpeed: variant(
                .service(fallbackKmh: fixedKmh),
                label: "each ship at its own speed (service, else top, else \(Int(fixedKmh.rounded())) km/h)"),
            reference: wakeReference)
    }
}
