import ShipRatingTable
import WakeModels
import WaveRating

extension RatingTableBuilder {
    /// The wake side of a build: each ship's figures at the reference, the thresholds and the report.
    struct WakeRatings {
        var figures: [ShipRating.Wake?]
        /// nil when they were to be fitted but nothing could be fitted to (legacy runs only).
        var thresholds: HeightThresholds?
        var settings: RatingTable.WakeSettings
        var report: WakeRatingReport
        var unrated: [String?]
    }

    func wakeRatings(_ resolved: ResolvedFleet) throws -> WakeRatings {
        let app = appRatings.map(RatingLookup.init)
        func appRating(_ ship: ResolvedFleet.Ship) -> Rating? {
            app?.ship(matching: ShipRating(name: ship.name, aliases: ship.aliases, source: .init()))?.rating
        }
        let speeds: OperatingSpeeds?
        if case .operating = wakeReference.speed {
            speeds = OperatingSpeeds(
                ships: resolved.ships, courses: courseSpeeds, coursesReference: courseSpeedsReference)
        } else {
            speeds = nil
        }
        let wake = FleetWake(ships: resolved.ships, reference: wakeReference, speeds: speeds)
        var fitShips: [WakeRatingFit.Ship] = []
        for (ship, fitShip) in zip(resolved.ships, wake.fitShips) {
            guard var fitShip else { continue }
            fitShip.label = appRating(ship)
            fitShips.append(fitShip)
        }
        let thresholds: HeightThresholds?
        var fit: WakeRatingFit?
        switch heightThresholds {
        case .fixed(let given): thresholds = given
        case .fittedToApp:
            let fitted = WakeRatingFit(fitShips)
            fit = fitted
            thresholds = fitted.thresholds
            if thresholds == nil && model == .wake {
                throw RatingsError.wakeThresholds(
                    "no ship has both a wake height and an app rating to fit the height thresholds to")
            }
        }
        let labelled = fitShips.filter { $0.label != nil }
        let matches = thresholds.map { t in labelled.filter { t.rating($0.heightM) == $0.label }.count } ?? 0
        let (mode, speed): (SpeedMode, Double?) =
            switch wakeReference.speed {
            case .fixed(let kmh): (.fixed, kmh)
            case .operating: (.operating, nil)
            }
        let agreement =
            labelled.isEmpty || thresholds == nil
            ? nil
            : RatingTable.WakeSettings.Agreement(
                matches: matches, of: labelled.count, leaveOneOutMatches: fit?.leaveOneOutMatches,
                kendallTau: WakeRatingFit.kendallTauB(
                    labelled.map(\.heightM), labelled.map { Double($0.label!.rawValue) }))
        let settings = RatingTable.WakeSettings(
            distanceM: wakeReference.distanceM, trackDepthM: wakeReference.trackDepthM,
            depthM: wakeReference.riderDepthM, speedMode: mode, speedKmh: speed, waveHeightM: thresholds?.waveHeightM,
            thresholdsFitted: heightThresholds == .fittedToApp, agreementWithApp: agreement)
        var modelHeights: [String: [Double]] = [:]
        var unrated: [String: String] = [:]
        for (index, ship) in resolved.ships.enumerated() {
            modelHeights[ship.name] = wake.modelHeights[index]
            unrated[ship.name] = wake.unrated[index]
        }
        let report = WakeRatingReport(
            reference: wakeReference, speeds: speeds, fit: fit,
            fitShips: Dictionary(fitShips.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }),
            modelHeights: modelHeights, unrated: unrated)
        return WakeRatings(
            figures: wake.wakes, thresholds: thresholds, settings: settings, report: report, unrated: wake.unrated)
    }
}
