import DataFolderLayout
import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The data folder's precedence (docs/guides/maintaining.md, "Which Data/ a command uses"): `--data`, then `NEXTWAVE_DATA`,
/// then the checkout the working directory is in, then the installation beside the binary, then
/// a checkout above the binary. Each step is checked with every later one present.
@Suite struct DataFolderTests {
    /// A folder holding a checkout (`Package.swift` of this package and `Data/fleet.json`), an
    /// installation (`prefix/bin/nextwave`, `prefix/share/nextwave/Data/fleet.json`) and two
    /// plain data folders.
    struct Layout {
        let root = RepositoryPaths.temporaryDirectory("data-folder")
        var checkout: URL { root.appendingPathComponent("clone") }
        var prefix: URL { root.appendingPathComponent("prefix") }
        var binary: URL { prefix.appendingPathComponent("bin/nextwave") }
        var named: URL { root.appendingPathComponent("named") }
        var environment: URL { root.appendingPathComponent("from-env") }

        init() throws {
            let manager = FileManager.default
            for data in [
                checkout.appendingPathComponent("Data"), prefix.appendingPathComponent("share/nextwave/Data"), named,
                environment,
            ] {
                try manager.createDirectory(at: data, withIntermediateDirectories: true)
                try Data("{}".utf8).write(to: data.appendingPathComponent("fleet.json"))
            }
            try Data("let package = Package(name: \"NextWave\")\n".utf8)
                .write(to: checkout.appendingPathComponent("Package.swift"))
            try manager.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        }

        func resolve(explicit: String?, env: String?, in folder: URL) throws -> DataFolder {
            try DataFolder.resolve(
                explicit: explicit, environment: env.map { ["NEXTWAVE_DATA": $0] } ?? [:], currentDirectory: folder,
                executable: binary)
        }
    }

    @Test func eachPlaceWinsOverEveryLaterOne() throws {
        let layout = try Layout()
        let inside = layout.checkout.appendingPathComponent("Sources/deep")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let option = try layout.resolve(explicit: layout.named.path, env: layout.environment.path, in: inside)
        #expect(option.origin == .option && option.url.path == layout.named.path)
        let environment = try layout.resolve(explicit: nil, env: layout.environment.path, in: inside)
        #expect(environment.origin == .environment && environment.url.path == layout.environment.path)
        let checkout = try layout.resolve(explicit: nil, env: nil, in: inside)
        #expect(checkout.origin == .checkout)
        #expect(checkout.url.standardizedFileURL.path == layout.checkout.appendingPathComponent("Data").path)
        let installed = try layout.resolve(explicit: nil, env: nil, in: layout.root)
        #expect(installed.origin == .installed)
        #expect(installed.url.path == layout.prefix.appendingPathComponent("share/nextwave/Data").path)
    }

    /// An empty `NEXTWAVE_DATA` is no choice; nothing found names every place looked at.
    @Test func anEmptyVariableIsNoChoiceAndNothingFoundSaysWhere() throws {
        let layout = try Layout()
        try FileManager.default.removeItem(at: layout.prefix.appendingPathComponent("share"))
        let empty = try layout.resolve(explicit: nil, env: "", in: layout.checkout)
        #expect(empty.origin == .checkout)
        #expect(throws: DataFolder.NotFound.self) { try layout.resolve(explicit: nil, env: "", in: layout.root) }
    }

    /// Another user's folder decides nothing unasked: named (`--data`, `NEXTWAVE_DATA`) it is
    /// used with a warning, found by the search it is refused; this user's and root's are trusted.
    @Test func anotherUsersFolderIsUsedOnlyWhenNamed() throws {
        let layout = try Layout()
        let me = DataFolder.currentUserID
        let other: UInt32 = me == 12_345 ? 23_456 : 12_345
        for folder in [layout.checkout.appendingPathComponent("Data"), layout.named, layout.environment] {
            try #require(chown(folder.path, other, other) == 0, "the tests run as root in CI: chown must work")
        }
        let inside = layout.checkout
        #expect(
            try layout.resolve(explicit: nil, env: nil, in: inside).ownership
                == .foundAndForeign(owner: other, user: me))
        #expect(
            try layout.resolve(explicit: layout.named.path, env: nil, in: inside).ownership
                == .namedButForeign(owner: other, user: me))
        #expect(
            try layout.resolve(explicit: nil, env: layout.environment.path, in: inside).ownership
                == .namedButForeign(owner: other, user: me))
        // The installation, this user's: trusted; a folder root owns (an installed copy) too.
        let installed = try layout.resolve(explicit: nil, env: nil, in: layout.root)
        #expect(installed.origin == .installed && installed.ownership == .trusted)
        try #require(chown(layout.named.path, 0, 0) == 0)
        #expect(try layout.resolve(explicit: layout.named.path, env: nil, in: inside).ownership == .trusted)
    }
}
