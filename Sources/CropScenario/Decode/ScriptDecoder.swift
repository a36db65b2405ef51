import CropGeometry
import CropJSON

/// Decodes `script` steps (docs/scenarios.md).
struct ScriptDecoder {
    static let stepKeys = Keys.steps
    var snapshotNames: Set<String> = []
    var cropNames: Set<String> = []
    let editor: EditorConfig
    var viewportScale: Int { editor.viewport.scale }

    init(editor: EditorConfig) { self.editor = editor }

    mutating func decodeScript(_ field: Field?) throws(ScenarioError) -> [Step] {
        guard let field else { return [] }
        var steps: [Step] = []
        for item in try field.array() { steps.append(try decodeStep(item, insideTogether: false)) }
        return steps
    }

    mutating func decodeStep(_ field: Field, insideTogether: Bool) throws(ScenarioError) -> Step {
        guard case .object(let members) = field.node.value else {
            throw field.error("expected a step object such as {\"pan\": {...}}, got \(field.node.value.kindName)")
        }
        guard members.count == 1, let member = members.first else {
            throw field.error("expected a step object with exactly one key, got \(members.count) keys")
        }
        let key = member.key
        guard Self.stepKeys.contains(key) else {
            let hint = Suggest.closest(key, in: Self.stepKeys).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw ScenarioError(
                file: field.file, place: "\(field.path).\(Echo.cap(key))",
                message:
                    "unknown step \"\(Echo.cap(key))\"\(hint); expected one of:"
                    + " \(Self.stepKeys.joined(separator: ", "))"
            )
        }
        let f = field.child(key, member.node)
        if insideTogether, !Keys.gestureSteps.contains(key) {
            throw f.error(
                "expected a gesture step (\(Keys.gestureSteps.joined(separator: ", "))) inside \"together\","
                    + " got \"\(Echo.cap(key))\""
            )
        }
        let kind: StepKind
        switch key {
        case "pan": kind = .pan(try decodePan(f))
        case "pinch": kind = .pinch(try decodePinch(f))
        case "together":
            var subs: [Step] = []
            for item in try f.array() { subs.append(try decodeStep(item, insideTogether: true)) }
            if subs.isEmpty { throw f.error("expected at least one gesture step") }
            kind = .together(subs)
        case "touches": kind = .touches(try decodeTouches(f))
        case "events": kind = .events(try decodeEvents(f))
        case "wait": kind = .wait(try f.number(min: 0, max: Limits.maxSeconds, what: "a duration in seconds"))
        case "until":
            let s = try f.string()
            guard s == "settled" else { throw f.error("expected \"settled\", got \(JSONNode.quote(Echo.cap(s)))") }
            kind = .untilSettled
        case "snapshot":
            let name = try f.outputName()
            guard !snapshotNames.contains(name) else { throw f.error("duplicate snapshot name \"\(name)\"") }
            snapshotNames.insert(name)
            kind = .snapshot(name)
        case "restore":
            guard try f.bool() else { throw f.error("expected true") }
            kind = .restore
        case "resize":
            let (w, h) = try f.pair()
            guard w > 0, h > 0 else { throw f.error("expected a viewport size [width, height] > 0") }
            try EditorDecoder.checkViewportPixels(width: w, height: h, scale: viewportScale, field: f)
            kind = .resize(w, h)
        case "rotate": kind = .rotate(try f.choice(Orientation.self))
        case "rotation":
            try requireRotationGesture(f, what: "a rotation step")
            kind = .rotation(try decodeRotation(f))
        case "straighten":
            try requireAngle(f, what: "a straighten step")
            kind = .straighten(try decodeStraighten(f))
        case "quarterTurn": kind = .quarterTurn(try f.choice(TurnDirection.self))
        case "flip": kind = .flip(try f.choice(FlipAxis.self))
        case "aspect":
            guard editor.frame.resizable, editor.frame.shape != .circle else {
                throw f.error(
                    "an aspect step needs a resizable box that is not a circle (editor.frame.resizable,"
                        + " shape rect or roundedRect)"
                )
            }
            kind = .aspect(try decodeAspect(f))
        case "doubleTap": kind = .doubleTap(try f.point())
        default: kind = .save(try decodeSave(f))
        }
        return Step(kind: kind, path: field.path)
    }

