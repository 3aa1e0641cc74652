import ArgumentParser
import CivilTime
import SessionCore

extension LocalDate: ExpressibleByArgument {
    public init?(argument: String) { self.init(iso: argument) }
}

extension SunSource: ExpressibleByArgument {}

/// `start:stop:step` (inclusive of `stop` within rounding), a single value, or a comma list.
struct RangeArgument: ExpressibleByArgument, Sendable {
    let values: [Double]

    init?(argument: String) {
        if argument.contains(",") {
            let items = argument.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !items.isEmpty, items.allSatisfy({ $0?.isFinite == true }) else { return nil }
            values = items.map { $0! }
            return
        }
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        if parts.count == 1, let single = parts[0], single.isFinite {
            values = [single]
            return
        }
        guard parts.count == 3, let start = parts[0], let stop = parts[1], let step = parts[2],
            start.isFinite, stop.isFinite, step.isFinite, step > 0, stop >= start
        else { return nil }
        let count = Int(((stop - start) / step + 1e-9).rounded(.down)) + 1
        guard count <= 100_000 else { return nil }
        values = (0..<count).map { start + Double($0) * step }
    }

    static var defaultValueDescription: String { "start:stop:step" }
}
