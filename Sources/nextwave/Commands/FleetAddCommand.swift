import ArgumentParser
import Foundation
import RatingsPipeline

struct FleetAddCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a ship to the fleet file, with the aliases the apps use.",
        usage: """
            nextwave fleet add --name <NAME> --source <URL> [--length <M>]
                               [--beam <M>] [--displacement <T>] [<options>] [<FILE>]
            """,
        discussion: """
            The name starts with its type (MS, DS or EMS). Every value gets --source;
            --overrides-page makes them replace the operator's page values, for the reason
            given. Aliases are generated: the type's other spellings (M/S, Motorschiff;
            Dampfschiff; EM, E-MS, MS) and the bare name. The file is checked before and
            after, and written in its canonical form.

            Example:
              nextwave fleet add --name "MS Zürichsee" --length 55.8 --beam 11.2 \\
                  --displacement 290 --source https://www.zsg.ch/de/ms-x.html
            """)

    @Option(help: ArgumentHelp("Full name with its type, e.g. \"MS Zürichsee\".", valueName: "NAME"))
    var name: String

    @OptionGroup var values: ShipValueOptions

    @Option(help: ArgumentHelp("Where the values are published.", valueName: "URL"))
    var source: String

    @Option(help: ArgumentHelp("Use these values instead of the page's, for this reason.", valueName: "REASON"))
    var overridesPage: String?

    @Flag(help: "Add the ship although its name is spelled like one in the file (not a typo).")
    var differentShip = false

    @OptionGroup var target: FleetFileArgument

    func split() throws -> (prefix: String, name: String) {
        guard let split = FleetFile.split(fullName: name) else {
            throw ValidationError("--name must start with MS, DS or EMS, e.g. \"MS Zürichsee\"; got \"\(name)\"")
        }
        return split
    }

    func validate() throws {
        _ = try split()
        try ShipNameArgument.check(name, option: "--name")
        guard !source.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--source is empty") }
        if let problem = FleetEdit.sourceProblem(source, option: "--source") { throw ValidationError(problem) }
        guard !values.list.isEmpty else {
            throw ValidationError("give at least one value (--length, --beam, --displacement, …)")
        }
    }

    func execute(_ terminal: Terminal) async throws {
        let (prefix, bare) = try split()
        let values = self.values.list
        let url = try target.update { url, data in
            try FleetFile.adding(
                .init(
                    name: bare, prefix: prefix, values: values, source: source, overridesPage: overridesPage,
                    allowsSimilarName: differentShip),
                to: data, path: url.path)
        }
        terminal.info(
            "added \(prefix) \(bare) to \(url.path) (aliases: \(FleetFile.aliases(name: bare, prefix: prefix).joined(separator: ", ")))"
        )
    }
}
