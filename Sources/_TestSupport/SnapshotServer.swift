package import Foundation

/// Serves a snapshot folder (manifest.json + pages) at the pages' URL paths.
package enum SnapshotServer {
    /// A handler serving each manifest page at its path; `override` may replace any answer.
    /// - Parameter prefix: a folder the pages are served under (`/mirror`), as a mirror would.
    package static func handler(
        snapshot: URL = RepositoryPaths.snapshot, prefix: String = "",
        override: (@Sendable (String, Int) -> LocalHTTPServer.Response?)? = nil
    ) throws -> LocalHTTPServer.Handler {
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: snapshot.appendingPathComponent("manifest.json")))
            as! [String: Any]
        // Each page as the snapshot recorded it: its file, or the status of a page that was gone.
        var pages: [String: Data] = [:]
        var statuses: [String: Int] = [:]
        for entry in manifest["pages"] as! [[String: Any]] {
            let path = prefix + URL(string: entry["url"] as! String)!.path
            if let status = entry["status"] as? Int {
                statuses[path] = status
            } else {
                pages[path] = try Data(contentsOf: snapshot.appendingPathComponent(entry["file"] as! String))
            }
        }
        let (served, gone) = (pages, statuses)
        return { path, hit in
            if let answer = override?(path, hit) { return answer }
            if let status = gone[path] { return .status(status) }
            guard let body = served[path] else { return .status(404) }
            return .init(headers: [("Content-Type", "text/html; charset=utf-8")], body: body)
        }
    }
}
