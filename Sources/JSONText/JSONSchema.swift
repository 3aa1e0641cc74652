package import Foundation

/// A validator for the subset of JSON Schema (2020-12) the toolkit's schemas use: `type` (one or
/// a list), `enum`, `const`, `required`, `properties`, `additionalProperties` (`false` or a schema
/// for the other properties' values), `propertyNames`, `items`,
/// `minItems`, `maxItems`, `minimum`, `maximum`, `exclusiveMinimum`, `pattern`, `minLength`, and
/// local references (`$ref` to `#/$defs/<name>`, applied together with the keywords beside it).
/// A keyword outside this subset is itself a failure, so a schema cannot outgrow its check.
/// `nextwave ratings publish` checks a table against `schemas/ship-ratings.schema.json` with it,
/// and the tests check every file the tool writes.
package struct JSONSchema {
    let schema: [String: Any]
    static let known: Set<String> = [
        "$schema", "$id", "title", "description", "type", "enum", "const", "required", "properties",
        "additionalProperties", "items", "minItems", "maxItems", "minimum", "maximum", "exclusiveMinimum", "pattern",
        "minLength", "examples", "$defs", "$ref", "propertyNames",
    ]

    /// A schema from its parsed JSON object (``init(contentsOf:)`` in SafeFiles reads a file).
    package init(object: [String: Any]) { schema = object }

    /// Every violation of `document` (parsed JSON), each as "path: why", sorted; empty when valid.
    package func violations(of document: Any) -> [String] {
        var out: [String] = []
        check(document, against: schema, path: "$", into: &out)
        return out.sorted()
    }

    /// Parses `data` and validates it.
    package func violations(ofJSON data: Data) -> [String] {
        guard let document = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return ["$: not JSON"]
        }
        return violations(of: document)
    }

    private func check(_ value: Any, against s: [String: Any], path: String, into out: inout [String]) {
        for key in s.keys where !Self.known.contains(key) { out.append("\(path): schema keyword \(key) not supported") }
        if let reference = s["$ref"] as? String {
            let name = reference.hasPrefix("#/$defs/") ? String(reference.dropFirst(8)) : ""
            guard let target = (schema["$defs"] as? [String: Any])?[name] as? [String: Any] else {
                out.append("\(path): $ref \(reference) not found")
                return
            }
            check(value, against: target, path: path, into: &out)
        }
        if let types = s["type"] {
            let allowed = (types as? [String]) ?? [types as? String ?? "?"]
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                out.append("\(path): \(Self.describe(value)) is not \(allowed.joined(separator: " or "))")
                return
            }
        }
        if let options = s["enum"] as? [Any], !options.contains(where: { Self.equal($0, value) }) {
            out.append("\(path): \(Self.describe(value)) is not one of \(options)")
        }
        if let constant = s["const"], !Self.equal(constant, value) {
            out.append("\(path): \(Self.describe(value)) is not \(constant)")
        }
        if let object = value as? [String: Any], !(value is NSNull) {
            for key in (s["required"] as? [String]) ?? [] where object[key] == nil {
                out.append("\(path): missing required \(key)")
            }
            let properties = (s["properties"] as? [String: Any]) ?? [:]
            for (key, child) in object {
                if let names = s["propertyNames"] as? [String: Any] {
                    check(key, against: names, path: "\(path) property name \(key)", into: &out)
                }
                if let childSchema = properties[key] as? [String: Any] {
                    check(child, against: childSchema, path: "\(path).\(key)", into: &out)
                } else if let others = s["additionalProperties"] as? [String: Any] {
                    check(child, against: others, path: "\(path).\(key)", into: &out)
                } else if (s["additionalProperties"] as? Bool) == false {
                    out.append("\(path): property \(key) is not allowed")
                }
            }
        }
        if let array = value as? [Any] {
            if let min = s["minItems"] as? Int, array.count < min { out.append("\(path): fewer than \(min) items") }
            if let max = s["maxItems"] as? Int, array.count > max { out.append("\(path): more than \(max) items") }
            if let items = s["items"] as? [String: Any] {
                for (i, item) in array.enumerated() { check(item, against: items, path: "\(path)[\(i)]", into: &out) }
            }
        }
        if let number = Self.number(value) {
            if let min = s["minimum"] as? Double, number < min { out.append("\(path): \(number) < \(min)") }
            if let max = s["maximum"] as? Double, number > max { out.append("\(path): \(number) > \(max)") }
            if let min = s["exclusiveMinimum"] as? Double, number <= min { out.append("\(path): \(number) ≤ \(min)") }
        }
        if let text = value as? String {
            if let min = s["minLength"] as? Int, text.count < min { out.append("\(path): shorter than \(min)") }
            if let pattern = s["pattern"] as? String, text.range(of: pattern, options: .regularExpression) == nil {
                out.append("\(path): \"\(text)\" does not match \(pattern)")
            }
        }
    }

    static func number(_ value: Any) -> Double? {
        guard let n = value as? NSNumber, !isBoolean(value) else { return nil }
        return n.doubleValue
    }

    static func matches(_ value: Any, type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "boolean": return isBoolean(value)
        case "integer": return number(value).map { $0 == $0.rounded() } ?? false
        case "number": return number(value) != nil
        case "string": return value is String
        case "array": return value is [Any]
        case "object": return value is [String: Any]
        default: return false
        }
    }

    static func equal(_ a: Any, _ b: Any) -> Bool {
        if a is NSNull || b is NSNull { return a is NSNull && b is NSNull }
        if let x = a as? String, let y = b as? String { return x == y }
        if let x = number(a), let y = number(b) { return x == y }
        return false
    }

    static func describe(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if let text = value as? String { return "\"\(text)\"" }
        return "\(value)"
    }
}

/// Whether a parsed JSON value is a boolean: JSONSerialization gives booleans as a boolean
/// NSNumber subclass (`1 is Bool` is true for plain numbers too, by bridging).
func isBoolean(_ value: Any) -> Bool {
    String(describing: type(of: value)).contains("Boolean") || type(of: value) == Bool.self
}
