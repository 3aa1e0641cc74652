import ArgumentParser
import Foundation
import RatingsPipeline

/// `fleet rename`: a ship that sails under a new name keeps its entry.
struct FleetRenameCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a ship: its entry, sources and riders' rating stay; the old name becomes an alias.",
        usage: "nextwave fleet rename <OLD> <NEW> [<FILE>]",
        discussion: """
            OLD is the ship's name, full name or an alias; NEW its new full name ("MS
            Zürichsee") or bare name (the type prefix stays). A dry run suggests this
            when a page the fleet file cites now names another ship.

            Example:
              nextwave fleet rename "MS Helvetia" "MS Zürichsee"
            """)

    @Argument(help: ArgumentHelp("The ship: name, full name or alias.", valueName: "OLD"))
    var old: String

    @Argument(help: ArgumentHelp("Its new name, with or without the type prefix.", valueName: "NEW"))
    var new: String

    @OptionGroup var target: FleetFileArgument

    func validate() throws {
        guard !new.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("NEW is empty") }
        try ShipNameArgument.check(new, option: "NEW")
    }

    func execute(_ terminal: Terminal) async throws {
        var (was, now) = (old, new)
        let url = try target.update { url, data in
            was = FleetFile.fullName(of: old, in: data) ?? old
            let changed = try FleetFile.renaming(old, to: new, in: data, path: url.path)
            now = FleetFile.fullName(of: new, in: changed) ?? new
            return changed
        }
        terminal.info("renamed \(was) to \(now) in \(url.path); the old name is an alias")
    }
}
