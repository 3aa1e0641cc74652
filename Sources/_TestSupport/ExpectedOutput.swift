package import Foundation
package import Testing

/// Exact-output checks of the renderers against expected files written by hand.
///
/// An expected file is derived from the documented format (docs/ARCHITECTURE.md, "Formats"; RFC
/// 4180 and RFC 5545) and from figures worked out by hand for a small fixture, never copied from
/// the renderer's output: a test that compared a renderer with its own earlier output would pass
/// whatever the renderer does. `Tests/*/Expected/README.md` says how each file was derived.
///
/// Record mode: with `NEXTWAVE_WRITE_ACTUAL=1` in the environment, a mismatch also writes the
/// renderer's output beside the expected file as `<name>.actual` (ignored by git), to compare
/// line by line and, where the renderer is right, to edit the expected file by hand. The test
/// still fails: nothing the code writes ever becomes the expectation by itself.
package enum ExpectedOutput {
    /// The folder `Expected` beside the test file that calls this.
    package static func folder(besides testFile: String = #filePath) -> URL {
        URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Expected")
    }

    /// Records a test issue at the caller unless `actual` equals the expected file `name` in
    /// `folder` byte for byte (``mismatch(_:expected:in:)``).
    package static func check(
        _ actual: String, _ name: String, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let mismatch = mismatch(actual, expected: name, in: folder) {
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        }
    }

    /// nil when `actual` equals the expected file `name` in `folder` byte for byte; else what
    /// differs (the first differing line, both versions), for the test's failure message.
    package static func mismatch(_ actual: String, expected name: String, in folder: URL) -> String? {
        let url = folder.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url), let expected = String(data: data, encoding: .utf8) else {
            return "\(url.path): no expected file (write it by hand from the format's documentation)"
        }
        // Bytes, not Strings: Swift compares Strings by canonical equivalence, so a composed and a
        // decomposed "ä" would pass as equal.
        guard data != Data(actual.utf8) else { return nil }
        if ProcessInfo.processInfo.environment["NEXTWAVE_WRITE_ACTUAL"] == "1" {
            try? Data(actual.utf8).write(to: url.appendingPathExtension("actual"), options: .atomic)
        }
        return "\(name): " + difference(expected: expected, actual: actual)
    }

    /// The first line where two texts differ, with both versions (lines split at LF; a CR stays
    /// in the line and is shown as `\r`).
    package static func difference(expected: String, actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        func shown(_ line: Substring?) -> String {
            guard let line else { return "(no line)" }
            return "\"" + line.replacingOccurrences(of: "\r", with: "\\r") + "\""
        }
        for index in 0..<max(e.count, a.count) {
            let x = index < e.count ? e[index] : nil
            let y = index < a.count ? a[index] : nil
            if x.map({ Array($0.utf8) }) != y.map({ Array($0.utf8) }) {
                return "line \(index + 1) differs:\n  expected \(shown(x))\n  actual   \(shown(y))"
            }
        }
        return "the texts are equal as characters but differ in bytes (composed against decomposed accents?)"
    }
}
