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
        var pages: [String: Data] = [:]
        for entry in manifest["pages"] as! [[String: String]] {
            let path = prefix + URL(string: entry["url"]!)!.path
            pages[path] = try Data(contentsOf: snapshot.appendingPathComponent(entry["file"]!))
        }
        let served = pages
        return { path, hit in
            if let answer = override?(path, hit) { return answer }
            guard let body = served[path] else { return .status(404) }
            return .init(headers: [("Content-Type", "text/html; charset=utf-8")], body: body)
        }
    }
}
