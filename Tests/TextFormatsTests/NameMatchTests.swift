import Foundation
import Testing
import TextFormats

/// The close matches "no such ship or station" messages offer.
@Suite struct NameMatchTests {
    static let ships = [
        "MS Panta Rhei", "DS Stadt Rapperswil", "MS Helvetia", "MS Albis", "EMS Pontus", "DS Stadt Zürich",
    ]

    @Test func typosAndPartsFindTheShip() {
        // Only the near-best: EMS Pontus is two edits from "panta", beside a name containing it.
        #expect(NameMatch.closest(to: "panta", in: Self.ships) == ["MS Panta Rhei"])
        #expect(NameMatch.closest(to: "Pantarei", in: Self.ships).first == "MS Panta Rhei")
        #expect(NameMatch.closest(to: "Helvetai", in: Self.ships) == ["MS Helvetia"])
    }

    /// A short query matched every name with a short word: "zz" is two edits from "DS" and "MS",
    /// so `ratings show --ship zz` offered "DS Stadt Rapperswil", "DS Stadt Zürich" and "MS
    /// Albis"; "wädi" is two from "di", so `stations --search wädi` offered "Cantine di Gandria".
    @Test func aShortQueryIsNeverHalfAsFarAsItIsLong() {
        #expect(NameMatch.closest(to: "zz", in: Self.ships).isEmpty)
        #expect(NameMatch.closest(to: "q", in: Self.ships).isEmpty)
        let stations = ["Wädenswil (See)", "Cantine di Gandria (lago)", "Walchwil (See)"]
        #expect(NameMatch.closest(to: "wädi", in: stations) == ["Wädenswil (See)"])
        // One edit in four letters still counts, and a name containing the query always does.
        #expect(NameMatch.closest(to: "abis", in: ["MS Albis"]) == ["MS Albis"])
        #expect(NameMatch.closest(to: "zz", in: ["S. Nazzaro (lago)"]) == ["S. Nazzaro (lago)"])
    }

    /// Over random queries of one to three letters: every match contains the query or has a
    /// word fewer than half as many edits from it as the query has letters.
    @Test func noMatchIsAsFarAsTheQueryIsLong() {
        let names = ["MS Panta Rhei", "DS Stadt Rapperswil", "MS Helvetia", "MS Albis", "EMS Pontus", "MS Linth"]
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for _ in 0..<3_000 {
            let query = String(
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                    letters.randomElement(using: &generator)!
                })
            for match in NameMatch.closest(to: query, in: names) {
                let name = match.lowercased()
                let nearest = name.split(separator: " ").map { Self.levenshtein(query, String($0)) }.min()!
                #expect(
                    name.replacingOccurrences(of: " ", with: "").contains(query) || 2 * nearest < query.count,
                    "\(query) → \(match)")
            }
        }
    }

    /// The textbook recurrence, written out independently of the code under test.
    static func levenshtein(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
        }
        return d[a.count][b.count]
    }
}
