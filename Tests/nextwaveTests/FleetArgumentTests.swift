import Testing

@testable import nextwave

/// How the command line names a run's fleet file in the commands it suggests.
@Suite struct FleetArgumentTests {
    @Test func aFileIsNamedAsAShellReadsIt() {
        #expect(FleetArgument.words(file: nil, operatorID: nil) == nil)
        #expect(FleetArgument.words(file: nil, operatorID: "sgv") == "--operator sgv")
        #expect(FleetArgument.words(file: "Data/fleets/sgv.json", operatorID: nil) == "Data/fleets/sgv.json")
        #expect(FleetArgument.words(file: "my fleet.json", operatorID: nil) == "'my fleet.json'")
        #expect(FleetArgument.words(file: "it's.json", operatorID: nil) == #"'it'\''s.json'"#)
        #expect(FleetArgument.words(file: "flotte-zürich.json", operatorID: nil) == "'flotte-zürich.json'")
        // The data folder given travels with the operator; a file needs none.
        #expect(
            FleetArgument.words(file: nil, operatorID: "sgv", dataFolder: "/srv/next wave/Data")
                == "--operator sgv --data '/srv/next wave/Data'")
        #expect(FleetArgument.words(file: nil, operatorID: nil, dataFolder: "../Data") == "--data ../Data")
        #expect(FleetArgument.words(file: "f.json", operatorID: nil, dataFolder: "/x") == "f.json")
    }
}
