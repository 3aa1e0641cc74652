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
        let lock = try DirectoryLock(url.resolvingSymlinksInPath().deletingLastPathComponent())
        defer { withExtendedLifetime(lock) {} }
        let (_, data) = try bytes()
        try AtomicFileWriter.write(try change(url, data), to: url, followingLink: true)
        return url
    }

    func bytes() throws -> (URL, Data) {
        let url = try url
        return (url, try BoundedFile.read(url, limit: BoundedFile.tableLimit, what: "fleet file"))
    }
}
