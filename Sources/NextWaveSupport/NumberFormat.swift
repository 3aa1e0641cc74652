import Foundation

/// `value` with `decimals` digits after the point, C locale, as printf's `%.Nf` and Python's `%`
/// operator write it (the legacy CSV's cell format).
@inline(__always) package func fixed(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}

/// An integer padded with leading zeros to `width` digits (`07`).
package func zeroPadded(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}

/// A number as a person writes it in a message: `600000`, `0.5`, `1e+308` (no `.0` on whole
/// numbers).
package func plain(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}
