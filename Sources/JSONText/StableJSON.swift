package import Foundation

/// The JSON the toolkit writes for files people diff: pretty-printed, keys sorted, slashes
/// unescaped, newline-terminated, so that the same content always gives the same bytes.
package enum StableJSON {
    package static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}
