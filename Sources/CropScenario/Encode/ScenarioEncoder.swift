import CropGeometry
import CropJSON

/// Writes the decoded model back as scenario JSON with every default filled in: the
/// canonical form the scenario hash is taken over (key order, whitespace, `$schema` and
/// presets do not matter, and a scenario built in code hashes like its JSON), and the text
/// `import` and the playground write.
package enum ScenarioEncoder {
    /// The scenario object: name, fps, the resolved editor and the script.
    /// `start` is written only when the scenario has one, so a scenario without it hashes as
    /// it always did.
    package static func scenario(_ s: Scenario) -> JSONNode {
        var members: [(String, JSONNode)] = [
            ("name", .string(s.name)), ("fps", .number(s.fps)), ("editor", editor(s.editor)),
        ]
        if let start = s.start { members.append(("start", self.start(start))) }
        members.append(("script", .array(s.script.map { step($0.kind) })))
        return .object(members)
    }

    /// The `start` object: `mirrored`, `turns` and `angle` always (their defaults are the
    /// initial fit's), `box`, `zoom` and `at` when given (their defaults depend on the layout).
    package static func start(_ s: StartState) -> JSONNode {
        var members: [(String, JSONNode)] = [("mirrored", .bool(s.mirrored)), ("turns", .number(s.turns))]
        if let box = s.box { members.append(("box", pair(box))) }
        members.append(("angle", .number(s.angle == 0 ? 0 : s.angle)))
        if let zoom = s.zoom { members.append(("zoom", .number(zoom))) }
        if let at = s.at { members.append(("at", pair(at))) }
        return .object(members)
    }

    /// The stable hash recorded in goldens: FNV-1a 64 of the canonical text.
    package static func hash(_ s: Scenario) -> String {
        StableHash.fnv1a(Array(scenario(s).canonicalText.utf8))
    }

    static func pair(_ p: Point) -> JSONNode { .array([.number(p.x), .number(p.y)]) }
    static func pair(_ s: Size) -> JSONNode { .array([.number(s.width), .number(s.height)]) }

    /// The editor with every key, through its declaration (`EditorKeys`).
    package static func editor(_ e: EditorConfig) -> JSONNode {
        .object(EditorKeys.entries.map { ($0.name, $0.write(e)) })
    }

    package static func step(_ kind: StepKind) -> JSONNode {
        switch kind {
        case .pan(let p):
            var body: [(String, JSONNode)] = [
                ("by", pair(p.by)), ("duration", .number(p.duration)), ("easing", .string(p.easing.rawValue)),
                ("hold", .number(p.hold)),
            ]
            if let v = p.velocity { body.append(("velocity", pair(v))) }
            if let from = p.from { body.append(("from", pair(from))) }
            return .object([("pan", .object(body))])
        case .pinch(let p):
            var body: [(String, JSONNode)] = [("scale", .number(p.scale))]
            if let at = p.at { body.append(("at", pair(at))) }
            body += [
                ("duration", .number(p.duration)), ("easing", .string(p.easing.rawValue)), ("hold", .number(p.hold)),
            ]
            return .object([("pinch", .object(body))])
        case .together(let steps): return .object([("together", .array(steps.map { step($0.kind) }))])
        case .touches(let frames): return .object([("touches", .array(frames.map { .array($0.map(pair)) }))])
        case .events(let events):
            return .object([
                (
                    "events",
                    .array(
                        events.map { e in
                            var body: [(String, JSONNode)] = [
                                ("frame", .number(e.frame)), ("gesture", .string(e.gesture.rawValue)),
                                ("phase", .string(e.phase.rawValue)),
                            ]
                            if let t = e.translation { body.append(("translation", pair(t))) }
                            if let s = e.scale { body.append(("scale", .number(s))) }
                            if let l = e.location { body.append(("location", pair(l))) }
                            if let v = e.velocity { body.append(("velocity", pair(v))) }
                            return .object(body)
                        })
                )
            ])
        case .wait(let s): return .object([("wait", .number(s))])
        case .untilSettled: return .object([("until", .string("settled"))])
        case .snapshot(let name): return .object([("snapshot", .string(name))])
        case .restore: return .object([("restore", .bool(true))])
        case .resize(let w, let h): return .object([("resize", .array([.number(w), .number(h)]))])
        case .rotate(let o): return .object([("rotate", .string(o.rawValue))])
        case .rotation(let r):
            var body: [(String, JSONNode)] = [("by", .number(r.by))]
            if let at = r.at { body.append(("at", pair(at))) }
            body += [
                ("duration", .number(r.duration)), ("easing", .string(r.easing.rawValue)), ("hold", .number(r.hold)),
            ]
            return .object([("rotation", .object(body))])
        case .straighten(let s):
            return .object([
                (
                    "straighten",
                    .object([
                        ("to", .number(s.to)), ("duration", .number(s.duration)),
                        ("easing", .string(s.easing.rawValue)),
                    ])
                )
            ])
        case .quarterTurn(let d): return .object([("quarterTurn", .string(d.rawValue))])
        case .flip(let a): return .object([("flip", .string(a.rawValue))])
        case .aspect(let choice):
            switch choice {
            case .ratio(let r): return .object([("aspect", pair(r))])
            case .original: return .object([("aspect", .string("original"))])
            case .free: return .object([("aspect", .string("free"))])
            }
        case .doubleTap(let p): return .object([("doubleTap", pair(p))])
        case .save(let s):
            return .object([
                (
                    "save",
                    .object([
                        ("name", .string(s.name)), ("alpha", s.circleAlpha ? .string("circle") : .null),
                        ("thenLoad", .bool(s.thenLoad)),
                    ])
                )
            ])
        }
    }
}

extension JSONNode {
    /// Compact text with object keys sorted: equal values give equal text.
    package var canonicalText: String {
        switch value {
        case .object(let members):
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return "{" + sorted.map { JSONNode.quote($0.key) + ":" + $0.node.canonicalText }.joined(separator: ",")
                + "}"
        case .array(let items): return "[" + items.map(\.canonicalText).joined(separator: ",") + "]"
        default: return serialized()
        }
    }
}
