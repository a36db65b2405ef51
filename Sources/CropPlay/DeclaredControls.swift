import CropJSON
import CropScenario

/// Controls made from the declarations: a declared key's control (its kind from the key's
/// shape and range, its default and doc line the declaration's), and the automatic control of
/// a key the panel's lines do not show (its label from the key's name, its step from its
/// range), in the section of its object, so a key added to a declaration is in the form.
extension PlayControls {
    /// A key the panel can edit: the top-level key it is under, its path from there, its
    /// declaration, and the object it belongs to (an editor section, a single value of the
    /// editor, the start state), whose panel section it goes into.
    package struct Declared: Sendable {
        package var root: String
        package var path: [String]
        package var key: KeyInfo
        package var object: String
        /// A new section's title, doc line and card, and the path of a section that may be null.
        package var title: String
        package var doc: String
        package var group: Group
        package var optional: [String]?
    }

    /// The editor's keys: each section's keys, and each single value as an object of its own.
    package static func declaredKeys(_ entries: [EditorEntry]) -> [Declared] {
        entries.flatMap { entry in
            let keys = entry.value.map { [($0, [entry.name])] } ?? entry.keys.map { ($0, [entry.name, $0.name]) }
            return keys.map { key, path in
                Declared(
                    root: "editor", path: path, key: key, object: entry.name, title: label(entry.name),
                    doc: plain(entry.doc), group: .editor, optional: entry.nullable ? [entry.name] : nil)
            }
        }
    }

    /// The start state's keys, one object.
    package static var startKeys: [Declared] {
        StartKeys.infos.map { key in
            Declared(
                root: "start", path: [key.name], key: key, object: "", title: "Start state",
                doc: "A saved edit re-opened at frame 0.", group: .start, optional: nil)
        }
    }

    /// The object a control's key belongs to: the editor's are its sections and single values
    /// (the first key), another root's keys are one object.
    static func object(_ root: String, _ path: [String]) -> String { root == "editor" ? path[0] : "" }

    /// `sections` with an automatic control for every key of `keys` that no control covers and
    /// that is not `untouched` or `hidden`: after the other controls of its object's section,
    /// or in a new section of its own after its root's.
    package static func completed(_ sections: [Section], with keys: [Declared]) -> [Section] {
        var out = sections
        for d in keys {
            if d.root == "editor", untouched.contains(d.path[0]) || hidden.contains(d.path) { continue }
            let shown = out.contains { $0.root == d.root && $0.controls.contains { covers($0, d.path) } }
            if shown { continue }
            let controls = automatic(d)
            if let i = out.firstIndex(where: { s in
                s.root == d.root && s.controls.contains { object(s.root, $0.path) == d.object }
            }) {
                out[i].controls += controls
            } else {
                let at = out.lastIndex { $0.root == d.root }.map { $0 + 1 } ?? out.count
                out.insert(
                    Section(
                        title: d.title, group: d.group, root: d.root, optional: d.optional, doc: d.doc,
                        controls: controls), at: at)
            }
        }
        return out
    }

    /// Whether the control edits the key at `path`: its own key, a key inside it (an
    /// animation's curve), or one of the keys its forms set (the frame's `size` and `aspect`).
    static func covers(_ c: Control, _ path: [String]) -> Bool {
        if c.path.starts(with: path) { return true }
        guard case .variants(let variants) = c.kind else { return false }
        return variants.contains { c.path + [$0.key] == path }
    }

    /// The automatic control of a declared key: its label from its name, its step from its
    /// range; a nullable key (or one that may be left out) gets a switch, on at its default or
    /// a value in its range; an animation gets its curve and the parameters each curve takes.
    static func automatic(_ d: Declared) -> [Control] {
        let shape = d.key.shape
        if case .animation = shape { return animation(d.path, given: d.key.defaultValue) }
        var on: JSONNode?
        var offLabel = ""
        if case .nullable(let inner) = shape {
            on = d.key.defaultValue.flatMap { if case .null = $0.value { nil } else { $0 } } ?? sample(inner)
            offLabel = "none"
        } else if d.key.defaultValue == nil {
            on = sample(shape)
            offLabel = d.key.defaultNote.map(plain) ?? "left out"
        }
        return [control(d.key, at: d.path, label(d.path.last ?? ""), step: step(shape), on: on, offLabel: offLabel)]
    }

