import Foundation
import RatingsPipeline
import Testing
import _TestSupport

/// Every ratings-side job checks its own input (issue: a codebase a newcomer can carry on): a
/// library caller with a value out of range gets ``InvalidInput`` naming the field, the value and
/// the accepted range, thrown by `run` before anything is read, never a trap in a kernel.
@Suite struct JobValidationTests {
    /// Inputs that exist nowhere: a job that got past its checks would fail on reading them.
    let nowhere = FleetSource(
        pages: .snapshot(directory: URL(fileURLWithPath: "/nonexistent"), name: "none"),
        fleet: URL(fileURLWithPath: "/nonexistent/fleet.json"), fleetReference: "none")

    func wake(speeds: [Double] = [18], tracks: [Double] = [10], riders: [Double] = [3], distances: [Double] = [50])
        -> WakeJob
    {
        WakeJob(
            .init(
                ships: .fleet(names: [], source: nowhere), speedsKmh: speeds, trackDepthsM: tracks,
                riderDepthsM: riders,
                distancesM: distances))
    }

    func ratings(point: OperatingPoint = .legacy, reference: WakeReference = .standard) -> RatingsJob {
        var input = RatingsJob.Input(
            source: nowhere, point: point, out: URL(fileURLWithPath: "/nonexistent/out"), outName: "out",
            appRatings: URL(fileURLWithPath: "/nonexistent/app.json"))
        input.wakeReference = reference
        return RatingsJob(input)
    }

    /// `run` refuses with exactly `expected`, before touching the (missing) inputs.
    func expectRefused<J: Job>(_ job: J, _ expected: InvalidInput) async {
        #expect(throws: expected) { try job.validate() }
        await expectJobFailure(expected, kind: .usage) { _ = try await job.run(onEvent: { _ in }) }
    }

    @Test func theWakeJobNamesEachFieldOutOfRange() async {
        await expectRefused(wake(speeds: [18, 0]), .init(field: "speedsKmh", value: "0", accepted: "1…100 km/h"))
        await expectRefused(wake(tracks: [.nan]), .init(field: "trackDepthsM", value: "nan", accepted: "0.1…1000 m"))
        // The trap the issue names: a 0 m rider depth reached the kernel's precondition.
        await expectRefused(wake(riders: [0]), .init(field: "riderDepthsM", value: "0", accepted: "0.1…1000 m"))
        await expectRefused(
            wake(distances: [10_001]), .init(field: "distancesM", value: "10001", accepted: "1…10000 m"))
        await expectRefused(wake(riders: []), .init(field: "riderDepthsM", value: nil, accepted: "at least one value"))
    }

    @Test func theGridJobNamesEachAxisOutOfRange() async {
        let grid = { (speeds: [Double], tracks: [Double]) in
            GridJob(.init(source: nowhere, speedsKmh: speeds, trackDepthsM: tracks, output: .stream { _ in }))
        }
        await expectRefused(grid([0.5], [10]), .init(field: "speedsKmh", value: "0.5", accepted: "1…100 km/h"))
        await expectRefused(grid([18], [-1]), .init(field: "trackDepthsM", value: "-1", accepted: "0.1…1000 m"))
    }

    @Test func theRatingsJobChecksItsPointAndItsWakeReference() async {
        await expectRefused(
            ratings(point: OperatingPoint(speedKmh: 1e300, trackDepthM: 10)),
            .init(field: "point.speedKmh", value: "1e+300", accepted: "1…100 km/h"))
        await expectRefused(
            ratings(point: OperatingPoint(speedKmh: 18, trackDepthM: 0.01)),
            .init(field: "point.trackDepthM", value: "0.01", accepted: "0.1…1000 m"))
        var reference = WakeReference.standard
        reference.riderDepthM = 0
        await expectRefused(
            ratings(reference: reference), .init(field: "wakeReference.riderDepthM", value: "0", accepted: "0.1…1000 m")
        )
        reference = .standard
        reference.speed = .fixed(-3)
        await expectRefused(
            ratings(reference: reference), .init(field: "wakeReference.speed", value: "-3", accepted: "1…100 km/h"))
    }

    /// A live fleet's HTTP settings are checked by the client's own table before any request:
    /// a library caller's zero run time is a refusal naming the setting, not a trap (nothing
    /// listens on port 9; a request would fail otherwise).
    @Test func aLiveFleetRefusesHTTPSettingsOutOfRangeBeforeFetching() async {
        var http = HTTPClient.Configuration()
        http.maxRunTime = 0
        let site = URL(string: "http://127.0.0.1:9/")!
        let live = LiveFleet(base: site, start: .index(site.appendingPathComponent("fleet")), http: http)
        await #expect(throws: InvalidInput(field: "maxRunTime", value: "0", accepted: "1…86400 seconds")) {
            _ = try await FleetPages.live(live).scrape()
        }
    }

    @Test func theCalibrationJobRefusesToWriteOverItsObservations() async {
        let file = URL(fileURLWithPath: "/nonexistent/observations.csv")
        await expectRefused(
            CalibrationJob(.init(observations: file, out: file)),
            .init(field: "out", value: file.path, accepted: "a file other than the observations"))
    }

    @Test func descendingOrNonPositiveThresholdsAreRefusedWhenMade() {
        #expect(throws: HeightThresholds.Invalid.self) { try HeightThresholds(0.4, 0.2) }
        #expect(throws: HeightThresholds.Invalid.self) { try HeightThresholds(nil, nil) }
        #expect(throws: HeightThresholds.Invalid.self) { try HeightThresholds(0, 0.2) }
        #expect(throws: HeightThresholds.Invalid.self) { try HeightThresholds(.infinity, nil) }
        #expect(throws: Never.self) { try HeightThresholds(0.2, 0.2) }
    }

    /// Over thousands of random values, on a log scale across and beyond every range: a value is
    /// accepted exactly when it lies in the range, and a refusal names the field and the value.
    @Test func validationAgreesWithTheRangeTableEverywhere() {
        var random = SplitMix64(seed: 33)
        let fields: [(String, ClosedRange<Double>, (Double) -> WakeJob)] = [
            ("speedsKmh", OperatingRanges.speedKmh, { wake(speeds: [$0]) }),
            ("trackDepthsM", OperatingRanges.depthM, { wake(tracks: [$0]) }),
            ("riderDepthsM", OperatingRanges.depthM, { wake(riders: [$0]) }),
            ("distancesM", OperatingRanges.distanceM, { wake(distances: [$0]) }),
        ]
        for _ in 0..<3_000 {
            let exponent = Double(random.next() % 20_000) / 1_000 - 8  // 10^-8 … 10^12
            let sign: Double = random.next() % 10 == 0 ? -1 : 1
            let value = sign * pow(10, exponent)
            for (field, range, job) in fields {
                do {
                    try job(value).validate()
                    #expect(range.contains(value), "\(field) accepted \(value)")
                } catch let error as InvalidInput {
                    #expect(!range.contains(value) && error.field == field, "\(field) refused \(value): \(error)")
                } catch {
                    Issue.record("\(field) \(value): \(error)")
                }
            }
        }
    }
}
