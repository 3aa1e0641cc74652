package import Foundation
import SafeFiles
import WebPages

/// A list of ship page URLs: one a line, absolute or relative to a base URL (with its path),
/// blank lines and `#` comments ignored (`--pages FILE`).
package enum PageList {
    /// The pages of `text`, which came from `path`, in order and each once.
    /// - Throws: ``ScrapeError/pageList(path:line:reason:)`` naming the line of a bad entry, or
    ///   when there is none.
    /// - Parameter rebasing: a site whose absolute URLs in the list are moved onto `base` (a
    ///   mirror of it): `https://www.zsg.ch/de/x.html` → `<base>/de/x.html`.
    package static func parse(_ text: String, path: String, base: URL, rebasing: URL? = nil) throws -> [URL] {
        var urls: [URL] = []
        var seen = Set<String>()
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = String(raw)
            if let hash = line.range(of: " #") { line = String(line[..<hash.lowerBound]) }
            line = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if let rebasing, let absolute = URL(string: line), absolute.scheme != nil,
                SiteURL.isSameSite(absolute, as: rebasing), !SiteURL.isSameSite(absolute, as: base)
            {
                let parts = URLComponents(url: absolute, resolvingAgainstBaseURL: false)
                line = (parts?.percentEncodedPath ?? "/") + (parts?.percentEncodedQuery.map { "?" + $0 } ?? "")
            }
            guard !line.contains(where: \.isWhitespace), let url = SiteURL.resolve(line, against: base),
                ["http", "https"].contains(url.scheme?.lowercased() ?? "")
            else {
                throw ScrapeError.pageList(path: path, line: index + 1, reason: "\"\(line)\" is not a URL or a path")
            }
            guard SiteURL.isSameSite(url, as: base) else {
                throw ScrapeError.pageOffSite(
                    path: path, line: index + 1, url: url.absoluteString, site: base.absoluteString)
            }
            if seen.insert(SiteURL.canonical(url)).inserted { urls.append(url) }
        }
        guard !urls.isEmpty else { throw ScrapeError.pageList(path: path, line: nil, reason: "no page URLs") }
        return urls
    }

    /// Reads and parses a page list file.
    package static func load(_ file: URL, base: URL, rebasing: URL? = nil) throws -> [URL] {
        let data: Data
        do { data = try BoundedFile.read(file, limit: 1 << 20, what: "page list") } catch let problem as FileProblem {
            throw ScrapeError.pageList(path: problem.path, line: nil, reason: problem.reason)
        }
        return try parse(String(decoding: data, as: UTF8.self), path: file.path, base: base, rebasing: rebasing)
    }
}
