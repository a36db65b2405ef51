import CropGeometry
import CropJSON

/// The script's steps, declared once (docs/scenarios.md, "The script"): every kind of step
/// with its JSON key, doc line and value (an object's keys with their shapes, ranges, defaults
/// and doc lines, or a single value). The decoder reads steps through it, the encoder writes
/// the canonical form (and the scenario hash) through it, the validator checks every step with
/// it whether decoded or built in Swift, and the JSON Schema and the reference tables
/// (`cropreplay schema --docs`) are made from it.
///
/// Adding a key to a step: a property on the step's model (with its default), one `Key` here,
/// and its behaviour (`TimelineExpander`). Adding a kind of step: a `StepKind` case, one entry
/// here, and its behaviour.
package enum StepKeys {
    /// Every kind of step, in the order messages list them.
    package static let entries: [StepEntry] = [
        .object(
            "pan", .init({ .pan($0) }, { if case .pan(let p) = $0 { p } else { nil } }), initial: PanStep(by: .zero),
            gesture: true,
            doc: "one finger lands, moves by `by` and lifts; where it lands decides between dragging a resizable"
                + " box and moving the photo",
            [
                .point("by", \.by, doc: "`[dx, dy]`: how far the finger moves, in points").required("[dx, dy]"),
                duration(\.duration, doc: "seconds the finger moves"), easing(\.easing), hold(\.hold),
                .point(
                    "velocity", \.velocity, doc: "the release velocity in points per second",
                    absent: "the last frame's motion"),
                .point(
                    "from", \.from,
                    doc: "where the finger lands; on a resizable box's corner or edge it drags the box",
                    absent: "the box centre (which never grabs the box)"),
            ]),
        .object(
            "pinch", .init({ .pinch($0) }, { if case .pinch(let p) = $0 { p } else { nil } }),
            initial: PinchStep(scale: 1), gesture: true,
            doc: "two fingers spread to `scale` (interpolated geometrically) about `at`",
            [
                .number(
                    "scale", \.scale, .scales, what: "a scale", doc: "the fingers' spread at the end, 1 at `began`"
                ).required("a number > 0"),
                .point("at", \.at, doc: "the focal point", absent: "the box centre"),
                duration(\.duration, doc: "seconds the fingers move"), easing(\.easing), hold(\.hold),
            ]),
        .value(
            .init({ .together($0) }, { if case .together(let s) = $0 { s } else { nil } }), initial: [], together,
            before: { steps, validator, place in validator.problem(together: steps, at: place) }),
        .value(
            .init({ .touches($0) }, { if case .touches(let t) = $0 { t } else { nil } }), initial: [],
            gesture: true, touches),
        .value(
            .init({ .events($0) }, { if case .events(let e) = $0 { e } else { nil } }), initial: [], gesture: true,
            events, items: event.infos(defaults: RawEvent(frame: 1, gesture: .pan, phase: .began)),
            before: { events, validator, place in validator.problem(events: events, at: place) }),
        .value(
            .init({ .wait($0) }, { if case .wait(let s) = $0 { s } else { nil } }), initial: 0,
            .number("wait", \.self, .seconds, what: "a duration in seconds", doc: "seconds to let pass")),
        .value(.init({ _ in .untilSettled }, { if case .untilSettled = $0 { () } else { nil } }), initial: (), until),
        .value(
            .init({ .snapshot($0) }, { if case .snapshot(let name) = $0 { name } else { nil } }), initial: "",
            name(
                "snapshot", \.self,
                doc: "the frame at the cursor is saved as `snapshots/name.png` (compared by `check`)"),
            after: { name, validator, place in
                validator.problem(unique: name, at: place, in: \.snapshots, what: "snapshot")
            }),
        .value(.init({ _ in .restore }, { if case .restore = $0 { () } else { nil } }), initial: (), restore),
        .value(
            .init({ .resize($0.width, $0.height) }, { if case .resize(let w, let h) = $0 { Size(w, h) } else { nil } }),
            initial: Size(1, 1),
            .size(
                "resize", \.self, .viewportSide,
                doc: "the viewport becomes `[w, h]` points; a fixed frame is recomputed, the zoom kept, the picture"
                    + " under the frame's centre stays there; a resizable box keeps its aspect and re-fits at once"),
            after: { size, validator, place in
                ViewportSpec(width: size.width, height: size.height, scale: validator.editor.viewport.scale)
                    .pixelProblem(at: place)
            }),
        .value(
            .init({ .rotate($0) }, { if case .rotate(let o) = $0 { o } else { nil } }), initial: .portrait,
            .choice(
                "rotate", \.self,
                doc: "the device turns: the viewport's long side becomes its width (`landscape`) or its height"
                    + " (`portrait`), as a `resize` to that size")),
        .object(
            "save", .init({ .save($0) }, { if case .save(let s) = $0 { s } else { nil } }), initial: SaveStep(name: ""),
            doc: "crop the image as shown at the cursor into `crops/name.png`",
            [
                name("name", \.name, doc: "the crop's file name, unique in the scenario").required(
                    "the crop's file name"),
                saveAlpha, .bool("thenLoad", \.thenLoad, doc: "the script continues with the crop as the image"),
            ],
            after: { s, validator, place in
                validator.problem(unique: s.name, at: place + ".name", in: \.crops, what: "crop")
            }),
        .object(
            "rotation", .init({ .rotation($0) }, { if case .rotation(let r) = $0 { r } else { nil } }),
            initial: RotationStep(by: 0), gesture: true,
            doc: "two fingers twist by `by` degrees (needs `rotation.gesture`)",
            [
                .number("by", \.by, .points, what: "an angle in degrees", doc: "degrees, clockwise").required(
                    "degrees"),
                .point("at", \.at, doc: "the twist's centre", absent: "the box centre on the began frame"),
                duration(\.duration, doc: "seconds the fingers turn"), easing(\.easing), hold(\.hold),
            ],
            before: { _, validator, place in validator.needsRotationGesture(place, what: "a rotation step") }),
        .object(
            "straighten", .init({ .straighten($0) }, { if case .straighten(let s) = $0 { s } else { nil } }),
            initial: StraightenStep(to: 0), gesture: true,
            doc: "the straighten dial turns the photo to `to` degrees (any editor whose constraint allows an angle)",
            [
                .number("to", \.to, .points, what: "an angle in degrees", doc: "the angle, degrees clockwise")
                    .required("degrees"),
                duration(\.duration, doc: "seconds the dial turns"), easing(\.easing),
            ],
            before: { _, validator, place in validator.needsAngle(place, what: "a straighten step") }),
        .value(
            .init({ .quarterTurn($0) }, { if case .quarterTurn(let d) = $0 { d } else { nil } }),
            initial: .clockwise,
            .choice(
                "quarterTurn", \.self, doc: "the photo turns 90 degrees about the box centre (exactly: no resampling)"
            )),
        .value(
            .init({ .flip($0) }, { if case .flip(let a) = $0 { a } else { nil } }), initial: .horizontal,
            .choice(
                "flip", \.self,
                doc: "the photo mirrors about the box's centre line (`horizontal` mirrors left-right)")),
        .value(
            .init({ .aspect($0) }, { if case .aspect(let a) = $0 { a } else { nil } }), initial: .free, aspect,
            before: { _, validator, place in validator.needsResizableBox(place) }),
        .value(
            .init({ .doubleTap($0) }, { if case .doubleTap(let p) = $0 { p } else { nil } }), initial: .zero,
            .point("doubleTap", \.self, doc: "a double tap at `[x, y]` (what it does is the editor's `doubleTap`)")),
    ]

    /// The steps' keys in order.
    package static let names = entries.map(\.name)
    /// The steps `together` takes, in order.
    package static let gestureNames = entries.filter(\.gesture).map(\.name)
    static let named = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })

    package static func entry(_ name: String) -> StepEntry? { named[name] }

    /// The entry of a step's kind (every kind has one: a test decodes and encodes each).
    package static func entry(for kind: StepKind) -> StepEntry? { entries.first { $0.holds(kind) } }

    // MARK: - Keys several steps share

    static func duration<S>(_ path: WritableKeyPath<S, Double> & Sendable, doc: String) -> Key<S> {
        .number("duration", path, .seconds, what: "a duration", doc: doc)
    }

    static func easing<S>(_ path: WritableKeyPath<S, Easing> & Sendable) -> Key<S> {
        .choice("easing", path, doc: "how the motion is spread over the duration")
    }

    static func hold<S>(_ path: WritableKeyPath<S, Double> & Sendable) -> Key<S> {
        .number("hold", path, .seconds, what: "a duration", doc: "seconds held still before lifting")
    }

    /// A snapshot's or crop's name (its uniqueness is the step's rule).
    static func name<S>(_ name: String, _ path: WritableKeyPath<S, String> & Sendable, doc: String) -> Key<S> {
        Key(
            name, .outputName, doc: doc,
            read: { f, s, _ throws(ScenarioError) in s[keyPath: path] = try f.string() },
            write: { .string($0[keyPath: path]) },
            check: { s, place in OutputName.problem(s[keyPath: path], at: place) })
    }

    // MARK: - Values of their own shape

    static let together = Key<[Step]>(
        "together",
        .custom(
            schema: .object([
                ("type", .string("array")), ("minItems", .number(1)), ("items", ScenarioSchema.ref("gestureStep")),
            ]),
            text: "`[step, ...]`: at least one gesture step"),
        doc: "gesture steps starting on the same frame; the cursor goes to the latest end",
        read: { f, s, _ throws(ScenarioError) in
            s = try f.array().map { (item: Field) throws(ScenarioError) -> Step in try ScriptDecoder.step(item) }
        },
        write: { s in .array(s.map { ScenarioEncoder.step($0.kind) }) })

    static let touches = Key<[[Point]]>(
        "touches",
        .custom(
            schema: .object([
                ("type", .string("array")),
                (
                    "items",
                    .object([
                        ("type", .string("array")), ("maxItems", .number(2)), ("items", ScenarioSchema.ref("pair")),
                    ])
                ),
                ("maxItems", .number(Limits.maxFrames)),
            ]),
            text: "`[[[x, y], ...], ...]`: per frame 0, 1 or 2 finger positions, each \(ValueRange.points.text);"
                + " at most \(Limits.maxFrames) frames", parts: [.init("", .point)]),
        doc: "raw fingers, one entry per frame. One finger pans; two fingers pinch (and twist, when the editor"
            + " rotates); a second finger landing ends the pan and starts the pinch on the same frame",
        read: { f, s, _ throws(ScenarioError) in
            s = try f.array().map { (entry: Field) throws(ScenarioError) -> [Point] in
                try entry.array().map { (p: Field) throws(ScenarioError) -> Point in try p.numberPoint() }
            }
        },
        write: { s in .array(s.map { .array($0.map { .array([.number($0.x), .number($0.y)]) }) }) },
        check: { frames, place in
            if frames.count > Limits.maxFrames {
                return Problem(place: place, message: "more than \(Limits.maxFrames) frames")
            }
            for (i, fingers) in frames.enumerated() {
                guard fingers.count <= 2 else {
                    return Problem(
                        place: "\(place)[\(i)]", expected: "0, 1 or 2 finger positions", given: "\(fingers.count)")
                }
                for (j, p) in fingers.enumerated() { if let p = p.problem(at: "\(place)[\(i)][\(j)]") { return p } }
            }
            return nil
        })

    /// The keys of each raw event of an `events` step.
    static let event = KeyObject<RawEvent>([
        .integer("frame", \.frame, 1...Limits.maxFrames, doc: "counted from the cursor; never decreasing")
            .required("an integer >= 1"),
        .choice("gesture", \.gesture, doc: "the recognizer that sends it (`rotation` needs `rotation.gesture`)")
            .required("\"pan\", \"pinch\" or \"rotation\""),
        .choice("phase", \.phase, doc: "the recognizer's state").required("began, changed, ended, cancelled or failed"),
        .point(
            "translation", \.translation, doc: "a pan's translation since `began`, in points",
            absent: "`[0, 0]` on `began`, else the previous event's"),
        .number(
            "scale", \.scale, .scales, what: "a scale", doc: "a pinch's scale since `began`",
            absent: "1 on `began`, else the previous event's"),
        .point("location", \.location, doc: "the touch's location in points", absent: "none"),
        .point("velocity", \.velocity, doc: "a pan's velocity in points per second", absent: "none"),
        .number(
            "rotation", \.rotation, .points, what: "an angle in degrees",
            doc: "a rotation's degrees since `began`, clockwise", absent: "0 on `began`, else the previous event's"),
    ])

    static let events = Key<[RawEvent]>(
        "events",
        .custom(
            schema: .object([
                ("type", .string("array")), ("minItems", .number(1)),
                (
                    "items",
                    ScenarioSchema.object(event.infos(defaults: RawEvent(frame: 1, gesture: .pan, phase: .began)))
                ),
            ]),
            text: "`[{\"frame\": 1, \"gesture\": \"pan\", \"phase\": \"began\", ...}, ...]`: at least one event, with"
                + " the keys below"),
        doc: "recognizer events as a gesture recognizer sends them, on frames counted from the cursor",
        read: { f, s, _ throws(ScenarioError) in
            s = []
            for item in try f.array() {
                var e = RawEvent(frame: 1, gesture: .pan, phase: .began)
                try event.read(item, into: &e, .none)
                s.append(e)
            }
        },
        write: { s in .array(s.map(event.write)) })

    static let until = Key<Void>(
        "until", .choice(["settled"], registered: nil),
        doc: "let time pass until nothing animates (settles, re-fits pending or running, mask fades); at most 10 s,"
            + " else an error",
        read: { f, _, _ throws(ScenarioError) in
            let s = try f.string()
            guard s == "settled" else { throw f.error("expected \"settled\", got \(JSONNode.quote(Echo.cap(s)))") }
        },
        write: { _ in .string("settled") })

    static let restore = Key<Void>(
        "restore", .custom(schema: .object([("const", .bool(true))]), text: "`true`"),
        doc: "back to the editor's initial fit (and box, angle, turns), before `start`",
        read: { f, _, _ throws(ScenarioError) in
            guard try f.bool() else { throw f.error("expected true") }
        },
        write: { _ in .bool(true) })

    static let saveAlpha = Key<SaveStep>(
        "alpha", .nullable(.choice(["circle"], registered: nil)),
        doc: "`circle` makes the outside of the inscribed circle transparent",
        read: { f, s, _ throws(ScenarioError) in
            guard !f.isNull else { return }
            let text = try f.string()
            guard text == "circle" else {
                throw f.error("expected \"circle\" or null, got \(JSONNode.quote(Echo.cap(text)))")
            }
            s.circleAlpha = true
        },
        write: { s in s.circleAlpha ? .string("circle") : .null })

    static let aspect = Key<AspectChoice>(
        "aspect",
        .custom(
            schema: .object([
                ("anyOf", .array([ScenarioSchema.pair(.positive), ScenarioSchema.enumOf(["original", "free"])]))
            ]),
            text: "`[w, h]` each \(ValueRange.positive.text), `\"original\"` (the oriented image's) or `\"free\"`",
            parts: [.init("", .pair(.positive, what: Size.what))]),
        doc: "a resizable box takes that aspect (the largest such rect inside itself, then re-fitted) or becomes"
            + " free",
        read: { f, s, _ throws(ScenarioError) in
            if case .string(let text) = f.node.value {
                switch text {
                case "original": s = .original
                case "free": s = .free
                default: throw f.error("expected [w, h], \"original\" or \"free\", got \"\(Echo.cap(text))\"")
                }
                return
            }
            let (w, h) = try f.numberPair()
            s = .ratio(Size(w, h))
        },
        write: { s in
            switch s {
            case .ratio(let r): return .array([.number(r.width), .number(r.height)])
            case .original: return .string("original")
            case .free: return .string("free")
            }
        },
        check: { s, place in
            guard case .ratio(let r) = s else { return nil }
            return r.problem(.positive, at: place)
        })
}
