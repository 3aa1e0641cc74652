package import Foundation
package import JobContract
import SafeFiles
import TextFormats

/// The lake operators the toolkit knows (`Data/operators.json`): each one's curated fleet file,
/// whether its ship pages are scraped, who publishes its ship assignments, and its lakes with
/// their GTFS agency ids.
package struct OperatorCatalogue: Sendable, Decodable {
    package struct Operator: Sendable, Decodable, Equatable {
        /// Short, lower-case: `zsg`, `sgv`, `cgn` (file and folder names).
        package var id: String
        /// As `stations.json` lists it: `ZSG`, `SGV`, `Walensee Schifffahrt`.
        package var code: String
        package var name: String
        /// The curated fleet file, relative to the data folder.
        package var fleet: String
        /// Whether a page layout is known for its ship pages (only ZSG's); the others' tables
        /// rest on the curated fleet file alone.
        package var pages: Bool?
        /// Who publishes which ship runs which course; nil: nobody.
        package var assignments: AssignmentPublisher?
        /// Lake (as `stations.json` names it) → GTFS agency ids of the operator there.
        package var lakes: [String: [String]]

        package var scrapesPages: Bool { pages ?? false }

        /// Whether this is the default operator (``OperatorCatalogue/homeID``).
        package var isHome: Bool { id == OperatorCatalogue.homeID }

        /// Its reports' folder, relative to the working folder: `reports` for the default
        /// operator, `reports/<id>` for the others.
        package var reportsFolder: String { ReportsLayout.folder(operatorID: id, isHome: isHome) }

        /// Its curated fleet file in the data folder `data`, and how reports cite it
        /// (`Data/fleets/sgv.json`).
        package func fleetFile(in data: DataLayout) -> (url: URL, reference: String) {
            (data.file(fleet), DataLayout.reference(fleet))
        }
    }

    /// Where an operator publishes which ship runs which course, as `operators.json` names it: a
    /// closed set (a name not listed makes the file unreadable, naming the value).
    package enum AssignmentPublisher: String, Decodable, CaseIterable, Sendable {
        /// ZSG's deployment page (einsatzderschiffe.zsg.ch).
        case zsgDeploymentPage = "zsg-deployment-page"
        /// SGV's steamer allocation page.
        case sgvAllocationPage = "sgv-allocation-page"
        /// CGN's departure boards per pier.
        case cgnDepartureBoard = "cgn-departure-board"

        /// Decodes a name, refusing one not listed with the names there are.
        package init(from decoder: any Decoder) throws {
            let name = try decoder.singleValueContainer().decode(String.self)
            guard let publisher = Self(rawValue: name) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "\"\(name)\" is none of "
                            + Self.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            self = publisher
        }
    }

    /// The default operator's id: Lake Zurich's ZSG, whose table is the toolkit's own (the
    /// bundled pages, `reports/ship-ratings.json`, the table the app's ratings are checked
    /// against). Every other operator's table lives under `Data/ratings/<id>.json` and
    /// `reports/<id>`, and is published per lake.
    package static let homeID = "zsg"

    package var operators: [Operator]

    /// The catalogue of the data folder `data`.
    /// - Throws: ``FileProblem`` naming the file and what is wrong.
    package static func load(from data: DataLayout) throws -> OperatorCatalogue { try load(from: data.operators) }

    /// Reads the catalogue.
    /// - Throws: ``FileProblem`` naming the file and what is wrong.
    package static func load(from url: URL) throws -> OperatorCatalogue {
        let catalogue = try JSONFile.decode(
            OperatorCatalogue.self, at: url, what: "operator list", limit: BoundedFile.tableLimit)
        let ids = catalogue.operators.map(\.id)
        if let duplicate = ids.first(where: { id in ids.filter { $0 == id }.count > 1 }) {
            throw FileProblem(path: url.path, reason: "operator id \"\(duplicate)\" appears twice")
        }
        return catalogue
    }

    /// The operator an argument names: its id, its code or its name (case and accents ignored),
    /// or a unique prefix of one of them.
    /// - Throws: ``FileProblem``-free ``Unknown`` listing the operators there are.
    package func find(_ argument: String) throws -> Operator {
        let key = TextKey.fold(argument)
        func keys(_ o: Operator) -> [String] { [o.id, o.code, o.name].map { TextKey.fold($0) } }
        if let exact = operators.first(where: { keys($0).contains(key) }) { return exact }
        let matches = operators.filter { keys($0).contains { $0.hasPrefix(key) } }
        if matches.count == 1, !key.isEmpty { return matches[0] }
        throw Unknown(argument: argument, known: operators.map(\.id), ambiguous: matches.count > 1)
    }

    /// The operators serving `lake` (as `stations.json` names it).
    package func operators(onLake lake: String) -> [Operator] {
        let key = TextKey.fold(lake)
        return operators.filter { $0.lakes.keys.contains { TextKey.fold($0) == key } }
    }

    /// The GTFS agency ids of `lake`, over all its operators (sorted, unique).
    package func agencies(onLake lake: String) -> [String] {
        let key = TextKey.fold(lake)
        return Array(
            Set(operators.flatMap { o in o.lakes.filter { TextKey.fold($0.key) == key }.flatMap(\.value) })
        ).sorted()
    }

    /// An operator argument that names none (or several) of the catalogue's.
    package struct Unknown: KindedError {
        /// A name that matches no operator, or several: a usage error.
        package var kind: ProblemKind { .usage }
        package var argument: String
        package var known: [String]
        package var ambiguous: Bool
        package var description: String {
            "\(ambiguous ? "more than one operator matches" : "no operator") \"\(argument)\"; operators: "
                + known.joined(separator: ", ")
        }
    }
}
