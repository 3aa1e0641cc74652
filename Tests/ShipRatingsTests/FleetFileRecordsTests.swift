import Foundation
import ShipRatingTable
import ShipRatings
import Testing
import WaveRating
import _TestSupport

/// A fleet file read and changed as records (`FleetFile.Document`, `FleetFile.Record`): what the
/// file wrote stays as it was, and an edit changes the lines it names and no other.
@Suite struct FleetFileRecordsTests {
    /// Lake Zurich's file and every other operator's.
    static var bundledFiles: [URL] {
        let others =
            (try? FileManager.default.contentsOfDirectory(
                at: RepositoryPaths.data.appendingPathComponent("fleets"), includingPropertiesForKeys: nil)) ?? []
        return [RepositoryPaths.fleet] + others.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    @Test func theCanonicalFileComesBackByteForByte() throws {
        let bytes = try Data(contentsOf: RepositoryPaths.fleet)
        let document = try FleetFile.Document(checked: bytes, path: "fleet.json")
        #expect(document.text == String(decoding: bytes, as: UTF8.self))
        #expect(document.records.count == 17)
    }

    /// The other operators' files are written by scripts/build-other-fleets.py with sorted keys:
    /// their records hold the same JSON, each number in the form the file wrote it.
    @Test func everyOtherFileKeepsItsValuesAndTheirForms() throws {
        let files = Self.bundledFiles.dropFirst()
        #expect(files.count == 11)
        var forms = Set<Bool>()
        for file in files {
            let bytes = try Data(contentsOf: file)
            let text = try FleetFile.Document(checked: bytes, path: file.path).text
            let before = try JSONSerialization.jsonObject(with: bytes) as? NSDictionary
            let after = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
            #expect(before != nil && before == after, "\(file.lastPathComponent)")
            let original = String(decoding: bytes, as: UTF8.self)
            #expect(Self.numbers(in: text) == Self.numbers(in: original), "\(file.lastPathComponent)")
            forms.formUnion(Self.numbers(in: original).map { $0.hasSuffix(".0") })
        }
        // Both forms occur (9.0 and 1964): the comparison tells them apart.
        #expect(forms == [true, false])
    }

    /// Every `"value": <number>` as written, sorted.
    static func numbers(in text: String) -> [String] {
        let regex = /"value": (-?[0-9][0-9.eE+-]*)/
        return text.matches(of: regex).map { String($0.output.1) }.sorted()
    }

    @Test func aNumberKeepsTheFormTheFileWroteItIn() throws {
        // 27.0 and 1909 in the file; a record that went through Double would write 27 or 1909.0.
        let text = Self.file(topSpeed: "27.0", buildYear: "1909")
        let document = try FleetFile.Document(checked: Data(text.utf8), path: "f")
        #expect(document.text == text)
        #expect(document.records[0].fullName == "DS Stadt Zürich")
    }

    @Test func settingAValueChangesItsLinesAndNoOther() throws {
        let before = Self.file(topSpeed: "27.0", buildYear: "1909")
        var document = try FleetFile.Document(checked: Data(before.utf8), path: "f")
        document.records[0].set(.topSpeedKmh, to: 28.5, source: "https://example.ch/refit", overridesPage: nil)
        let expected = before.replacingOccurrences(
            of: "\"value\": 27.0,\n        \"source\": \"https://de.wikipedia.org/wiki/x\"",
            with: "\"value\": 28.5,\n        \"source\": \"https://example.ch/refit\"")
        #expect(expected != before)
        #expect(document.text == expected)
    }

    @Test func anIntegerFieldTakesAWholeNumberAndTheCheckRefusesAFraction() throws {
        var document = try FleetFile.Document(
            checked: Data(Self.file(topSpeed: "27", buildYear: "1909").utf8), path: "f")
        document.records[0].set(.buildYear, to: 1910, source: "s", overridesPage: nil)
        #expect(document.text.contains("\"value\": 1910,"))
        document.records[0].set(.buildYear, to: 1910.5, source: "s", overridesPage: "refit")
        let problems = FleetFile.check(Data(document.text.utf8)).problems.map(\.description)
        #expect(problems == ["ships[0] (Stadt Zürich), buildYear: value must be a whole number in 1800…2100"])
    }

    @Test func theRidersRatingAndTheRetirementReadBackAndGo() throws {
        var document = try FleetFile.Document(checked: try Data(contentsOf: RepositoryPaths.fleet), path: "fleet")
        let index = try #require(document.index(of: "Dampfschiff Stadt Zuerich"))
        #expect(document.records[index].fullName == "DS Stadt Zürich")
        #expect(document.records[index].riderRating?.value == .two)
        #expect(document.records[index].retirement == nil)
        document.records[index].riderRating = nil
        document.records[index].retirement = CuratedFleet.Retirement(since: "2026-10-01", reason: "sold")
        let again = try FleetFile.Document(checked: Data(document.text.utf8), path: "again")
        #expect(again.records[index].riderRating == nil)
        #expect(again.records[index].retirement?.since == "2026-10-01")
        #expect(again.records[index].retirement?.reason == "sold")
        #expect(
            !document.text.contains(
                "\"riderRating\": {\n        \"value\": 2,\n        \"source\": \"https://github.com/pfederi/Next-Wave/blob/3ae11b4262192f9954d12987f6a87336ff1c4427/Next%20Wave/Utilities/WaveIcon.swift\",\n        \"reason\": \"the Next Wave app's riders' rating: its wave icon (WaveIcon.name, also the session score of WaveAnalyticsViewModel) lists the ship among the 2-wave ships\"\n      }\n    },\n    {\n      \"name\": \"Stadt Rapperswil\""
            ))
    }

    @Test func aFileTheCheckRefusesHasNoRecords() {
        #expect(throws: RatingsError.self) {
            try FleetFile.Document(checked: Data(#"{"ships": [{"name": "X"}]}"#.utf8), path: "bad.json")
        }
    }

    /// A one-ship file in the canonical form, with the two numbers written as given.
    static func file(topSpeed: String, buildYear: String) -> String {
        """
        {
          "description": "one ship",
          "ships": [
            {
              "name": "Stadt Zürich",
              "prefix": "DS",
              "buildYear": {
                "value": \(buildYear),
                "source": "https://example.ch/zsg"
              },
              "topSpeedKmh": {
                "value": \(topSpeed),
                "source": "https://de.wikipedia.org/wiki/x"
              }
            }
          ]
        }

        """
    }
}
