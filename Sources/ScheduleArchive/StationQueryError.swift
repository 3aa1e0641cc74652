import Foundation
public import JobContract
import TextFormats

/// Why a station asked for by name or id was not found.
public enum StationQueryError: KindedError, Equatable {
    /// A name that matches no station or lake, or several: a usage error.
    public var kind: ProblemKind { .usage }

    case unknown(String, closest: [String])
    case ambiguous(String, matches: [String])
    case unknownLake(String, known: [String])
    case ambiguousLake(String, matches: [String])

    public var description: String {
        switch self {
        case .unknown(let query, let closest):
            "no station \"\(query)\" in the station list"
                + (closest.isEmpty ? "" : "; " + NameMatch.didYouMean(closest))
        case .ambiguous(let query, let matches):
            "\"\(query)\" names \(matches.count) stations: \(matches.joined(separator: ", ")); give more of the name or the UIC id"
        case .ambiguousLake(let lake, let matches):
            "\"\(lake)\" fits \(matches.count) lakes: \(matches.joined(separator: ", ")); give more of the name"
        case .unknownLake(let lake, let known):
            "no lake \"\(lake)\" in the station list (lakes: \(known.joined(separator: ", ")))"
        }
    }
}
