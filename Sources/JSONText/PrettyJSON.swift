import Foundation

/// JSON text for files people edit and review: two-space indentation, `"key": value`, keys in a
/// given order, non-ASCII as is, numbers as they were read (`260.0` stays a decimal, `1909` an
/// integer), newline-terminated. It writes what Python's `json.dumps(indent=2,
/// ensure_ascii=False)` writes for the same keys in the same order, so files built by the
/// repository's scripts and files edited by the tool stay byte-compatible.
package enum PrettyJSON {
    /// `value` is what `JSONSerialization` reads (dictionaries, arrays, strings, NSNumber, NSNull).
    /// - Parameter order: the keys of an object at `path` (a list of the keys above it) in the
    ///   order to write them; keys it leaves out follow, sorted.
    package static func text(_ value: Any, order: ([String], [String]) -> [String] = { _, keys in keys.sorted() })
        -> String
    {
        var out = ""
        write(value, path: [], indent: "", order: order, into: &out)
        return out + "\n"
    }

    private static func write(
        _ value: Any, path: [String], indent: String, order: ([String], [String]) -> [String], into out: inout String
    ) {
        let inner = indent + "  "
        switch value {
        case let object as [String: Any]:
            guard !object.isEmpty else {
                out += "{}"
                return
            }
            let chosen = order(path, Array(object.keys))
            let keys = chosen.filter { object[$0] != nil } + object.keys.filter { !chosen.contains($0) }.sorted()
            out += "{\n"
            for (index, key) in keys.enumerated() {
                out += inner + quoted(key) + ": "
                write(object[key]!, path: path + [key], indent: inner, order: order, into: &out)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        case let array as [Any]:
            guard !array.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (index, element) in array.enumerated() {
                out += inner
                write(element, path: path, indent: inner, order: order, into: &out)
                out += index == array.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case let text as String:
            out += quoted(text)
        case is NSNull:
            out += "null"
        case let number as NSNumber:
            out += numberText(number)
        default:
            out += "null"
        }
    }

    static func numberText(_ number: NSNumber) -> String {
        let type = String(cString: number.objCType)
        if type == "c" || type == "B" { return number.boolValue ? "true" : "false" }
        if type == "d" || type == "f" {
            let value = number.doubleValue
            return value.isFinite ? "\(value)" : "null"
        }
        return "\(number.int64Value)"
    }

    /// A JSON string literal (the one escaping rule of the toolkit's JSON writers).
    package static func quoted(_ text: String) -> String {
        // Most text needs no escape: one scan of the bytes, then one copy.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
