import Foundation
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
        /// Per ship, u: the log half-width of its height over its speed's ±1 standard deviation.
        var logSpreads: [Double]
        /// How a reason words the step that would measure a ship's speed.
        var wording: any RemedyWording

        /// A ship's wake rating: by the thresholds, unless its height's speed range spans one.
        func rating(_ index: Int) -> Rating? {
            guard let h = figures[index]?.waveHeightM?.median else { return nil }
            return thresholds?.rating(h, logSpread: logSpreads[index])
        }

        /// Why a ship with a height and thresholds has no wake rating, in words; nil otherwise.
        func straddleReason(_ index: Int) -> String? {
            guard let wake = figures[index], let h = wake.waveHeightM?.median,
                let t = thresholds?.straddled(h, logSpread: logSpreads[index])
            else { return nil }
            func f(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
            let spread = wake.speedSpreadKmh.map { " ± \(f($0, 1))" } ?? ""
            let rating = t == thresholds?.three ? 3 : 2
            return "its speed (\(f(wake.speedKmh, 1))\(spread) km/h, basis \(wake.speedBasis)) moves its height at the "
                + "rider (\(f(h, 3)) m) across the threshold for \(rating) (\(f(t, 3)) m); to measure its speed, "
                + wording.words(for: .measureSpeeds)
        }
    }

    func wakeRatings(_ resolved: ResolvedFleet) throws -> WakeRatings {
        let app = appRatings.map(RatingLookup.init)
        // The labels the thresholds are fitted to: the riders' ratings of the fleet file, else the
        // app's table.
        func appRating(_ ship: ResolvedFleet.Ship) -> Rating? {
            ship.riderRating?.value
                ?? app?.ship(matching: ShipRating(name: ship.name, aliases: ship.aliases, source: .init()))?.rating
        }
        let speeds: OperatingSpeeds?
        if case .operating = wakeReference.speed {
            speeds = OperatingSpeeds(
                ships: resolved.ships, courses: courseSpeeds, coursesReference: courseSpeedsReference)
        } else {
            speeds = nil
        }
        let wake = try FleetWake(ships: resolved.ships, reference: wakeReference, speeds: speeds)
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
            let fitted = WakeRatingFit(fitShips, wording: wording)
            fit = fitted
            thresholds = fitted.thresholds
        }
        // Agreement over the ships the thresholds rate (not those whose speed range spans one).
        let labelled = fitShips.filter { ship in
            ship.label != nil && (thresholds.map { $0.rating(ship.heightM, logSpread: ship.logSpread) != nil } ?? true)
        }
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
                kendallTau: WakeRatingFit.kendallTauB(labelled.map { ($0.heightM, Double($0.label!.rawValue)) }))
        let settings = RatingTable.WakeSettings(
            distanceM: wakeReference.distanceM, trackDepthM: wakeReference.trackDepthM,
            riderDepthM: wakeReference.riderDepthM, speedMode: mode, speedKmh: speed,
            thresholdHeightsM: thresholds?.pair,
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
            figures: wake.wakes, thresholds: thresholds, settings: settings, report: report, unrated: wake.unrated,
            logSpreads: wake.fitShips.map { $0?.logSpread ?? 0 }, wording: wording)
    }
}