    /// Load-time rule of docs/scenarios.md: rotation steps and raw rotation events need the gesture.
    func requireRotationGesture(_ f: Field, what: String) throws(ScenarioError) {
        guard editor.rotation.gesture else {
            throw f.error("\(what) needs the rotation gesture (editor.rotation.gesture: true)")
        }
        try requireAngle(f, what: what)
    }

    /// An angle needs constraint "frame" or "none" (docs/scenarios.md).
    func requireAngle(_ f: Field, what: String) throws(ScenarioError) {
        guard editor.constraint != .viewport else {
            throw f.error(
                "\(what) turns the photo by an angle, which needs constraint \"frame\" or \"none\" (this"
                    + " editor has \"viewport\")"
            )
        }
    }

    func decodeRotation(_ field: Field) throws(ScenarioError) -> RotationStep {
        let f = try field.object(allowed: Keys.rotationStep)
        guard let by = f["by"] else { throw field.error("expected \"by\": degrees") }
        return RotationStep(
            by: try by.number(min: -Limits.maxCoordinate, max: Limits.maxCoordinate, what: "an angle in degrees"),
            at: try f["at"].map { (v: Field) throws(ScenarioError) -> Point in try v.point() },
            duration: try f["duration"]?.number(min: 0, max: Limits.maxSeconds, what: "a duration") ?? 0.4,
            easing: try f["easing"]?.choice(Easing.self) ?? .linear,
            hold: try f["hold"]?.number(min: 0, max: Limits.maxSeconds, what: "a duration") ?? 0)
    }

    func decodeStraighten(_ field: Field) throws(ScenarioError) -> StraightenStep {
        let f = try field.object(allowed: Keys.straighten)
        guard let to = f["to"] else { throw field.error("expected \"to\": degrees") }
        return StraightenStep(
            to: try to.number(min: -Limits.maxCoordinate, max: Limits.maxCoordinate, what: "an angle in degrees"),
            duration: try f["duration"]?.number(min: 0, max: Limits.maxSeconds, what: "a duration") ?? 0.5,
            easing: try f["easing"]?.choice(Easing.self) ?? .linear)
    }

    func decodeAspect(_ f: Field) throws(ScenarioError) -> AspectChoice {
        if case .string(let s) = f.node.value {
            switch s {
            case "original": return .original
            case "free": return .free
            default: throw f.error("expected [w, h], \"original\" or \"free\", got \"\(Echo.cap(s))\"")
            }
        }
        let (w, h) = try f.pair()
        guard w > 0, h > 0 else {
            throw f.error("expected an aspect [w, h] > 0, got [\(JSONNumber.format(w)), \(JSONNumber.format(h))]")
        }
        return .ratio(Size(w, h))
    }

    func decodePan(_ field: Field) throws(ScenarioError) -> PanStep {
        let f = try field.object(allowed: Keys.pan)
        guard let by = f["by"] else { throw field.error("expected \"by\": [dx, dy]") }
        return PanStep(
            by: try by.point(),
            duration: try f["duration"]?.number(min: 0, max: Limits.maxSeconds, what: "a duration") ?? 0.5,
            easing: try f["easing"]?.choice(Easing.self) ?? .linear,
            hold: try f["hold"]?.number(min: 0, max: Limits.maxSeconds, what: "a duration") ?? 0,
            velocity: try f["velocity"].map { (v: Field) throws(ScenarioError) -> Point in try v.point() },
            from: try f["from"].map { (v: Field) throws(ScenarioError) -> Point in try v.point() }
        )
    }

