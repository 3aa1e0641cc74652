import Foundation

/// `value` with `decimals` digits after the point, C locale, as printf's `%.Nf` and Python's `%`
/// operator write it (the legacy CSV's cell format): the exact binary value rounded to nearest,
/// ties to even, and a minus sign whenever the sign bit is set (`-0.00`).
///
/// Formatting through `String(format:)` took a fifth of a year's session run; this computes the
/// same text directly when |value| · 10^decimals < 4·10^15 and `decimals` ≤ 9, and falls back to
/// `String(format:)` otherwise (tests compare both over random and tie values).
package func fixed(_ value: Double, _ decimals: Int) -> String {
    fastFixed(value, decimals) ?? String(format: "%.\(decimals)f", value)
}

private let decimalScales: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
private let integerScales: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
]

/// `%.Nf` of `value` as its parts: the sign, and `|value|` rounded to `decimals` places as one
/// integer of scaled units (`1.235` at 3 decimals is 1235 with unit 1000); nil outside the range
/// where it is computed exactly (|value| · 10^decimals ≥ 4·10^15, `decimals` outside 0…9, not
/// finite). ``fixed(_:_:)`` and the report writers' byte version share it.
package func fixedUnits(_ value: Double, _ decimals: Int) -> (negative: Bool, units: UInt64, unit: UInt64)? {
    guard value.isFinite, (0...9).contains(decimals) else { return nil }
    let magnitude = value.magnitude
    let scale = decimalScales[decimals]
    let product = magnitude * scale
    guard product < 4e15 else { return nil }
    // product + error is magnitude · scale exactly (the error of a product is representable, and
    // the fused multiply-add computes it without rounding).
    let error = (-product).addingProduct(magnitude, scale)
    let whole = product.rounded(.down)
    let fraction = product - whole  // exact: product < 2^52
    var n = UInt64(whole)
    // fraction and 0.5 are multiples of ulp(product) and |error| ≤ ulp(product)/2, so only an
    // exact half needs the error to decide; a true tie goes to the even neighbour.
    if fraction > 0.5 || (fraction == 0.5 && (error > 0 || (error == 0 && n & 1 == 1))) { n += 1 }
    return (value.sign == .minus, n, integerScales[decimals])
}

/// The `%.Nf` text, or nil outside the range where it is computed exactly.
package func fastFixed(_ value: Double, _ decimals: Int) -> String? {
    guard let (negative, n, unit) = fixedUnits(value, decimals) else { return nil }
    var text = negative ? "-" : ""
    text += String(n / unit)
    if decimals > 0 {
        let digits = String(n % unit)
        text += "."
        if digits.count < decimals { text += String(repeating: "0", count: decimals - digits.count) }
        text += digits
    }
    return text
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

/// A count with its noun in English, singular for exactly one: `counted(1, "lake")` is "1 lake",
/// `counted(3, "lake")` "3 lakes", `counted(0, "lake")` "0 lakes"; `plural` for a noun whose
/// plural is not noun + "s".
package func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}

/// Items in an English sentence: `listed(["a"])` is "a", `listed(["a", "b"])` "a and b",
/// `listed(["a", "b", "c"])` "a, b and c"; empty for none.
package func listed(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
}
