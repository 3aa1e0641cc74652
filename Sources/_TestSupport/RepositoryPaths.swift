package import DataFolderLayout
package import Foundation

/// Paths in this repository for tests. Not API.
package enum RepositoryPaths {
    /// The package root (found from this file's location).
    package static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    package static var data: URL { root.appendingPathComponent("Data") }
    /// What the repository's data folder holds, and where.
    package static var layout: DataLayout { DataLayout(root: data) }
    package static var snapshot: URL { layout.snapshot() }
    package static var legacyCSV: URL { data.appendingPathComponent("reference/schiffsdaten-2025-01-14.csv") }
    package static var fleet: URL { layout.fleet }
    /// The bundled schedule archive (ten real days of Lake Zurich, September 2026).
    package static var archive: URL { layout.archive() }
    package static var appRatings: URL { layout.appRatings }
    package static var stations: URL { layout.stations }
    package static var schedulePeriods: URL { layout.schedulePeriods }

    /// A private copy of the data folder (its archive linked, not copied): for a test whose run
    /// writes into the data folder (a publication makes its table the current one, a fleet edit),
    /// which must never touch the repository's own `Data/`.
    package static func copyOfData() throws -> URL {
        let copy = temporaryDirectory("data")
        for name in try FileManager.default.contentsOfDirectory(atPath: data.path) {
            if name == DataLayout.Name.archives {
                try FileManager.default.createSymbolicLink(
                    at: copy.appendingPathComponent(name), withDestinationURL: data.appendingPathComponent(name))
            } else {
                try FileManager.default.copyItem(
                    at: data.appendingPathComponent(name), to: copy.appendingPathComponent(name))
            }
        }
        return copy
    }

    /// A private copy of the bundled archive's raw files, without a store (so that parallel tests
    /// never share one).
    package static func copyOfArchive() throws -> URL {
        let directory = temporaryDirectory("archive")
        for part in ["stationboards", "deployments"] {
            try FileManager.default.copyItem(
                at: archive.appendingPathComponent(part), to: directory.appendingPathComponent(part))
        }
        return directory
    }

    /// The id of a process that has just ended (as a killed run's would be): its pid is free.
    package static func endedProcessID() throws -> Int32 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        return child.processIdentifier
    }

    /// A new temporary folder holding the files of `folder` but `except` (a fixture with one
    /// file taken out, for the test to replace or leave missing).
    package static func copy(of folder: URL, except: String, label: String) throws -> URL {
        let copy = temporaryDirectory(label)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != except {
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
        return copy
    }

    /// A fresh empty temporary directory, inside this test process's own folder, which is
    /// removed when the process exits (an installed prefix is 100 MB; a suite makes dozens).
    package static func temporaryDirectory(_ label: String = "nextwave-test") -> URL {
        let url = testRoot.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `<tmp>/nextwave-tests-<pid>`, made on first use; removed at exit, made writable first
    /// (some tests take the permissions off what they made).
    private static let testRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nextwave-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { RepositoryPaths.removeTestRoot() }
        return root
    }()

    private static func removeTestRoot() {
        let chmod = Process()
        chmod.executableURL = URL(fileURLWithPath: "/bin/chmod")
        chmod.arguments = ["-R", "u+rwX", testRoot.path]
        chmod.standardError = FileHandle.nullDevice
        if (try? chmod.run()) != nil { chmod.waitUntilExit() }
        try? FileManager.default.removeItem(at: testRoot)
    }

    /// The documents a user reads, in order: the README, the guides (`docs/guides/`), the command
    /// reference (`docs/commands.md`) and `docs/DEVELOPMENT.md`, each as (path in the repository,
    /// text). Tests that check what the docs show (commands that run, examples that compile,
    /// figures the tool prints) read them all, wherever a passage lives.
    package static func userDocuments() throws -> [(path: String, text: String)] {
        let guides = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("docs/guides").path
        ).filter { $0.hasSuffix(".md") }.sorted().map { "docs/guides/" + $0 }
        return try (["README.md"] + guides + ["docs/commands.md", "docs/DEVELOPMENT.md"]).map {
            ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// ``userDocuments()`` as one text (documents apart by a blank line).
    package static func userDocumentsText() throws -> String {
        try userDocuments().map(\.text).joined(separator: "\n\n")
    }
}
