import CropJSON

/// The parameters a scenario gives a registered policy or curve: the JSON object under its
/// `"params"` key (`{"kind": "stepZoom", "params": {"stops": [1, 2, 3]}}`), read by the
/// factory that makes it. Every accessor checks what it reads and throws a `ScenarioError`
/// naming the file, the JSON path (`editor.policy.params.stops`) and what was expected, the
/// same one-line message as every other scenario error.
///
/// ```swift
/// let stops = try params.numbers("stops", default: [1, 2, 3], in: 0.001...1000)
/// let stiff = try params.number("stiffness", default: 200, in: 1...10_000)
/// try params.only(["stops", "stiffness"])   // anything else is an unknown key, with a hint
/// ```
public struct Parameters: Equatable, Sendable {
    let field: Field

    package init(field: Field) { self.field = field }

    /// Parameters parsed from JSON text (an object), for scenarios built in Swift.
    /// `place` names them in errors (default `editor.policy.params`).
    public init(json: String, file: String = "swift", place: String = "editor.policy.params") throws {
        let node: JSONNode
        do {
            node = try JSONParser.parse(json)
        } catch {
            throw ScenarioError(file: file, place: place, message: "expected a JSON object: \(error)")
        }
        guard case .object = node.value else {
            throw ScenarioError(file: file, place: place, message: "expected an object, got \(node.value.kindName)")
        }
        field = Field(node: node, path: place, file: file)
    }

    /// No parameters (`{}`).
    public static func empty(place: String = "editor.policy.params") -> Parameters {
        Parameters(field: Field(node: JSONNode(.object([])), path: place, file: "swift"))
    }

    /// The scenario file that gave them.
    public var file: String { field.file }
    /// The JSON path of these parameters, as errors name it.
    public var place: String { field.path }
    /// The keys given, in order.
    public var keys: [String] {
        guard case .object(let members) = field.node.value else { return [] }
        return members.map(\.key)
    }
    /// The canonical JSON text (compact, keys in the order given).
    public var json: String { field.node.serialized() }

    /// An error at `key` (or at the parameters as a whole) in the scenario's error style.
    public func error(_ message: String, at key: String? = nil) -> ScenarioError {
        ScenarioError(file: field.file, place: key.map { "\(field.path).\($0)" } ?? field.path, message: message)
    }

    func member(_ key: String) -> Field? { field.node[key].map { field.child(key, $0) } }

    /// Refuses keys other than `allowed` (with a "did you mean" hint).
    public func only(_ allowed: [String]) throws(ScenarioError) {
        _ = try field.object(allowed: allowed)
    }

    /// A finite number within `range`, or `default` when absent.
    public func number(_ key: String, default value: Double, in range: ClosedRange<Double>) throws(ScenarioError)
        -> Double
    {
        guard let f = member(key) else { return value }
        return try f.number(in: ValueRange(range.lowerBound, range.upperBound), what: "a number")
    }

    /// An array of finite numbers within `range`, or `default` when absent.
    public func numbers(_ key: String, default value: [Double], in range: ClosedRange<Double>) throws(ScenarioError)
        -> [Double]
    {
        guard let f = member(key) else { return value }
        var out: [Double] = []
        for item in try f.array() {
            out.append(try item.number(in: ValueRange(range.lowerBound, range.upperBound), what: "a number"))
        }
        return out
    }

    /// An integer within `range`, or `default` when absent.
    public func integer(_ key: String, default value: Int, in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        guard let f = member(key) else { return value }
        return try f.integer(min: range.lowerBound, max: range.upperBound)
    }

    /// true or false, or `default` when absent.
    public func bool(_ key: String, default value: Bool) throws(ScenarioError) -> Bool {
        guard let f = member(key) else { return value }
        return try f.bool()
    }

    /// One of `options`, or `default` when absent.
    public func string(_ key: String, default value: String, oneOf options: [String]) throws(ScenarioError) -> String {
        guard let f = member(key) else { return value }
        let s = try f.string()
        guard options.contains(s) else {
            let hint = Suggest.closest(s, in: options).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw f.error(
                "expected one of \(options.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(Echo.cap(s))\"\(hint)")
        }
        return s
    }

    /// Two parameter sets are equal when their JSON values are.
    public static func == (a: Parameters, b: Parameters) -> Bool { a.json == b.json }
}

/// A registered policy or curve as a scenario names it: its name and parameters.
public struct Extension: Equatable, Sendable {
    /// The registered name (`kind` of a policy, `curve` of an animation).
    public var name: String
    /// The scenario's `params` for it.
    public var parameters: Parameters

    /// A registered policy or curve by name, with its parameters.
    public init(name: String, parameters: Parameters = .empty()) {
        self.name = name
        self.parameters = parameters
    }
}
