import Testing
import TextFormats

/// The `nextwave fleet` commands messages suggest, pointed at the run's fleet file.
@Suite struct FleetCommandTextTests {
    @Test func theEditingCommandsGetTheFleetFileAndNoOtherTextChanges() {
        let text =
            "To rate it: `nextwave fleet set \"MS Saphir\" --beam M --source URL`; or "
            + "`nextwave fleet add --name \"X\" …`, `nextwave fleet show`; speeds: "
            + "`nextwave fleet speeds --archive DIR`; `nextwave ratings --dry-run`."
        #expect(
            FleetCommandText.naming(text, fleetArgument: "--operator sgv")
                == "To rate it: `nextwave fleet set \"MS Saphir\" --beam M --source URL --operator sgv`; or "
                + "`nextwave fleet add --name \"X\" … --operator sgv`, `nextwave fleet show --operator sgv`; speeds: "
                + "`nextwave fleet speeds --archive DIR`; `nextwave ratings --dry-run`.")
        #expect(FleetCommandText.naming(text, fleetArgument: nil) == text)
        // Applied twice (a report holding lines already pointed), a command gets it once.
        let once = FleetCommandText.naming(text, fleetArgument: "--operator sgv")
        #expect(FleetCommandText.naming(once, fleetArgument: "--operator sgv") == once)
        for sub in ["retire \"A\" --since YYYY-MM-DD", "rename \"A\" \"B\"", "check"] {
            #expect(
                FleetCommandText.naming("`nextwave fleet \(sub)`", fleetArgument: "f.json")
                    == "`nextwave fleet \(sub) f.json`")
        }
    }

    @Test func aFileIsNamedAsAShellReadsIt() {
        #expect(FleetCommandText.argument(file: nil, operatorID: nil) == nil)
        #expect(FleetCommandText.argument(file: nil, operatorID: "sgv") == "--operator sgv")
        #expect(FleetCommandText.argument(file: "Data/fleets/sgv.json", operatorID: nil) == "Data/fleets/sgv.json")
        #expect(FleetCommandText.argument(file: "my fleet.json", operatorID: nil) == "'my fleet.json'")
        #expect(FleetCommandText.argument(file: "it's.json", operatorID: nil) == #"'it'\''s.json'"#)
        #expect(FleetCommandText.argument(file: "flotte-zürich.json", operatorID: nil) == "'flotte-zürich.json'")
        // The data folder given travels with the operator; a file needs none.
        #expect(
            FleetCommandText.argument(file: nil, operatorID: "sgv", dataFolder: "/srv/next wave/Data")
                == "--operator sgv --data '/srv/next wave/Data'")
        #expect(FleetCommandText.argument(file: nil, operatorID: nil, dataFolder: "../Data") == "--data ../Data")
        #expect(FleetCommandText.argument(file: "f.json", operatorID: nil, dataFolder: "/x") == "f.json")
    }
}
