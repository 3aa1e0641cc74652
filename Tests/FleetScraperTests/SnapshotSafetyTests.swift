@_spi(Benchmarks) import FleetScraper
import Foundation
import Testing
import _TestSupport

/// Snapshot folders are input too: a manifest must not reach outside its folder, and a page
/// file must not exhaust memory.
@Suite struct SnapshotSafetyTests {
    func snapshot(pages: [(url: String, file: String)], files: [String: Data] = [:]) throws -> URL {
        let folder = RepositoryPaths.temporaryDirectory("snapshot")
        let entries = pages.map { #"{"url": "\#($0.url)", "file": "\#($0.file)"}"# }.joined(separator: ",")
        let manifest =
            #"{"siteRoot": "https://www.zsg.ch", "indexURL": "https://www.zsg.ch/de/", "description": "t", "capturedAt": "2025-01-14", "pages": [\#(entries)]}"#
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test(arguments: ["../secret.html", "/etc/passwd", "pages/../../x.html", "", "a//b.html", "~/x.html"])
    func aPageFileOutsideTheFolderIsRefused(_ file: String) throws {
        let folder = try snapshot(pages: [("https://www.zsg.ch/de/x", file)])
        do {
            _ = try SnapshotPageSource(directory: folder)
            Issue.record("\(file) was accepted")
        } catch let error as ScrapeError {
            #expect(error.description.contains("pages[0].file \"\(file)\""), "\(error)")
            #expect(error.description.contains("refused"))
        }
    }

    @Test func aSymbolicLinkOutOfTheFolderIsRefused() async throws {
        let outside = RepositoryPaths.temporaryDirectory("outside")
        try Data("<p>secret</p>".utf8).write(to: outside.appendingPathComponent("secret.html"))
        let folder = try snapshot(pages: [("https://www.zsg.ch/de/x", "x.html")])
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("x.html"),
            withDestinationURL: outside.appendingPathComponent("secret.html"))
        let source = try SnapshotPageSource(directory: folder)
        await #expect(throws: ScrapeError.self) {
            _ = try await source.page(at: URL(string: "https://www.zsg.ch/de/x")!)
        }
    }

    @Test func aPageFileOverTheLimitIsRefusedWithoutReadingIt() async throws {
        let folder = try snapshot(pages: [("https://www.zsg.ch/de/x", "x.html")])
        // A sparse file of 65 MiB: no disk used, but larger than any page may be.
        let url = folder.appendingPathComponent("x.html")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(SnapshotPageSource.maximumPageBytes + (1 << 20)))
        try handle.close()
        let source = try SnapshotPageSource(directory: folder)
        do {
            _ = try await source.page(at: URL(string: "https://www.zsg.ch/de/x")!)
            Issue.record("a 65 MiB page was read")
        } catch let error as ScrapeError {
            #expect(error.description.contains("larger than 64 MiB; refused"), "\(error)")
        }
    }

    @Test func aGoodRelativeFileIsStillServed() async throws {
        let folder = try snapshot(
            pages: [("https://www.zsg.ch/de/x", "x.html")], files: ["x.html": Data("<p>ok</p>".utf8)])
        let data = try await SnapshotPageSource(directory: folder).page(at: URL(string: "https://www.zsg.ch/de/x")!)
        #expect(data == Data("<p>ok</p>".utf8))
    }
}
