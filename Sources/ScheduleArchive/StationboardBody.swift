import CivilTime
import Foundation

/// A transport.opendata.ch `/v1/stationboard` body, reduced to what waves need.
///
/// `{"station": {"id", "name", …}, "stationboard": [{"stop": {"departure", "departureTimestamp",
/// "arrival", "arrivalTimestamp", …}, "name": "000109", "category": "BAT", "number", "to", …}]}`
/// (docs/SCIENCE.md §4).
package struct StationboardBody: Decodable, Sendable {
    package struct Station: Decodable, Sendable {
        package var id: String?
        package var name: String?
    }
    package struct Stop: Decodable, Sendable {
        package var station: Station?
        package var departure: String?
        package var departureTimestamp: Int64?
        package var arrival: String?
        package var arrivalTimestamp: Int64?
    }
    package struct Journey: Decodable, Sendable {
        package var stop: Stop
        package var name: String?
        package var category: String?
        package var number: String?
        /// Where the journey ends.
        package var to: String?
        /// The journey's calls from this stop on (this stop first).
        package var passList: [PassStop]?
    }
    /// A call of a journey's `passList`.
    package struct PassStop: Decodable, Sendable {
        package var station: Station?
    }
    package var station: Station?
    package var stationboard: [Journey]
}
