/// A JSON value with the position (line and column, 1-based) where it starts,
/// as produced by the strict `JSONParser`. Object members keep their order.
public struct JSONNode: Sendable {
    public var value: JSONValue
    public var line: Int
    public var column: Int
    public init(_ value: JSONValue, line: Int = 0, column: Int = 0) {
        self.value = value
        self.line = line
        self.column = column
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable {
    public var key: String
    public var node: JSONNode
    public init(key: String, node: JSONNode) { self.key = key; self.node = node }
}

public indirect enum JSONValue: Sendable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    /// The value as parsed (may be infinite when the literal overflows) and whether
    /// the literal had neither fraction nor exponent.
    case number(Double, isIntegerLiteral: Bool)
    case bool(Bool)
    case null

    /// A short name for error messages: "an object", "a number", ...
    public var kindName: String {
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
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first(where: { $0.key == key })?.node
    }

    /// Serialises compactly (used for canonical forms and the `presets` listing).
    public func serialized(indent: Int? = nil, level: Int = 0) -> String {
        let pad = indent.map { String(repeating: " ", count: $0 * (level + 1)) } ?? ""
        let closePad = indent.map { String(repeating: " ", count: $0 * level) } ?? ""
        let newline = indent == nil ? "" : "\n"
        let sep = indent == nil ? ":" : ": "
        switch value {
        case .object(let members):
            if members.isEmpty { return "{}" }
            let parts = members.map { pad + JSONNode.quote($0.key) + sep + $0.node.serialized(indent: indent, level: level + 1) }
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
    public static func quote(_ s: String) -> String {
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
public enum JSONNumber {
    public static func format(_ d: Double) -> String {
        if d == 0 { return "0" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }
}
