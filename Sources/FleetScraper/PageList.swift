import Foundation
import NextWaveSupport
import WebFetch

/// A list of ship page URLs: one a line, absolute or relative to a base URL (with its path),
/// blank lines and `#` comments ignored (`--pages FILE`).
public enum PageList {
    /// The pages of `text`, which came from `path`, in order and each once.
    /// - Throws: ``ScrapeError/pageList(path:line:reason:)`` naming the line of a bad entry, or
    ///   when there is none.
    public static func parse(_ text: String, path: String, base: URL) throws -> [URL] {
        var urls: [URL] = []
        var seen = Set<String>()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            if let hash = line.range(of: " #") { line = String(line[..<hash.lowerBound]) }
            line = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            guard !line.contains(where: \.isWhitespace), let url = SiteURL.resolve(line, against: base),
                ["http", "https"].contains(url.scheme?.lowercased() ?? "")
            else {
                throw ScrapeError.pageList(path: path, line: index + 1, reason: "\"\(line)\" is not a URL or a path")
            }
            guard SiteURL.isSameSite(url, as: base) else {
                throw ScrapeError.pageList(
                    path: path, line: index + 1,
                    reason: "\(url.absoluteString) is not on \(base.absoluteString) (give --base-url for its site)")
            }
            if seen.insert(SiteURL.canonical(url)).inserted { urls.append(url) }
        }
        guard !urls.isEmpty else { throw ScrapeError.pageList(path: path, line: nil, reason: "no page URLs") }
        return urls
    }

    /// Reads and parses a page list file.
    public static func load(_ file: URL, base: URL) throws -> [URL] {
        let data: Data
        do { data = try BoundedFile.read(file, limit: 1 << 20, what: "page list") } catch let problem as FileProblem {
            throw ScrapeError.pageList(path: problem.path, line: nil, reason: problem.reason)
        }
        return try parse(String(decoding: data, as: UTF8.self), path: file.path, base: base)
    }
}