    func decodePinch(_ field: Field) throws(ScenarioError) -> PinchStep {
        let f = try field.object(allowed: Keys.pinch)
        guard let scale = f["scale"] else { throw field.error("expected \"scale\": a number > 0") }
        return PinchStep(
            scale: try scale.scale(),
            at: try f["at"].map { (v: Field) throws(ScenarioError) -> Point in try v.point() },
            duration: try f["duration"]?.number(min: 0, max: Limits.maxSeconds, what: "a duration") ?? 0.4,
            easing: try f["easing"]?.choice(Easing.self) ?? .linear,
            hold: try f["hold"]?.number(min: 0, max: Limits.maxSeconds, what: "a duration") ?? 0
        )
    }

    func decodeTouches(_ field: Field) throws(ScenarioError) -> [[Point]] {
        var frames: [[Point]] = []
        for entry in try field.array() {
            let fingers = try entry.array()
            guard fingers.count <= 2 else {
                throw entry.error("expected 0, 1 or 2 finger positions, got \(fingers.count)")
            }
            frames.append(try fingers.map { (p: Field) throws(ScenarioError) -> Point in try p.point() })
        }
        if frames.count > Limits.maxFrames { throw field.error("more than \(Limits.maxFrames) frames") }
        return frames
    }

    func decodeEvents(_ field: Field) throws(ScenarioError) -> [RawEvent] {
        var events: [RawEvent] = []
        var lastFrame = 1
        for item in try field.array() {
            let f = try item.object(allowed: Keys.event)
            guard let frameField = f["frame"] else { throw item.error("expected \"frame\": an integer >= 1") }
            guard let gesture = f["gesture"] else {
                throw item.error("expected \"gesture\": \"pan\", \"pinch\" or \"rotation\"")
            }
            guard let phase = f["phase"] else {
                throw item.error("expected \"phase\": began, changed, ended, cancelled or failed")
            }
            let frame = try frameField.integer(min: 1, max: Limits.maxFrames)
            guard frame >= lastFrame else {
                throw frameField.error("expected frames in non-decreasing order, got \(frame) after \(lastFrame)")
            }
            lastFrame = frame
            let kind = try gesture.choice(GestureKind.self)
            if kind == .rotation { try requireRotationGesture(gesture, what: "a raw rotation event") }
            events.append(
                RawEvent(
                    frame: frame,
                    gesture: kind,
                    phase: try phase.choice(GesturePhase.self),
                    translation: try f["translation"].map { (v: Field) throws(ScenarioError) -> Point in try v.point()
                    },
                    scale: try f["scale"].map { (v: Field) throws(ScenarioError) -> Double in
                        try v.scale()
                    },
                    location: try f["location"].map { (v: Field) throws(ScenarioError) -> Point in try v.point() },
                    velocity: try f["velocity"].map { (v: Field) throws(ScenarioError) -> Point in try v.point() },
                    rotation: try f["rotation"].map { (v: Field) throws(ScenarioError) -> Double in
                        try v.number(min: -Limits.maxCoordinate, max: Limits.maxCoordinate, what: "an angle in degrees")
                    }
                ))
        }
        if events.isEmpty { throw field.error("expected at least one event") }
        return events
    }

    mutating func decodeSave(_ field: Field) throws(ScenarioError) -> SaveStep {
        let f = try field.object(allowed: Keys.save)
        guard let nameField = f["name"] else { throw field.error("expected \"name\": the crop's file name") }
        let name = try nameField.outputName()
        guard !cropNames.contains(name) else { throw nameField.error("duplicate crop name \"\(name)\"") }
        cropNames.insert(name)
        var circle = false
        if let a = f["alpha"], !a.isNull {
            let s = try a.string()
            guard s == "circle" else {
                throw a.error("expected \"circle\" or null, got \(JSONNode.quote(Echo.cap(s)))")
            }
            circle = true
        }
        return SaveStep(name: name, circleAlpha: circle, thenLoad: try f["thenLoad"]?.bool() ?? false)
    }
}
