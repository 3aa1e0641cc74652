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

    @Test func aWordIsQuotedAsAShellReadsIt() {
        #expect(FleetCommandText.shellWord("Data/fleets/sgv.json") == "Data/fleets/sgv.json")
        #expect(FleetCommandText.shellWord("my fleet.json") == "'my fleet.json'")
        #expect(FleetCommandText.shellWord("it's.json") == #"'it'\''s.json'"#)
        #expect(FleetCommandText.shellWord("flotte-zürich.json") == "'flotte-zürich.json'")
        #expect(FleetCommandText.shellWord("") == "''")
    }
}
