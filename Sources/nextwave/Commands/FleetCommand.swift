import ArgumentParser
import Foundation
import NextWaveSupport
import ShipRatings

struct FleetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Check, extend and list the curated fleet file (Data/fleet.json).",
        discussion: """
            The curated fleet gives every ship's figures with a source for each value; it
            fills what the operator's pages leave out, or overrides a page value with a
            reason (overridesPage). Format: schemas/fleet.schema.json and the README
            section "Editing the fleet".
            """,
        subcommands: [
            FleetCheckCommand.self, FleetAddCommand.self, FleetSetCommand.self, FleetRetireCommand.self,
            FleetShowCommand.self, FleetSpeedsCommand.self,
        ])
}

/// `[FILE]`: a fleet file, default the data folder's.
struct FleetFileArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The fleet file (default: fleet.json of the data folder).", valueName: "FILE"))
    var file: String?

    @Option(
        name: .customLong("operator"),
        help: ArgumentHelp("The operator whose fleet file (zsg, sgv, cgn, bls, …; default zsg).", valueName: "NAME"))
    var operatorName: String?

    @OptionGroup var data: DataOptions

    func validate() throws {
        try checkPaths([("FILE", file)])
        if file != nil && operatorName != nil { throw ValidationError("give a fleet FILE or --operator, not both") }
    }

    var url: URL {
        get throws {
            if let file { return URL(fileURLWithPath: file) }
            if let operatorName { return try data.file(OperatorCatalogue.named(operatorName, data: data).fleet) }
            return try data.file("fleet.json")
        }
    }

    /// Applies `change` to the fleet file's bytes and writes the result, holding the lock of the
    /// file's folder from the read to the write: two changes at once follow each other, each
    /// on the file as the other left it (issue: hardening, round 2: of 8 `fleet add` at once,
    /// 7 ships were lost). Returns the file.
    @discardableResult
    func update(_ change: (URL, Data) throws -> Data) throws -> URL {
        let url = try url
        let lock: DirectoryLock
        do { lock = try DirectoryLock(url.resolvingSymlinksInPath().deletingLastPathComponent()) } catch let
            problem as FileProblem
        {
            throw CLIError(problem.description, status: .failure)
        }
        defer { withExtendedLifetime(lock) {} }
        let (_, data) = try bytes()
        try AtomicFileWriter.write(try change(url, data), to: url)
        return url
    }

    func bytes() throws -> (URL, Data) {
        let url = try url
        return (url, try BoundedFile.read(url, limit: BoundedFile.tableLimit, what: "fleet file"))
    }
}

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

    var showsProgress: Bool { false }

    func execute(_ terminal: Terminal) async throws {
        let (url, data) = try target.bytes()
        let (fleet, problems) = FleetFile.check(data)
        guard let fleet, problems.isEmpty else {
            for problem in problems { terminal.error("\(url.path): \(problem)") }
            terminal.info("\(problems.count) problem(s)")
            throw ExitCode.failure
        }
        let generated = fleet.ships.filter { $0.aliases == nil }.map(\.fullName)
        print("\(url.path): \(fleet.ships.count) ships, no problems")
        if !generated.isEmpty { print("aliases generated for: \(generated.joined(separator: ", "))") }
    }
}

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

    @OptionGroup var target: FleetFileArgument

    var showsProgress: Bool { false }

    func split() throws -> (prefix: String, name: String) {
        let words = name.split(separator: " ", maxSplits: 1).map(String.init)
        guard words.count == 2, FleetFile.prefixes.contains(words[0]) else {
            throw ValidationError("--name must start with MS, DS or EMS, e.g. \"MS Zürichsee\"; got \"\(name)\"")
        }
        return (words[0], words[1].trimmingCharacters(in: .whitespaces))
    }

    func validate() throws {
        _ = try split()
        guard !source.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--source is empty") }
        guard !values.list.isEmpty else {
            throw ValidationError("give at least one value (--length, --beam, --displacement, …)")
        }
    }

    func execute(_ terminal: Terminal) async throws {
        let (prefix, bare) = try split()
        let values = self.values.list
        let url = try target.update { url, data in
            try FleetFile.adding(
                .init(name: bare, prefix: prefix, values: values, source: source, overridesPage: overridesPage),
                to: data, path: url.path)
        }
        terminal.info(
            "added \(prefix) \(bare) to \(url.path) (aliases: \(FleetFile.aliases(name: bare, prefix: prefix).joined(separator: ", ")))"
        )
    }
}

struct FleetShowCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "List the fleet file's ships, their figures and sources.",
        usage: "nextwave fleet show [--sources] [<FILE>]",
        discussion: """
            Examples:
              nextwave fleet show
              nextwave fleet show --sources | grep Helvetia
            """)

    @Flag(help: "List every value with its source instead of the overview.")
    var sources = false

    @OptionGroup var target: FleetFileArgument

    var showsProgress: Bool { false }

    func execute(_ terminal: Terminal) async throws {
        let (url, data) = try target.bytes()
        let fleet = try CuratedFleet.decode(data, path: url.path)
        if sources {
            var rows: [[String]] = []
            for ship in fleet.ships {
                for (field, value) in Self.values(ship) {
                    rows.append([
                        ship.fullName, field, plain(value.value), value.overridesPage == nil ? "" : "yes", value.source,
                    ])
                }
            }
            print(TextTable.render(header: ["Ship", "Field", "Value", "Overrides page", "Source"], rows: rows))
            return
        }
        let rows = fleet.ships.map { ship -> [String] in
            func figure(_ value: CuratedFleet.Sourced<Double>?) -> String { value.map { plain($0.value) } ?? "–" }
            let hosts = Set(
                Self.values(ship).compactMap {
                    URL(string: $0.1.source)?.host?.replacingOccurrences(of: "www.", with: "")
                })
            return [
                ship.fullName, figure(ship.lengthM), figure(ship.beamM), figure(ship.displacementT),
                figure(ship.draftM),
                figure(ship.serviceSpeedKmh ?? ship.topSpeedKmh), hosts.sorted().joined(separator: ", "),
            ]
        }
        print(
            TextTable.render(
                header: ["Ship", "L (m)", "B (m)", "D (t)", "T (m)", "V (km/h)", "Sources"], rows: rows,
                rightAligned: [1, 2, 3, 4, 5]))
        print("\n\(fleet.ships.count) ships in \(url.path); --sources lists each value with its source")
    }

    static func values(_ ship: CuratedFleet.Ship) -> [(String, CuratedFleet.Sourced<Double>)] {
        [
            ("lengthM", ship.lengthM), ("beamM", ship.beamM), ("displacementT", ship.displacementT),
            ("draftM", ship.draftM), ("blockCoefficient", ship.blockCoefficient),
            ("entranceLengthM", ship.entranceLengthM), ("serviceSpeedKmh", ship.serviceSpeedKmh),
            ("topSpeedKmh", ship.topSpeedKmh), ("powerKW", ship.powerKW),
        ].compactMap { name, value in value.map { (name, $0) } }
    }
}
