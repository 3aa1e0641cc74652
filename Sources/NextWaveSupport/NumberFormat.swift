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
