import Foundation

/// The transport API and the operator's deployment page, replayed on 127.0.0.1 from the bundled
/// archive for any day: a stationboard asked for day D is the archive's board of one September
/// day (`template`) at that station, every time moved to D at the same wall-clock time in
/// Europe/Zurich (its offset and Unix timestamps computed anew, so the body is one the reader
/// accepts); the deployment page of D names the template day's ships in the page's flat-span
/// layout; SGV's allocation page is its test fixture, CGN's pier boards one empty pier. Stations
/// in ``failing`` answer 503; a station the archive has no board for gets an empty board. Not API.
package final class TransportReplay: Sendable {
    /// The bundled day whose boards and ships every day gets.
    package let template: String
    private let state = LockedState()

    package init(template: String = "2026-09-22") { self.template = template }

    /// Stations (UIC ids) answered with HTTP 503 from now on.
    package var failing: Set<Int> {
        get { state.with { $0.failing } }
        set { state.with { $0.failing = newValue } }
    }

    /// How many requests were answered.
    package var requests: Int { state.with { $0.requests } }

    /// Extra boards for stations the archive lacks (another lake), by UIC: a day's departures as
    /// (HH:MM, course, destination).
    package var extraBoards: [Int: [(time: String, course: String, to: String)]] {
        get { state.with { $0.extra } }
        set { state.with { $0.extra = newValue } }
    }

    /// The server's handler.
    package func answer(_ path: String) -> LocalHTTPServer.Response {
        state.with { $0.requests += 1 }
        let query = URLComponents(string: path)?.queryItems ?? []
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        if path.hasPrefix("/v1/stationboard") {
            guard let id = value("id").flatMap(Int.init), let date = value("date") else { return .status(400) }
            if failing.contains(id) { return .status(503) }
            if let extra = extraBoards[id] { return .json(Self.board(id: id, date: date, departures: extra)) }
            let file = RepositoryPaths.archive.appendingPathComponent("stationboards/\(template)/\(id).json")
            guard let data = try? Data(contentsOf: file), let moved = Self.moved(data, to: date) else {
                return .json(#"{"station": {"id": "\#(id)", "name": "UIC \#(id)"}, "stationboard": []}"#)
            }
            return Response(headers: [("Content-Type", "application/json")], body: moved)
        }
        if path.hasPrefix("/schiffeinsatz") { return .html(deploymentPage()) }
        // The other operators' assignment sources at the same address (one mirror for all): SGV's
        // allocation page (its fixture), and CGN's pier boards (one pier, no boat that day).
        if path == "/" || path.isEmpty {
            let page = RepositoryPaths.root.appendingPathComponent(
                "Tests/ScheduleArchiveTests/Fixtures/sgv/allocation.html")
            return (try? Data(contentsOf: page)).map { Response(headers: [("Content-Type", "text/html")], body: $0) }
                ?? .status(404)
        }
        if path.hasPrefix("/api/qr/availableLocations") { return .json(#"[{"code": "LSNE"}]"#) }
        if path.hasPrefix("/api/qr/nextDepartures/") { return .json(#"{"departures": []}"#) }
        return .status(404)
    }

    package typealias Response = LocalHTTPServer.Response

    /// The template day's ships in the deployment page's flat-span layout.
    func deploymentPage() -> String {
        struct Routes: Decodable {
            struct Route: Decodable {
                var shipName: String
                var courseNumber: String
            }
            var routes: [Route]
        }
        let file = RepositoryPaths.archive.appendingPathComponent("deployments/\(template).json")
        guard let data = try? Data(contentsOf: file), let routes = try? JSONDecoder().decode(Routes.self, from: data)
        else { return "<html><body></body></html>" }
        var page = "<html><body>\n"
        var ship: String?
        for route in routes.routes.sorted(by: { ($0.shipName, $0.courseNumber) < ($1.shipName, $1.courseNumber) }) {
            if route.shipName != ship {
                page += "<a class=\"title\" href=\"/schiff\">\(route.shipName)</a>\n"
                ship = route.shipName
            }
            page +=
                "<span class=\"disposition\"><span class=\"prefix\">Kurs</span> "
                + "<span class=\"cruise\">\(route.courseNumber)</span></span>\n"
        }
        return page + "</body></html>"
    }

    /// A board body for `id` on `date` with the given departures.
    static func board(id: Int, date: String, departures: [(time: String, course: String, to: String)]) -> String {
        let journeys = departures.compactMap { departure -> String? in
            guard let (text, unix) = instant(date: date, time: departure.time + ":00") else { return nil }
            return #"{"stop": {"station": {"id": "\#(id)"}, "departure": "\#(text)", "departureTimestamp": \#(unix)}, "#
                + #""name": "\#(departure.course)", "category": "BAT", "number": "\#(departure.course)", "#
                + #""to": "\#(departure.to)"}"#
        }
        return
            #"{"station": {"id": "\#(id)", "name": "UIC \#(id)"}, "stationboard": [\#(journeys.joined(separator: ", "))]}"#
    }

    /// `data` (a board of the template day) with every `departure`/`arrival` of its journeys and
    /// pass lists moved to `date`, keeping the wall-clock time; nil when it is not such a board.
    static func moved(_ data: Data, to date: String) -> Data? {
        guard var body = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        func move(_ stop: inout [String: Any]) {
            for key in ["departure", "arrival"] {
                guard let text = stop[key] as? String, text.count >= 19,
                    let (moved, unix) = instant(date: date, time: String(text.dropFirst(11).prefix(8)))
                else { continue }
                stop[key] = moved
                stop[key + "Timestamp"] = unix
            }
        }
        var journeys = body["stationboard"] as? [[String: Any]] ?? []
        for index in journeys.indices {
            var stop = journeys[index]["stop"] as? [String: Any] ?? [:]
            move(&stop)
            journeys[index]["stop"] = stop
            var passList = journeys[index]["passList"] as? [[String: Any]] ?? []
            for call in passList.indices { move(&passList[call]) }
            journeys[index]["passList"] = passList
        }
        body["stationboard"] = journeys
        return try? JSONSerialization.data(withJSONObject: body)
    }

    /// `2026-12-06T14:45:00+0100` and its Unix seconds for a local date and `HH:MM:SS` in
    /// Europe/Zurich.
    static func instant(date: String, time: String) -> (String, Int)? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Europe/Zurich")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        guard let instant = formatter.date(from: "\(date)T\(time)") else { return nil }
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxx"
        return (formatter.string(from: instant), Int(instant.timeIntervalSince1970))
    }
}

/// The replay's mutable state, behind a lock.
private final class LockedState: @unchecked Sendable {
    struct Values {
        var failing: Set<Int> = []
        var requests = 0
        var extra: [Int: [(time: String, course: String, to: String)]] = [:]
    }
    // Invariant: read and written only inside `with`, under `lock`.
    private var values = Values()
    private let lock = NSLock()

    func with<T>(_ body: (inout Values) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&values)
    }
}
