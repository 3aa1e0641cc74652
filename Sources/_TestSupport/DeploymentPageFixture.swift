package import Foundation

/// The operator's deployment page in its flat-span layout (docs/SCIENCE.md §9): MS Forch with
/// courses 2533 (Wädenswil 14:31, Stäfa 14:44) and 2535, MS Linth with course 106. One file,
/// `Fuzz/seeds/deployment-page/flatSpans.html`, serves the fuzzer as a seed, the page reader's
/// tests and the archive fetcher's (which serve it over HTTP).
package enum DeploymentPageFixture {
    package static let file = RepositoryPaths.root.appendingPathComponent("Fuzz/seeds/deployment-page/flatSpans.html")

    package static let flatSpans: String = {
        guard let page = try? String(contentsOf: file, encoding: .utf8) else {
            fatalError("the deployment-page fixture \(file.path) is missing from the repository")
        }
        return page
    }()
}
