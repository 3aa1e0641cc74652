import ArgumentParser
import Foundation
import RatingsPipeline

struct FleetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Check, extend and list the curated fleet file (Data/fleet.json).",
        discussion: """
            The curated fleet gives every ship's figures with a source for each value; it
            fills what the operator's pages leave out, or overrides a page value with a
            reason (overridesPage). Format: schemas/fleet.schema.json and "Editing the
            fleet" in docs/guides/maintaining.md.
            """,
        subcommands: [
            FleetCheckCommand.self, FleetAddCommand.self, FleetSetCommand.self, FleetRenameCommand.self,
            FleetRetireCommand.self,
            FleetShowCommand.self, FleetSpeedsCommand.self,
        ])
}
