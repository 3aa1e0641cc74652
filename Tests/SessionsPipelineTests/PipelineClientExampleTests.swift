import Foundation
import Testing
import _TestSupport

/// The pipelines' example client (Examples/PipelineClient, built by this package's build as
/// `example-pipeline-client` against the two library products alone) runs as a client package
/// would: it rates the bundled fleet as a dry run, has a wrong input refused, and plans three
/// days at Wädenswil.
@Suite struct PipelineClientExampleTests {
    static var client: URL? {
        let name = "example-pipeline-client"
        return [
            Bundle.main.bundleURL.appendingPathComponent(name),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
            RepositoryPaths.root.appendingPathComponent(".build/debug/\(name)"),
        ].first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Given the data folder, and finding it as the command line does (the checkout it runs in).
    @Test(arguments: [true, false]) func theClientRatesRefusesAndPlans(namingTheDataFolder: Bool) throws {
        let client = try #require(Self.client, "the build makes example-pipeline-client beside the tests")
        let process = Process()
        process.executableURL = client
        process.arguments = namingTheDataFolder ? [RepositoryPaths.data.path] : []
        process.currentDirectoryURL = RepositoryPaths.root.appendingPathComponent("Sources")
        var environment = ProcessInfo.processInfo.environment
        environment["NEXTWAVE_DATA"] = nil
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(errors)")
        let lines = text.split(separator: "\n").map(String.init)
        // "ratings: N ships, M rated (model vesseldata-legacy)", then up to three rated ships.
        let header = try #require(lines.first)
        let numbers = header.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(header.hasPrefix("ratings: ") && header.hasSuffix(" rated (model vesseldata-legacy)"), "\(header)")
        #expect(numbers.count == 2 && numbers[0] > 0 && (1...numbers[0]).contains(numbers[1]), "\(header)")
        for ship in lines.dropFirst().prefix(min(3, numbers.last ?? 0)) {
            #expect(ship.hasPrefix("  ") && ["1", "2", "3"].contains(ship.split(separator: " ").last ?? ""), "\(ship)")
        }
        #expect(lines.contains { $0.hasPrefix("refused: ") })
        let plan = try #require(lines.firstIndex(of: "plan: 3 station-days"), "\(text)")
        // One line per day after it: the three days from the archive's first, each with its best
        // window or none.
        let days = lines[(plan + 1)...].prefix(3)
        #expect(days.count == 3)
        for day in days { #expect(day.contains(": best window: ") || day.hasSuffix(": no session"), "\(day)") }
    }
}
