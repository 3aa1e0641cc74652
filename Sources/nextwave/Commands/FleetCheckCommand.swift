import ArgumentParser
import Foundation
import RatingsPipeline

struct FleetCheckCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report every problem of a fleet file at once (entry, field, why).",
        usage: "nextwave fleet check [<FILE>]",
        discussion: """
            Examples:
              nextwave fleet check
              nextwave fleet check my-fleet.json
            """)

    @OptionGroup var target: FleetFileArgument

    func execute(_ terminal: Terminal) async throws {
        let (url, data) = try target.bytes()
        let (fleet, problems) = FleetFile.check(data)
        guard let fleet, problems.isEmpty else {
            for problem in problems { terminal.error("\(url.path): \(problem)") }
            terminal.info(counted(problems.count, "problem"))
            throw ExitCode.failure
        }
        let generated = fleet.ships.filter { $0.aliases == nil }.map(\.fullName)
        print("\(url.path): \(counted(fleet.ships.count, "ship")), no problems")
        if !generated.isEmpty { print("aliases generated for: \(generated.joined(separator: ", "))") }
    }
}
