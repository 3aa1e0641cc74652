import Foundation

/// Byte counts for messages: `64 MiB`, `1.5 GiB`, `512 bytes`.
package enum ByteCount {
    package static func text(_ bytes: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard bytes >= 1024 else { return "\(bytes) bytes" }
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return value == value.rounded() ? "\(Int(value)) \(units[unit])" : "\(fixed(value, 1)) \(units[unit])"
    }
}
