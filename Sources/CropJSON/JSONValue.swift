/// A JSON value with the position (line and column, 1-based) where it starts,
/// as produced by the strict `JSONParser`. Object members keep their order.
package struct JSONNode: Sendable {
    package var value: JSONValue
    /// Position kept in 32 bits each: with the value this keeps a parsed number at 32 bytes.
    private var line32: Int32
    private var column32: Int32
    package var line: Int { Int(line32) }
    package var column: Int { Int(column32) }
    package init(_ value: JSONValue, line: Int = 0, column: Int = 0) {
        self.value = value
        self.line32 = Int32(clamping: line)
        self.column32 = Int32(clamping: column)
    }
}

/// One member of a JSON object.
package struct JSONMember: Sendable {
    package var key: String
    package var node: JSONNode
    package init(key: String, node: JSONNode) {
        self.key = key
        self.node = node
    }
}

package enum JSONValue: Sendable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    /// The value as parsed (may be infinite when the literal overflows) and whether
    /// the literal had neither fraction nor exponent.
    case number(Double, isIntegerLiteral: Bool)
    case bool(Bool)
    case null

    /// A short name for error messages: "an object", "a number", ...
    package var kindName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

extension JSONNode {
    /// The member with `key`, when this is an object that has it.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first(where: { $0.key == key })?.node
    }

    /// Serialises compactly (used for canonical forms and the `presets` listing).
    package func serialized(indent: Int? = nil, level: Int = 0) -> String {
        let pad = indent.map { String(repeating: " ", count: $0 * (level + 1)) } ?? ""
        let closePad = indent.map { String(repeating: " ", count: $0 * level) } ?? ""
        let newline = indent == nil ? "" : "\n"
        let sep = indent == nil ? ":" : ": "
        switch value {
        case .object(let members):
            if members.isEmpty { return "{}" }
            let parts = members.map {
                pad + JSONNode.quote($0.key) + sep + $0.node.serialized(indent: indent, level: level + 1)
            }
            return "{" + newline + parts.joined(separator: "," + newline) + newline + closePad + "}"
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .number = $0.value { return true } else { return false } }) {
                return "[" + items.map { $0.serialized() }.joined(separator: ", ") + "]"
            }
            let parts = items.map { pad + $0.serialized(indent: indent, level: level + 1) }
            return "[" + newline + parts.joined(separator: "," + newline) + newline + closePad + "]"
        case .string(let s): return JSONNode.quote(s)
        case .number(let d, _): return JSONNumber.format(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// A JSON string literal for `s`.
    package static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// Number formatting for JSON output: shortest text that round-trips.
package enum JSONNumber {
    /// The shortest text that round-trips; `null` for a value that is not finite (which the
    /// engine never produces: it reports a script error first), so output is always JSON.
    package static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == 0 { return "0" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }
}

/// Building JSON values in code (metrics, reports, generated scenarios).
extension JSONNode {
    package static func string(_ s: String) -> JSONNode { JSONNode(.string(s)) }
    package static func number(_ d: Double) -> JSONNode {
        JSONNode(.number(d, isIntegerLiteral: d == d.rounded(.towardZero)))
    }
    package static func number(_ i: Int) -> JSONNode { JSONNode(.number(Double(i), isIntegerLiteral: true)) }
    package static func bool(_ b: Bool) -> JSONNode { JSONNode(.bool(b)) }
    package static var null: JSONNode { JSONNode(.null) }
    package static func array(_ items: [JSONNode]) -> JSONNode { JSONNode(.array(items)) }
    package static func object(_ pairs: KeyValuePairs<String, JSONNode>) -> JSONNode {
        JSONNode(.object(pairs.map { JSONMember(key: $0.key, node: $0.value) }))
    }
    package static func object(_ pairs: [(String, JSONNode)]) -> JSONNode {
        JSONNode(.object(pairs.map { JSONMember(key: $0.0, node: $0.1) }))
    }
    /// An optional number: `null` when nil.
    package static func number(_ d: Double?) -> JSONNode { d.map { .number($0) } ?? .null }
}
