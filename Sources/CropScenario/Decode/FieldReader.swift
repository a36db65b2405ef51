import CropGeometry
import CropJSON

/// A JSON node with its JSON path, read with typed accessors that throw
/// `ScenarioError`s naming the path and what was expected.
package struct Field: Sendable {
    package init(node: JSONNode, path: String, file: String) {
        self.node = node
        self.path = path
        self.file = file
    }

    package let node: JSONNode
    package let path: String
    package let file: String

    /// The root of a JSON file's bytes; a syntax error names the file and its `line:col`.
    package static func root(_ bytes: [UInt8], file: String) throws(ScenarioError) -> Field {
        do { return Field(node: try JSONParser.parse(bytes: bytes), path: "", file: file) } catch {
            throw ScenarioError(file: file, place: "\(error.line):\(error.column)", message: error.message)
        }
    }

    package func error(_ message: String) -> ScenarioError { ScenarioError(file: file, place: path, message: message) }

    package func child(_ key: String, _ node: JSONNode) -> Field {
        Field(node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    package func item(_ index: Int, _ node: JSONNode) -> Field {
        Field(node: node, path: "\(path)[\(index)]", file: file)
    }

    package var isNull: Bool { if case .null = node.value { return true } else { return false } }

    /// The members of an object, refusing keys outside `allowed` (with a hint).
    package func object(allowed: [String]) throws(ScenarioError) -> [String: Field] {
        guard case .object(let members) = node.value else {
            throw error("expected an object, got \(node.value.kindName)")
        }
        var out: [String: Field] = [:]
        for member in members {
            guard allowed.contains(member.key) else {
                let hint = Suggest.closest(member.key, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
                let place = path.isEmpty ? Echo.cap(member.key) : "\(path).\(Echo.cap(member.key))"
                throw ScenarioError(
                    file: file, place: place,
                    message:
                        "unknown key \"\(Echo.cap(member.key))\"\(hint); expected one of:"
                        + " \(allowed.joined(separator: ", "))"
                )
            }
            out[member.key] = child(member.key, member.node)
        }
        return out
    }

    /// Refuses anything but an object (whatever its keys).
    package func requireObject() throws(ScenarioError) {
        guard case .object = node.value else { throw error("expected an object, got \(node.value.kindName)") }
    }

    package func array() throws(ScenarioError) -> [Field] {
        guard case .array(let items) = node.value else { throw error("expected an array, got \(node.value.kindName)") }
        return items.enumerated().map { item($0.offset, $0.element) }
    }

    package func number() throws(ScenarioError) -> Double {
        guard case .number(let d, _) = node.value else { throw error("expected a number, got \(node.value.kindName)") }
        guard d.isFinite else {
            throw error("expected a finite number (finite numbers only), got a number that overflows")
        }
        return d
    }

    /// A finite number within `range` (the message says the range: `expected a number from 0 to 1, got 2`).
    package func number(in range: ValueRange, what: String) throws(ScenarioError) -> Double {
        let d = try number()
        if let problem = range.problem(d, what: what, at: path) { throw problem.error(file: file) }
        return d
    }

    /// A whole number as an `Int`, its range left to the validator (so a file and Swift get the
    /// same first problem); a fraction, or a number beyond +-2^53, is refused here, naming `range`.
    package func wholeNumber(in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        let d = try number()
        guard d == d.rounded(), abs(d) <= 0x1p53 else {
            throw ScenarioError(
                file: file, place: path, message: "expected \(range.text), got \(JSONNumber.format(d))",
                expected: range.text, given: JSONNumber.format(d))
        }
        return Int(d)
    }

    /// A whole number from `min` to `max`.
    package func integer(min: Int, max: Int) throws(ScenarioError) -> Int {
        let i = try wholeNumber(in: min...max)
        if let problem = (min...max).problem(i, at: path) { throw problem.error(file: file) }
        return i
    }

    package func string() throws(ScenarioError) -> String {
        guard case .string(let s) = node.value else { throw error("expected a string, got \(node.value.kindName)") }
        return s
    }

    package func bool() throws(ScenarioError) -> Bool {
        guard case .bool(let b) = node.value else { throw error("expected true or false, got \(node.value.kindName)") }
        return b
    }

    package func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type) throws(ScenarioError) -> E
    where E.RawValue == String {
        let options = E.allCases.map { $0.rawValue }
        guard case .string(let s) = node.value else {
            throw error(
                "expected one of \(options.map { "\"\($0)\"" }.joined(separator: ", ")), got \(node.value.kindName)")
        }
        guard let value = E(rawValue: s) else {
            let hint = Suggest.closest(s, in: options).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw error(
                "expected one of \(options.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(Echo.cap(s))\"\(hint)")
        }
        return value
    }

    /// An array of exactly two finite numbers (their ranges are the validator's).
    package func numberPair() throws(ScenarioError) -> (Double, Double) {
        let items = try array()
        guard items.count == 2 else { throw error("expected an array of 2 numbers, got \(items.count) items") }
        return (try items[0].number(), try items[1].number())
    }

    /// `[x, y]`: two finite numbers (their ranges are the validator's).
    package func numberPoint() throws(ScenarioError) -> Point {
        let (x, y) = try numberPair()
        return Point(x, y)
    }

    /// `[x, y]`, each within +-`Limits.maxCoordinate`.
    package func point() throws(ScenarioError) -> Point {
        let p = try numberPoint()
        if let problem = p.problem(at: path) { throw problem.error(file: file) }
        return p
    }

    package func color() throws(ScenarioError) -> RGBA {
        let s = try string()
        guard let c = RGBA(hex: s) else {
            throw error("expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", got \"\(Echo.cap(s))\"")
        }
        return c
    }

    /// A name usable as an output file name: `[A-Za-z0-9._-]{1,100}`, not `.` or `..`.
    package func outputName() throws(ScenarioError) -> String {
        let s = try string()
        if let problem = OutputName.problem(s, at: path) { throw problem.error(file: file) }
        return s
    }
}

/// The rule for names that become file names.
package enum OutputName {
    package static func isValid(_ s: String) -> Bool {
        guard !s.isEmpty, s.utf8.count <= 100, s != ".", s != ".." else { return false }
        return s.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
        }
    }
}
