import ArgumentParser
import RatingsPipeline

/// `--speed`: km/h, or `service` (each ship's operating speed from evidence, for the wake model).
enum SpeedArgument: ExpressibleByArgument, Sendable, Equatable {
    case kmh(Double)
    case service

    init?(argument: String) {
        if ["service", "operating"].contains(argument.lowercased()) {
            self = .service
        } else if let value = Double(argument), value.isFinite {
            self = .kmh(value)
        } else {
            return nil
        }
    }

    var defaultValueDescription: String {
        switch self {
        case .kmh(let value): value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : "\(value)"
        case .service: "service"
        }
    }
}

/// `--speeds` of `wake`: a range of km/h, or `service` (each ship at its operating speed).
enum SpeedsArgument: ExpressibleByArgument, Sendable {
    case range(RangeArgument)
    case service

    init(argument: String) {
        self =
            ["service", "operating"].contains(argument.lowercased())
            ? .service : .range(RangeArgument(argument: argument))
    }

    /// The range, for ``checkRanges(_:)`` (nil for `service`).
    var range: RangeArgument? {
        if case .range(let range) = self { range } else { nil }
    }

    var defaultValueDescription: String {
        switch self {
        case .range(let range): range.text
        case .service: "service"
        }
    }

    /// The speeds of a range (none for `service`).
    var values: [Double] {
        switch self {
        case .range(let range): range.values
        case .service: []
        }
    }
}
