import CropJSON

/// The keys of an animation object (`policy.animation`, `refit.animation`): a curve and the
/// parameters it takes, declared once for the decoder, the encoder, the validator, the JSON
/// Schema, the reference and the playground.
package enum AnimationKeys {
    /// A timed curve's duration when the object gives none.
    package static let defaultDuration = 0.25
    /// A spring's response and damping ratio when the object gives none.
    package static let defaultResponse = 0.35
    package static let defaultDampingRatio = 1.0

    /// The curves that take a `duration`.
    package static let timed = ["linear", "easeOut", "easeInOut"]

    package static let curve = KeyInfo(
        name: "curve", shape: .choice(Keys.curves, registered: .curves),
        doc: "`none` jumps; `linear`, `easeOut` and `easeInOut` take a `duration`; `spring` a `response` and"
            + " a `dampingRatio`; a registered curve its `params`",
        defaultValue: nil)
    package static let duration = KeyInfo(
        name: "duration", shape: .number(.seconds, what: "a duration"),
        doc: "seconds a timed curve runs", defaultValue: .number(defaultDuration))
    package static let response = KeyInfo(
        name: "response", shape: .number(.seconds, what: "a response in seconds"),
        doc: "a spring's period without damping, in seconds (0 arrives at once)",
        defaultValue: .number(defaultResponse))
    package static let dampingRatio = KeyInfo(
        name: "dampingRatio", shape: .number(.positive, what: "a damping ratio"),
        doc: "1 settles without overshoot, below 1 bounces", defaultValue: .number(defaultDampingRatio))
    package static let params = KeyInfo(
        name: "params", shape: .custom(schema: .object([("type", .string("object"))]), text: "an object"),
        doc: "the parameters of a registered curve", defaultValue: nil)

    /// The keys in the order the reference lists them.
    package static let all = [curve, duration, response, dampingRatio, params]
    package static var names: [String] { all.map(\.name) }

    /// Which keys each curve takes besides `curve`.
    static func parameters(of curve: String) -> [String] {
        switch curve {
        case "none": return []
        case "spring": return [response.name, dampingRatio.name]
        default: return timed.contains(curve) ? [duration.name] : [params.name]
        }
    }

    /// Reads an animation object's shape; numbers are checked by `problem(_:at:)`.
    static func read(_ field: Field, extensions: ExtensionNames) throws(ScenarioError) -> AnimationCurve {
        let all = try field.object(allowed: names)
        guard let curveField = all["curve"] else {
            throw field.error("expected a \"curve\": \"none\", \"linear\", \"easeOut\", \"easeInOut\" or \"spring\"")
        }
        let curve = try curveField.string()
        let registered = extensions.curves.contains(curve)
        if !registered, let p = all["params"] {
            throw p.error("\"params\" are for registered curves; the built-in curve \"\(Echo.cap(curve))\" takes none")
        }
        guard registered || Keys.curves.contains(curve) else {
            let options = Keys.curves + extensions.curves
            let hint = Suggest.closest(curve, in: options).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw curveField.error(
                "expected one of \"none\", \"linear\", \"easeOut\", \"easeInOut\", \"spring\", got"
                    + " \"\(Echo.cap(curve))\"\(hint)"
            )
        }
        let takes = parameters(of: curve)
        for key in all.keys where key != "curve" && !takes.contains(key) {
            throw all[key]!.error(
                registered
                    ? "unknown key \"\(Echo.cap(key))\" for the registered curve \"\(Echo.cap(curve))\"; expected"
                        + " \"params\""
                    : "unknown key \"\(Echo.cap(key))\" for curve \"\(Echo.cap(curve))\"; expected"
                        + " \(takes.isEmpty ? "no other keys" : takes.joined(separator: ", "))"
            )
        }
        func number(_ key: String, _ value: Double) throws(ScenarioError) -> Double {
            try all[key]?.number() ?? value
        }
        switch curve {
        case "none": return .none
        case "linear": return .linear(duration: try number(duration.name, defaultDuration))
        case "easeOut": return .easeOut(duration: try number(duration.name, defaultDuration))
        case "easeInOut": return .easeInOut(duration: try number(duration.name, defaultDuration))
        case "spring":
            return .spring(
                response: try number(response.name, defaultResponse),
                dampingRatio: try number(dampingRatio.name, defaultDampingRatio))
        default:
            var parameters = Parameters.empty(place: field.path + ".params")
            if let p = all["params"] {
                try p.requireObject()
                parameters = Parameters(field: p)
            }
            return .custom(Extension(name: curve, parameters: parameters))
        }
    }

    /// The canonical object: the curve and every parameter it takes.
    package static func write(_ a: AnimationCurve) -> JSONNode {
        switch a {
        case .none: return .object([("curve", .string("none"))])
        case .linear(let d): return .object([("curve", .string("linear")), ("duration", .number(d))])
        case .easeOut(let d): return .object([("curve", .string("easeOut")), ("duration", .number(d))])
        case .easeInOut(let d): return .object([("curve", .string("easeInOut")), ("duration", .number(d))])
        case .spring(let r, let z):
            return .object([("curve", .string("spring")), ("response", .number(r)), ("dampingRatio", .number(z))])
        case .custom(let c): return .object([("curve", .string(c.name)), ("params", c.parameters.field.node)])
        }
    }

    /// The first parameter out of its range, at `place.duration`, `place.response` or
    /// `place.dampingRatio` (a registered curve's factory checks its own `params`).
    static func problem(_ a: AnimationCurve, at place: String) -> Problem? {
        func check(_ key: KeyInfo, _ value: Double) -> Problem? {
            guard case .number(let range, let what) = key.shape else { return nil }
            return range.problem(value, what: what, at: place + "." + key.name)
        }
        switch a {
        case .none, .custom: return nil
        case .linear(let d), .easeOut(let d), .easeInOut(let d): return check(duration, d)
        case .spring(let r, let z): return check(response, r) ?? check(dampingRatio, z)
        }
    }

    /// An editor key holding an animation at `path`.
    static func key<S>(_ name: String, _ path: WritableKeyPath<S, AnimationCurve> & Sendable, doc: String) -> Key<S> {
        Key(
            name, .animation, doc: doc,
            read: { f, s, extensions throws(ScenarioError) in s[keyPath: path] = try read(f, extensions: extensions) },
            write: { write($0[keyPath: path]) },
            check: { s, place in problem(s[keyPath: path], at: place) })
    }
}
