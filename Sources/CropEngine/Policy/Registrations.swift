import CropJSON
import CropScenario

/// The policies and curves of your own that scenarios may name, each registered under a name
/// with a factory that makes it from the scenario's parameters.
///
/// ```swift
/// var registrations = Registrations()
/// try registrations.register(policy: "stepZoom") { params, editor in
///     try params.only(["stops"])
///     return StepZoomPolicy(stops: try params.numbers("stops", default: [1, 2, 3], in: 0.001...1000))
/// }
/// try registrations.register(curve: "critical") { params in
///     try params.only(["response"])
///     return CriticalCurve(response: try params.number("response", default: 0.3, in: 0.01...10))
/// }
/// ```
///
/// Pass them to `Replay`, `assertReplay`, `CropEditorModel` or `CropReplayCommand.main`. A
/// factory validates its parameters with `Parameters`' accessors, so a bad value is one line
/// naming the file, the JSON path and what was expected. Names are those of scenario files
/// (`[A-Za-z0-9._-]`, 1 to 100 characters) and may not shadow a built-in.
public struct Registrations: Sendable {
    /// Makes a policy from the scenario's `params` and its editor.
    public typealias PolicyFactory = @Sendable (Parameters, EditorConfig) throws -> any SnapBackPolicy
    /// Makes a curve from the scenario's `params`.
    public typealias CurveFactory = @Sendable (Parameters) throws -> any SettleCurve
    /// Makes an editor model of your own for one replay (`EditorModel`).
    public typealias ModelFactory = @Sendable (ModelSetup) throws -> any EditorModel

    private var policies: [String: PolicyFactory] = [:]
    private var curves: [String: CurveFactory] = [:]
    private var models: [String: ModelFactory] = [:]
    /// Registered names in the order registered.
    public private(set) var policyNames: [String] = []
    /// Registered curve names in the order registered.
    public private(set) var curveNames: [String] = []
    /// Registered editor model names in the order registered.
    public private(set) var modelNames: [String] = []

    /// No registrations: only the built-in policies and curves.
    public init() {}

    /// Only the built-in policies and curves.
    public static let builtIn = Registrations()

    /// Registers (or replaces) a policy factory under `name`.
    public mutating func register(policy name: String, _ factory: @escaping PolicyFactory) throws(RegistrationError) {
        try Self.check(name, builtIn: Self.builtInPolicyNames, what: "policy")
        if policies.updateValue(factory, forKey: name) == nil { policyNames.append(name) }
    }

    /// Registers (or replaces) a curve factory under `name`.
    public mutating func register(curve name: String, _ factory: @escaping CurveFactory) throws(RegistrationError) {
        try Self.check(name, builtIn: Keys.curves, what: "curve")
        if curves.updateValue(factory, forKey: name) == nil { curveNames.append(name) }
    }

    /// Registers (or replaces) an editor model's factory under `name`; `--model NAME` (or
    /// `model:` from Swift) replays scenarios through it instead of the reference model.
    public mutating func register(model name: String, _ factory: @escaping ModelFactory) throws(RegistrationError) {
        try Self.check(name, builtIn: [Self.reference], what: "model")
        if models.updateValue(factory, forKey: name) == nil { modelNames.append(name) }
    }

    /// The name of CropReplay's own model (`--model reference`, the default).
    public static let reference = "reference"

    /// The factory of a registered model, or nil.
    package func model(named name: String) -> ModelFactory? { models[name] }

    /// Why `name` names no model (`unknown model "x"; expected one of reference, ...`), or nil
    /// for the reference (nil or `reference`) and a registered model.
    package func unknownModel(_ name: String?) -> String? {
        guard let name, name != Self.reference, models[name] == nil else { return nil }
        let names = [Self.reference] + modelNames
        return "unknown model \"\(name)\"; expected one of \(names.joined(separator: ", "))"
    }

    /// These registrations and `other`'s (other's win on a shared name).
    public func merging(_ other: Registrations) -> Registrations {
        var out = self
        for name in other.policyNames { try? out.register(policy: name, other.policies[name]!) }
        for name in other.curveNames { try? out.register(curve: name, other.curves[name]!) }
        for name in other.modelNames { try? out.register(model: name, other.models[name]!) }
        return out
    }

    private static func check(_ name: String, builtIn: [String], what: String) throws(RegistrationError) {
        guard OutputName.isValid(name), !builtIn.contains(name) else {
            throw RegistrationError(
                message:
                    "cannot register the \(what) \(JSONNode.quote(name)): expected a name of 1 to 100 characters from "
                    + "A-Z a-z 0-9 . _ - that is not a built-in \(what) (\(builtIn.joined(separator: ", ")))")
        }
    }

    /// The names a scenario decoder accepts.
    package var names: ExtensionNames { ExtensionNames(policies: policyNames, curves: curveNames) }

    /// The policy an editor names: a built-in, or a registered one made by its factory.
    package func policy(for editor: EditorConfig) throws(ScenarioError) -> any SnapBackPolicy {
        let spec = editor.policy
        if let builtIn = Self.builtInPolicies.first(where: { $0.kind == spec.kind }) { return builtIn.init(spec) }
        let params = spec.parameters
        guard let factory = policies[spec.kind.rawValue] else {
            let options = Self.builtInPolicyNames + policyNames
            throw ScenarioError(
                file: params.file, place: "editor.policy.kind",
                message: "unknown policy \"\(spec.kind.rawValue)\"; expected one of \(options.joined(separator: ", "))")
        }
        return try Self.make(what: "policy \"\(spec.kind.rawValue)\"", params) { try factory(params, editor) }
    }

    /// The built-in policies' names.
    private static var builtInPolicyNames: [String] { Self.builtInPolicies.map { $0.kind.rawValue } }

    /// The curve an animation names: a built-in, or a registered one made by its factory,
    /// refused when it has not finished 10000 s after it starts.
    package func curve(for animation: AnimationCurve, place: String) throws(ScenarioError) -> any SettleCurve {
        guard case .custom(let c) = animation else { return animation }
        guard let factory = curves[c.name] else {
            let options = Keys.curves + curveNames
            throw ScenarioError(
                file: c.parameters.file, place: place + ".curve",
                message: "unknown curve \"\(c.name)\"; expected one of \(options.joined(separator: ", "))")
        }
        let curve = try Self.make(what: "curve \"\(c.name)\"", c.parameters) { try factory(c.parameters) }
        let end = curve.progress(at: CurveCheck.longest)
        guard end.finished, end.value.isFinite else {
            throw ScenarioError(
                file: c.parameters.file, place: place + ".curve",
                message: "the curve \"\(c.name)\" has not finished \(Int(CurveCheck.longest)) s after it starts "
                    + "(progress \(end.value)); a curve must finish within \(Int(CurveCheck.longest)) s")
        }
        return curve
    }

    /// Runs a factory: a thrown `ScenarioError` as it is, any other error as one line at the parameters.
    private static func make<T>(what: String, _ params: Parameters, _ body: () throws -> T) throws(ScenarioError) -> T {
        do {
            return try body()
        } catch let e as ScenarioError {
            throw e
        } catch {
            throw ScenarioError(
                file: params.file, place: params.place,
                message: "the \(what) refused its parameters: \(EngineError.quoted(error))")
        }
    }
}

/// Limits on registered curves.
package enum CurveCheck {
    /// A curve must finish within this many seconds.
    package static let longest = 10_000.0
}

/// A registration that cannot be made (a bad or built-in name).
public struct RegistrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the registration, in one line.
    public var message: String
    /// The message.
    public var description: String { message }
}