    /// A key's name as a label: `handleSize` is "Handle size".
    static func label(_ name: String) -> String {
        var words = ""
        for c in name {
            if c.isUppercase, !words.isEmpty { words += " " + c.lowercased() } else { words.append(c) }
        }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The step of a number field over a shape's range: the common ranges' (whole points and
    /// pixels; twentieths of a second, of a scale, of an opacity or a ratio; thousandths of
    /// the momentum), else by the range's span (hundredths up to 1, twentieths up to 10000,
    /// whole numbers beyond).
    static func step(_ shape: KeyShape) -> Double {
        let range: ValueRange
        switch shape {
        case .number(let r, _), .pair(let r, _), .list(let r, _, _): range = r
        case .point: range = .points
        case .nullable(let inner): return step(inner)
        default: return 1
        }
        if let known = steps.first(where: { $0.range == range }) { return known.step }
        let span = range.upper - range.lower
        return span <= 1 ? 0.01 : span <= 10_000 ? 0.05 : 1
    }

    static let steps: [(range: ValueRange, step: Double)] = [
        (.points, 1), (.lengths, 1), (.viewportSide, 1), (.positive, 0.05), (.scales, 0.05), (.seconds, 0.05),
        (.unit, 0.05), (.momentum, 0.001),
    ]

    /// A value of a shape that is in its range: where a switch turned on starts.
    static func sample(_ shape: KeyShape) -> JSONNode {
        func number(_ r: ValueRange) -> Double { [1, 0, (r.lower + r.upper) / 2].first(where: r.contains) ?? r.upper }
        switch shape {
        case .number(let r, _): return .number(number(r))
        case .integer(let r): return .number(r.lowerBound)
        case .bool: return .bool(false)
        case .choice(let values, _): return .string(values.first ?? "")
        case .color: return .string("#000000")
        case .pair(let r, _): return .array([.number(number(r)), .number(number(r))])
        case .point: return .array([.number(0), .number(0)])
        case .list: return .array([])
        case .nullable(let inner): return sample(inner)
        case .animation: return .object([("curve", .string("none"))])
        case .custom: return .null
        }
    }

    // MARK: - A declared key's control

    /// The editor key at `path` as `EditorKeys` declares it (`["mask", "opacity"]`,
    /// `["background"]`, `["policy", "animation", "duration"]`).
    static func declared(_ path: [String]) -> KeyInfo {
        guard let entry = EditorKeys.entry(path[0]) else { preconditionFailure("no editor key \(path)") }
        guard path.count > 1 else { return entry.value! }
        let key = entry.keys.first { $0.name == path[1] }!
        guard path.count > 2 else { return key }
        return AnimationKeys.all.first { $0.name == path[2] }!
    }

    /// A control for the declared `key` at `path`: its range, default and doc line are the
    /// declaration's. A nullable value, or a key that may be left out (it has no default),
    /// gets a switch when `on` gives its starting value (without it the panel does not offer
    /// null).
    static func control(
        _ key: KeyInfo, at path: [String], _ label: String, step: Double, unit: String = "", on: JSONNode? = nil,
        offLabel: String = "", when: (key: String, values: [String])? = nil
    ) -> Control {
        var kind = kind(key.shape, step: step, unit: unit, on: on, offLabel: offLabel)
        if key.defaultValue == nil, let on, !key.required {
            switch key.shape {
            case .nullable, .animation: break
            default: kind = .nullable(kind, on: on, offLabel: offLabel, leavesOut: true)
            }
        }
        return Control(
            path: path, label: label, kind: kind, defaultValue: key.defaultValue ?? .null, doc: plain(key.doc),
            when: when)
    }

    /// The control kind of a declared shape (an open upper end becomes its last step below).
    static func kind(_ shape: KeyShape, step: Double, unit: String, on: JSONNode?, offLabel: String) -> Kind {
        switch shape {
        case .number(let r, _):
            return .number(
                min: r.lower, max: r.upperOpen ? r.upper - step : r.upper, step: step, unit: unit, aboveMin: r.lowerOpen
            )
        case .integer(let r): return .integer(min: r.lowerBound, max: r.upperBound)
        case .bool: return .toggle
        case .choice(let values, _): return .choice(values)
        case .color: return .color(opacityKey: nil)
        case .pair(let r, _): return .size(max: r.upper, step: step)
        case .point: return .point(max: ValueRange.points.upper, step: step)
        case .list(let r, _, let count): return .lengths(max: r.upper, count: count)
        case .nullable(let inner):
            let value = kind(inner, step: step, unit: unit, on: on, offLabel: offLabel)
            return on.map { .nullable(value, on: $0, offLabel: offLabel) } ?? value
        case .animation, .custom: return .json
        }
    }

    /// A doc line without the reference's code marks.
    static func plain(_ doc: String) -> String { doc.replacingOccurrences(of: "`", with: "") }

    /// An animation's controls under `prefix` (a curve and the parameters it takes), with the
    /// defaults of `given` (the animation there by default).
    static func animation(_ prefix: [String], given: JSONNode?) -> [Control] {
        var defaults: [JSONMember] = []
        if case .object(let members)? = given?.value { defaults = members }
        func control(_ key: KeyInfo, _ label: String, step: Double, unit: String = "", when curves: [String]?)
            -> Control
        {
            var c = Self.control(
                key, at: prefix + [key.name], label, step: step, unit: unit, when: curves.map { ("curve", $0) })
            if let value = defaults.first(where: { $0.key == key.name })?.node { c.defaultValue = value }
            return c
        }
        return [
            control(AnimationKeys.curve, "Curve", step: 1, when: nil),
            control(AnimationKeys.duration, "Duration", step: 0.05, unit: "s", when: AnimationKeys.timed),
            control(AnimationKeys.response, "Response", step: 0.01, unit: "s", when: ["spring"]),
            control(AnimationKeys.dampingRatio, "Damping ratio", step: 0.05, when: ["spring"]),
        ]
    }
}
