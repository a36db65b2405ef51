import CropEngine
import CropJSON
import CropScenario

/// One column (or grid cell) of a comparison: a label, the editor it replays the script with
/// and the editor model that replays it.
package struct Variant: Sendable {
    package var label: String
    package var editor: EditorConfig
    /// The registered editor model (`--models`), or nil for CropReplay's reference.
    package var model: String?
    /// The variant's value on each axis of the comparison, in the axes' order (one value for
    /// a list, two for a grid).
    package var at: [String] = []

    package init(label: String, editor: EditorConfig, model: String? = nil, at: [String] = []) {
        self.label = label
        self.editor = editor
        self.model = model
        self.at = at
    }
}

/// What one axis of a comparison varies: the policy (`--policies`), the editor model
/// (`--models`), or any editor key the declarations (`EditorKeys`) know that takes a number,
/// a boolean or a choice, an animation's curve or one of its numbers, or a registered policy's
/// parameter (`--vary KEY=...`). Every value is set on the scenario's encoded editor and read
/// back through the editor's decoder and validator, so it is accepted and refused as in a
/// scenario file.
package struct Variation: Sendable, Equatable {
    package enum Target: Sendable, Equatable {
        /// The editor model that replays the script.
        case model
        /// The JSON path of an editor key (`policy.kind`, `policy.animation.response`).
        case key([String], shape: Shape)
    }

    /// How a value's text becomes JSON.
    package enum Shape: Sendable, Equatable {
        /// A name, taken as a string.
        case choice
        /// An animation (`Variation.curve`).
        case animation
        /// A number, `true`, `false` or `null` as JSON reads them; anything else a string.
        case scalar
    }

    /// The axis as the command line and the labels name it (`policy`, `model`, `zoom.max`).
    package var name: String
    package var target: Target

    /// The snap-back policy (`--policies`): `policy.kind`.
    package static let policy = Variation(name: "policy", target: .key(["policy", "kind"], shape: .choice))
    /// The editor model (`--models`).
    package static let model = Variation(name: "model", target: .model)

    /// A registered policy's parameter: `policy.params.NAME`.
    package static let paramsPrefix = "policy.params."

    /// The keys `--vary` takes, from the editor's declarations: every key of a number, a
    /// boolean or a choice (or a number given another way, as `zoom.min`), each animation and
    /// its numbers; `policy` is `policy.kind`, and `policy.params.NAME` a registered policy's.
    package static let declaredKeys: [(name: String, shape: Shape)] = {
        var out: [(String, Shape)] = []
        for entry in EditorKeys.entries {
            let keys = entry.value.map { [($0, entry.name)] } ?? entry.keys.map { ($0, entry.name + "." + $0.name) }
            for (key, name) in keys {
                if case .animation = key.shape {
                    out.append((name, .animation))
                    for a in AnimationKeys.all where shape(of: a.shape) != nil {
                        out.append((name + "." + a.name, .scalar))
                    }
                } else if let s = shape(of: key.shape) {
                    out.append((name, s))
                }
            }
        }
        return out
    }()

    /// The `--vary` keys as help and errors list them.
    package static var keyNames: [String] { [policy.name] + declaredKeys.map(\.name) + [paramsPrefix + "NAME"] }

    /// How a declared key's value is written on the command line; nil: it cannot vary.
    static func shape(of shape: KeyShape) -> Shape? {
        switch shape {
        case .number, .integer, .bool: return .scalar
        case .choice: return .choice
        case .nullable(let inner): return Self.shape(of: inner).map { _ in .scalar }
        case .custom(_, _, let parts):
            return parts.contains { $0.name.isEmpty && Self.shape(of: $0.shape) != nil } ? .scalar : nil
        default: return nil
        }
    }

    /// The axis `--vary KEY=...` names; nil for a key that cannot vary.
    package init?(key: String) {
        if key == Self.policy.name {
            self = .policy
        } else if key.hasPrefix(Self.paramsPrefix), OutputName.isValid(String(key.dropFirst(Self.paramsPrefix.count))) {
            self.init(name: key, target: .key(key.split(separator: ".").map(String.init), shape: .scalar))
        } else if let declared = Self.declaredKeys.first(where: { $0.name == key }) {
            self.init(name: key, target: .key(key.split(separator: ".").map(String.init), shape: declared.shape))
        } else {
            return nil
        }
    }

    package init(name: String, target: Target) {
        self.name = name
        self.target = target
    }

    /// The variants of `base` for the values given (text as on the command line), each made
    /// with `registrations`' policies, curves and models; duplicates are dropped.
    package func variants(of base: EditorConfig, values: [String], registrations: Registrations = .builtIn)
        throws(VariationError) -> [Variant]
    {
        var out: [Variant] = []
        for text in values {
            let v = try variant(of: Variant(label: "", editor: base), value: text, registrations: registrations)
            if !out.contains(where: { $0.label == v.label }) { out.append(v) }
        }
        return out
    }

    /// `variant` with this axis set to `text`: its label and position extended, its editor or
    /// model changed.
    package func variant(of variant: Variant, value text: String, registrations: Registrations)
        throws(VariationError) -> Variant
    {
        var v = variant
        let part = self == .policy || self == .model ? text : "\(name)=\(text)"
        v.label = v.label.isEmpty ? part : v.label + " " + part
        v.at.append(text)
        switch target {
        case .model:
            guard text == Registrations.reference || registrations.modelNames.contains(text) else {
                throw VariationError(key: name, value: text, expected: "one of \(Self.models(registrations))")
            }
            v.model = text == Registrations.reference ? nil : text
        case .key(let path, let shape):
            v.editor = try editor(variant.editor, path: path, shape: shape, text: text, registrations: registrations)
        }
        return v
    }

    /// `base` with the key at `path` set to `text`, read back through the editor's decoder and
    /// validator, with its policy and curves made by their factories (so a registered one
    /// refuses a bad parameter here, before anything replays).
    func editor(_ base: EditorConfig, path: [String], shape: Shape, text: String, registrations: Registrations)
        throws(VariationError) -> EditorConfig
    {
        let value: JSONNode
        switch shape {
        case .choice: value = JSONNode(.string(text))
        case .scalar: value = Self.scalar(text)
        case .animation: value = try Self.curve(text, key: name, registrations: registrations)
        }
        var root = ScenarioEncoder.editor(base)
        root = root.setting(path[...], to: value)
        if path == ["policy", "kind"], text != base.policy.kind.rawValue {
            // Another policy does not take this one's parameters.
            root = root.setting(["policy", "params"], to: nil)
        }
        let place = "editor." + path.joined(separator: ".")
        do {
            var editor = try ScenarioDecoder.decodeEditor(root, file: "--vary", extensions: registrations.names)
            // The encoder writes `turn.box` resolved; left to the editor, it follows `frame.resizable`.
            if base.turnBox == nil, path != ["turn", "box"] { editor.turnBox = nil }
            _ = try registrations.policy(for: editor)
            _ = try registrations.curve(for: editor.policy.animation, place: "editor.policy.animation")
            _ = try registrations.curve(for: editor.refit.animation, place: "editor.refit.animation")
            return editor
        } catch {
            let at =
                error.place.map { $0 == place ? "" : ($0.hasPrefix("editor.") ? String($0.dropFirst(7)) : $0) + ": " }
                ?? ""
            throw VariationError(key: name, value: text, expected: nil, reason: at + error.message)
        }
    }

    /// A value's text as JSON: a number, `true`, `false` or `null` as JSON reads them (a
    /// number too large is kept, for the validator to refuse), anything else a string.
    static func scalar(_ text: String) -> JSONNode {
        if let node = try? JSONParser.parse(text) {
            switch node.value {
            case .number, .bool, .null, .string: return node
            default: break
            }
        }
        return JSONNode(.string(text))
    }

    /// Why varying this key changes nothing for `editor`, if it does not.
    package func ineffective(for editor: EditorConfig) -> String? {
        guard name.hasPrefix("refit."), !editor.frame.resizable else { return nil }
        return "\(name) changes nothing: the editor's frame is not resizable (set frame.resizable)"
    }

    // MARK: - Curves

    /// The curve forms `--vary policy.animation=...` takes, for help and errors.
    package static func curveForms(_ registrations: Registrations) -> String {
        let registered =
            registrations.curveNames.isEmpty ? "" : "; registered: \(registrations.curveNames.joined(separator: ", "))"
        return "none, linear:S, easeOut:S, easeInOut:S, spring:RESPONSE:DAMPING, or NAME(KEY=VALUE,...) for any"
            + " curve with its keys (spring(response=0.3,dampingRatio=0.8), a registered curve's params)\(registered)"
    }

    /// An animation object from its command-line form: `none`, `linear:0.25`, `easeOut:0.3`,
    /// `easeInOut:0.5`, `spring:0.35:1.0`; or `NAME` or `NAME(KEY=VALUE,...)`, a built-in curve
    /// with its keys (`spring(response=0.3)`) or a registered one with its params
    /// (`critical(response=0.4)`). Names and numbers are checked as the decoder reads the object.
    static func curve(_ text: String, key: String, registrations: Registrations) throws(VariationError) -> JSONNode {
        let error = VariationError(key: key, value: text, expected: curveForms(registrations))
        guard !text.isEmpty else { throw error }
        var name = text
        var members: [JSONMember] = []
        if let open = text.firstIndex(of: "(") {
            guard text.hasSuffix(")") else { throw error }
            name = String(text[..<open])
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
            for item in inside.split(separator: ",", omittingEmptySubsequences: false) {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty else { throw error }
                let k = pair[0].trimmingSpaces
                // The name before the parentheses is the curve, and a key is given once (as in
                // a scenario file, whose parser refuses a repeated key).
                guard k != AnimationKeys.curve.name else {
                    throw VariationError(
                        key: key, value: text, expected: nil,
                        reason: "the curve is the name before the parentheses, not a key inside them")
                }
                guard !members.contains(where: { $0.key == k }) else {
                    throw VariationError(
                        key: key, value: text, expected: nil, reason: "key \"\(Echo.cap(k))\" is given twice")
                }
                members.append(JSONMember(key: k, node: scalar(pair[1].trimmingSpaces)))
            }
        } else if text.contains(":") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            name = parts[0]
            let keys: [String]
            switch name {
            case "spring": keys = [AnimationKeys.response.name, AnimationKeys.dampingRatio.name]
            case _ where AnimationKeys.timed.contains(name): keys = [AnimationKeys.duration.name]
            default: throw error
            }
            guard parts.count - 1 == keys.count, parts.dropFirst().allSatisfy({ Double($0) != nil }) else {
                throw error
            }
            members = zip(keys, parts.dropFirst()).map { JSONMember(key: $0, node: scalar($1)) }
        }
        guard Keys.curves.contains(name) || registrations.curveNames.contains(name) else { throw error }
        let curve = JSONMember(key: AnimationKeys.curve.name, node: JSONNode(.string(name)))
        if Keys.curves.contains(name) { return JSONNode(.object([curve] + members)) }
        return JSONNode(.object([curve, JSONMember(key: AnimationKeys.params.name, node: JSONNode(.object(members)))]))
    }

    /// The models `--models` takes, for errors.
    package static func models(_ registrations: Registrations) -> String {
        ([Registrations.reference] + registrations.modelNames).joined(separator: ", ")
    }
}

/// A value `compare` does not accept: one line naming the key, the value (quoted, control
/// characters escaped) and what was expected or what is wrong with it.
package struct VariationError: Error, Sendable, CustomStringConvertible {
    package var key: String
    package var value: String
    /// The forms the key takes (`expected ...`), or nil when `reason` says it.
    package var expected: String?
    /// The validator's message (`expected a rubber-band constant above 0 ..., got -1`).
    package var reason: String?

    package init(key: String, value: String, expected: String?, reason: String? = nil) {
        self.key = key
        self.value = value
        self.expected = expected
        self.reason = reason
    }

    package var description: String {
        // A message that echoes a value as given (a policy's name) still stays one line.
        let why = Echo.escapingControls(reason ?? "expected \(expected ?? "")")
        return "\"\(Echo.cap(value))\" is not a value of \(key): \(why)"
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
