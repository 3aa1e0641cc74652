package import CivilTime
package import Foundation

/// Reads job inputs from fuzz bytes; past the end every read gives its smallest answer.
package struct FuzzReader {
    private let bytes: [UInt8]
    private var at = 0
    /// A plain input: every choice below takes its typical branch (so that a good share of the
    /// inputs reach the jobs' work, not only their refusals).
    package var plain = false

    package init(_ data: Data) { bytes = Array(data) }

    package mutating func byte() -> UInt8 {
        guard at < bytes.count else { return 0 }
        defer { at += 1 }
        return bytes[at]
    }

    package mutating func word() -> UInt64 { (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) } }

    /// A number: one of the edges (NaN, infinities, zeros, extremes, the operating ranges' ends),
    /// any bit pattern, or a plain value in 0…60.
    package mutating func double() -> Double {
        let edges: [Double] = [
            .nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, 1e-300, 1e300, -1, 0.5, 1, 2, 3, 10, 18, 30, 45, 60, 100, 1e6,
        ]
        switch byte() % 4 {
        case 0: return edges[Int(byte()) % edges.count]
        case 1: return Double(bitPattern: word())
        default: return Double(byte()) / 4
        }
    }

    /// Up to `maximum` numbers: half the time 1…`maximum` plain ones in `typical`, else any.
    package mutating func doubles(maximum: Int, typical: ClosedRange<Double>) -> [Double] {
        if plain || byte() % 2 == 0 {
            return (0...(Int(byte()) % maximum)).map { _ in
                typical.lowerBound + (typical.upperBound - typical.lowerBound) * Double(byte()) / 255
            }
        }
        return (0..<(Int(byte()) % (maximum + 1))).map { _ in double() }
    }

    /// Half the time a count in `typical`, else ``int()``.
    package mutating func count(_ typical: ClosedRange<Int>) -> Int {
        plain || byte() % 2 == 0 ? typical.lowerBound + Int(byte()) % typical.count : int()
    }

    /// A count: small, or one of Int's edges.
    package mutating func int() -> Int {
        let edges = [Int.min, Int.min + 1, -1, 0, 1, 2, 7, 100, 400, 10_000, 1 << 40, Int.max - 1, Int.max]
        return byte() % 3 == 0 ? edges[Int(byte()) % edges.count] : Int(byte()) - 8
    }

    /// A day near the bundled archive's, nil, any day of the calendar's years 1…9999, or a day
    /// count from Int's edges (a library caller can make one).
    package mutating func date() -> LocalDate? {
        switch plain ? 4 : byte() % 5 {
        case 0: return nil
        case 1: return LocalDate(daysSinceEpoch: int())
        case 2: return LocalDate(year: 1 + Int(word() % 9999), month: 1 + Int(byte() % 12), day: 1 + Int(byte() % 28))
        default: return LocalDate(year: 2026, month: 9, day: 20 + Int(byte() % 11))  // the archive: 22 Sep – 1 Oct
        }
    }

    /// A station or lake name: a real one, an empty one, or bytes.
    package mutating func name() -> String {
        let names = ["Wädenswil", "Zürichsee", "Zurich", "", " ", "Bürkliplatz (See)", "ZSG", "\u{0}", "Lac Léman"]
        return byte() % 2 == 0
            ? names[Int(byte()) % names.count]
            : String(decoding: (0..<Int(byte() % 12)).map { _ in byte() }, as: UTF8.self)
    }
}
