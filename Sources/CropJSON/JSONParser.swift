/// A JSON syntax error at a 1-based line and column.
package struct JSONSyntaxError: Error, Sendable {
    package var line: Int
    package var column: Int
    package var message: String
}

/// A strict JSON parser (RFC 8259) that records the position of every value.
/// Unlike Foundation's parser on Linux it rejects trailing commas, `NaN`,
/// `Infinity`, comments, leading zeros and duplicate keys, and it reports
/// `line:col` for every syntax error.
package struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    package static let maxDepth = 200

    /// A key quoted in a message, cut to 80 characters.
    static func cap(_ s: String) -> String { s.count <= 80 ? s : String(s.prefix(80)) + "..." }

    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.parseDocument()
    }

    package static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var column: Int { columnAt(index) }

    private func columnAt(_ position: Int) -> Int {
        // Count characters, not bytes: skip UTF-8 continuation bytes.
        var col = 1
        var i = lineStart
        while i < position && i < bytes.count {
            if bytes[i] & 0xC0 != 0x80 { col += 1 }
            i += 1
        }
        return col
    }

    private func fail(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        if index >= bytes.count { throw fail("expected a JSON value, found end of file") }
        let node = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw fail("expected end of file after the JSON value, found \(describeCurrent())") }
        return node
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16)
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let startLine = line
        let startColumn = index - lineStart + 1  // byte column; exact columns only matter in errors
        guard index < bytes.count else { throw fail("expected a JSON value, found end of file") }
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"): value = try parseObject()
        case UInt8(ascii: "["): value = try parseArray()
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            value = .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            value = .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            value = .null
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw fail("expected a JSON value, found \(describeCurrent()) (NaN and Infinity are not JSON numbers)")
        default:
            throw fail("expected a JSON value, found \(describeCurrent())")
        }
        return JSONNode(value, line: startLine, column: startColumn)
    }

    private mutating func expectLiteral(_ word: String) throws(JSONSyntaxError) {
        for b in word.utf8 {
            guard index < bytes.count, bytes[index] == b else {
                throw fail("expected '\(word)', found \(describeCurrent())")
            }
            index += 1
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw fail("nesting deeper than \(JSONParser.maxDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        var seen = Set<String>()
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a string key, found \(describeCurrent())")
            }
            let keyLine = line
            let keyStart = index
            let key = try parseString()
            if seen.contains(key) {
                throw JSONSyntaxError(
                    line: keyLine, column: columnAt(keyStart), message: "duplicate key \"\(JSONParser.cap(key))\"")
            }
            seen.insert(key)
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':' after key \"\(JSONParser.cap(key))\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let node = try parseValue()
            members.append(JSONMember(key: key, node: node))
            skipWhitespace()
            guard index < bytes.count else { throw fail("expected ',' or '}', found end of file") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                    throw fail("expected a string key after ',', found '}' (trailing commas are not allowed)")
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw fail("expected ',' or '}', found \(describeCurrent())")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("expected ',' or ']', found end of file") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                    throw fail("expected a value after ',', found ']' (trailing commas are not allowed)")
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            throw fail("expected ',' or ']', found \(describeCurrent())")
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw fail("expected a digit, found \(describeCurrent())")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("numbers may not have leading zeros") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("expected a digit after '.', found \(describeCurrent())")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("expected a digit in the exponent, found \(describeCurrent())")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let value = Double(text) ?? (text.hasPrefix("-") ? -Double.infinity : Double.infinity)
        return .number(value, isIntegerLiteral: isInteger)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                break
            }
            if b < 0x20 {
                throw fail(b == 0x0A ? "unterminated string (newline in string)" : "control character in string")
            }
            if b == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { throw fail("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if code >= 0xD800 && code < 0xDC00 {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw fail("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw fail("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if code >= 0xDC00 && code < 0xE000 {
                        throw fail("unpaired surrogate in \\u escape")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 1
                    throw fail("invalid escape \\\(describeCurrent())")
                }
                continue
            }
            out.append(b)
            index += 1
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw fail("string is not valid UTF-8") }
        return s
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail("expected 4 hex digits after \\u") }
            let b = bytes[index]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fail("expected 4 hex digits after \\u")
            }
            v = v * 16 + d
            index += 1
        }
        return v
    }
}
