package import Foundation

/// URL rules of the scraper: resolution against the site root, same-site checks, and the
/// canonical form used to visit each page once.
package enum SiteURL {
    /// `href` resolved against `base`: an absolute URL stays as it is; any other href is taken
    /// from the base, with or without a leading `/` (not from the linking page's folder, as the
    /// legacy script did). The base keeps its path, so a mirror under
    /// `http://127.0.0.1:8000/zsg/` serves `/de/ms-x.html` as `/zsg/de/ms-x.html`; for a site
    /// root this is ordinary root-relative resolution.
    package static func resolve(_ href: String, against base: URL) -> URL? {
        if let absolute = URL(string: href), absolute.scheme != nil { return absolute }
        guard var parts = URLComponents(url: base, resolvingAgainstBaseURL: true) else { return nil }
        var prefix = parts.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        var relative = href
        while relative.hasPrefix("/") { relative.removeFirst() }
        parts.query = nil
        parts.fragment = nil
        guard let target = URL(string: relative, relativeTo: URL(string: "http://h/")),
            let targetParts = URLComponents(url: target.absoluteURL, resolvingAgainstBaseURL: true)
        else { return nil }
        parts.percentEncodedPath = prefix + targetParts.percentEncodedPath
        parts.percentEncodedQuery = targetParts.percentEncodedQuery
        parts.percentEncodedFragment = targetParts.percentEncodedFragment
        return parts.url
    }

    /// `url` moved from under `from` (scheme, host, port and path prefix) to under `to`;
    /// unchanged when it is not under `from`.
    package static func rebased(_ url: String, from: URL, to: URL) -> String {
        func trimmed(_ text: String) -> String {
            var t = text
            while t.hasSuffix("/") { t.removeLast() }
            return t
        }
        let prefix = trimmed(from.absoluteString)
        guard url == prefix || url.hasPrefix(prefix + "/") || url.hasPrefix(prefix + "?") else { return url }
        return trimmed(to.absoluteString) + url.dropFirst(prefix.count)
    }

    /// Same scheme, host and port as the site root.
    package static func isSameSite(_ url: URL, as siteRoot: URL) -> Bool {
        url.scheme?.lowercased() == siteRoot.scheme?.lowercased()
            && url.host?.lowercased() == siteRoot.host?.lowercased()
            && effectivePort(url) == effectivePort(siteRoot)
    }

    /// Lower-case scheme and host, no fragment, no trailing slash on the path: so that
    /// `…/ms-helvetia` and `…/ms-helvetia/` are one page.
    package static func canonical(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        parts.fragment = nil
        parts.scheme = parts.scheme?.lowercased()
        parts.host = parts.host?.lowercased()
        while parts.path.count > 1 && parts.path.hasSuffix("/") { parts.path.removeLast() }
        return parts.string ?? url.absoluteString
    }

    /// `scheme://host[:port]` of a URL, the root that relative links resolve against.
    package static func root(of url: URL) -> URL? {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        parts.path = ""
        parts.query = nil
        parts.fragment = nil
        return parts.url
    }

    /// Why `url` cannot be fetched over HTTP, in words; nil when it can: the scheme must be
    /// http or https, there must be a host, and a port must lie in 1…65535.
    package static func problem(with url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "only http and https addresses can be fetched"
        }
        guard let host = url.host, !host.isEmpty else { return "the address has no host" }
        if let port = url.port, !(1...65535).contains(port) {
            return "port \(port) is not a port (1…65535)"
        }
        return nil
    }

    static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
