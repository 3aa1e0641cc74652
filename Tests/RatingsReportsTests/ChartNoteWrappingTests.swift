@_spi(Benchmarks) import RatingsReports
import Testing
import _TestSupport

/// The chart's note of ships it does not draw is wrapped into lines that fit its width.
@Suite struct ChartNoteWrappingTests {
    /// Over random lists of names: the lines, joined again, are the note exactly ("Lead: A, B,
    /// C"); a line is over the width only when it is a single name; no line could take the next
    /// name without passing the width.
    @Test func wrappingKeepsEveryNameWholeAndFitsTheWidth() {
        var rng = SplitMix64(seed: 7)
        let letters = Array("abcdefghijklmnopqrstuvwxyzäöü ")
        for _ in 0..<3_000 {
            let count = Int(rng.next() % 12)
            let names = (0..<count).map { _ in
                "MS " + String((0..<(1 + Int(rng.next() % 14))).map { _ in letters[Int(rng.next() % 30)] })
            }
            let columns = 10 + Int(rng.next() % 120)
            let lines = RatingsChartSVG.wrapped(["Not drawn:"] + names, columns: columns)
            #expect(
                lines.joined(separator: " ")
                    == (["Not drawn:"] + [names.joined(separator: ", ")]).filter {
                        !$0.isEmpty
                    }.joined(separator: " "))
            for (index, line) in lines.enumerated() {
                // Over the width only as a single name on a line of its own.
                #expect(line.count <= columns || (index > 0 && !line.dropLast().contains(",")), "\(line)")
                if index + 1 < lines.count {
                    let next = lines[index + 1].split(separator: ",", maxSplits: 1)[0]
                    let nextPiece = lines[index + 1].contains(",") ? next + "," : next
                    #expect(line.count + 1 + nextPiece.count > columns, "\(line) | \(lines[index + 1])")
                }
            }
        }
        #expect(RatingsChartSVG.wrapped([], columns: 80).isEmpty)
    }
}
