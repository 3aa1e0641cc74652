import ArgumentParser
import Foundation
import RatingsPipeline

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
            let layout = try data.layout
            if let operatorName {
                return try OperatorCatalogue.named(operatorName, data: data).fleetFile(in: layout).url
            }
            return layout.fleet
        }
    }

    /// Applies `change` to the fleet file's bytes under its folder's lock
    /// (``FleetFile/update(_:_:)``); returns the file.
    @discardableResult
    func update(_ change: (URL, Data) throws -> Data) throws -> URL {
        let url = try url
        try FleetFile.update(url) { try change(url, $0) }
        return url
    }

    func bytes() throws -> (URL, Data) {
        let url = try url
        return (url, try FleetFile.read(url))
    }
}
