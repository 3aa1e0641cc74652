/// Seconds as people write them in a message: `1` for a whole number, `0.5` otherwise.
package func plainSeconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
}
