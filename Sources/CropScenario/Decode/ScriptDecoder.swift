import CropGeometry
import CropJSON

/// Decodes `script` steps (docs/scenarios.md): the JSON's shape as it is read (one key per
/// step, known keys, numbers, names), then each step's ranges and rules by the script's one
/// validator (`ScriptValidator`), in order.
struct ScriptDecoder {
    static let stepKeys = Keys.steps
    var validator: ScriptValidator

    init(editor: EditorConfig) { validator = ScriptValidator(editor: editor) }

    mutating func decodeScript(_ field: Field?) throws(ScenarioError) -> [Step] {
        guard let field else { return [] }
        var steps: [Step] = []
        for item in try field.array() {
            let step = try decodeStep(item)
            if let problem = validator.problem(step.kind, at: step.path) { throw problem.error(file: field.file) }
            steps.append(step)
        }
        return steps
    }

    func decodeStep(_ field: Field) throws(ScenarioError) -> Step {
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
        let kind: StepKind
        switch key {
        case "pan": kind = .pan(try decodePan(f))
        case "pinch": kind = .pinch(try decodePinch(f))
        case "together":
            kind = .together(try f.array().map { (item: Field) throws(ScenarioError) -> Step in try decodeStep(item) })
        case "touches": kind = .touches(try decodeTouches(f))
        case "events": kind = .events(try decodeEvents(f))
        case "wait": kind = .wait(try f.number())
        case "until":
            let s = try f.string()
            guard s == "settled" else { throw f.error("expected \"settled\", got \(JSONNode.quote(Echo.cap(s)))") }
            kind = .untilSettled
        case "snapshot": kind = .snapshot(try f.string())
        case "restore":
            guard try f.bool() else { throw f.error("expected true") }
            kind = .restore
        case "resize":
            let (w, h) = try f.numberPair()
            kind = .resize(w, h)
        case "rotate": kind = .rotate(try f.choice(Orientation.self))
        case "rotation": kind = .rotation(try decodeRotation(f))
        case "straighten": kind = .straighten(try decodeStraighten(f))
        case "quarterTurn": kind = .quarterTurn(try f.choice(TurnDirection.self))
        case "flip": kind = .flip(try f.choice(FlipAxis.self))
        case "aspect": kind = .aspect(try decodeAspect(f))
        case "doubleTap": kind = .doubleTap(try f.numberPoint())
        default: kind = .save(try decodeSave(f))
        }
        return Step(kind: kind, path: field.path)
    }

    func decodeRotation(_ field: Field) throws(ScenarioError) -> RotationStep {
        let f = try field.object(allowed: Keys.rotationStep)
        guard let by = f["by"] else { throw field.error("expected \"by\": degrees") }
        var step = RotationStep(by: try by.number())
        if let at = f["at"] { step.at = try at.numberPoint() }
        try readTiming(f, &step.duration, &step.easing, &step.hold)
        return step
    }

    func decodeStraighten(_ field: Field) throws(ScenarioError) -> StraightenStep {
        let f = try field.object(allowed: Keys.straighten)
        guard let to = f["to"] else { throw field.error("expected \"to\": degrees") }
        var step = StraightenStep(to: try to.number())
        var hold = 0.0  // the dial has none (refused above as an unknown key)
        try readTiming(f, &step.duration, &step.easing, &hold)
        return step
    }

    func decodeAspect(_ f: Field) throws(ScenarioError) -> AspectChoice {
        if case .string(let s) = f.node.value {
            switch s {
            case "original": return .original
            case "free": return .free
            default: throw f.error("expected [w, h], \"original\" or \"free\", got \"\(Echo.cap(s))\"")
            }
        }
        let (w, h) = try f.numberPair()
        return .ratio(Size(w, h))
    }

    func decodePan(_ field: Field) throws(ScenarioError) -> PanStep {
        let f = try field.object(allowed: Keys.pan)
        guard let by = f["by"] else { throw field.error("expected \"by\": [dx, dy]") }
        var step = PanStep(by: try by.numberPoint())
        try readTiming(f, &step.duration, &step.easing, &step.hold)
        if let v = f["velocity"] { step.velocity = try v.numberPoint() }
        if let p = f["from"] { step.from = try p.numberPoint() }
        return step
    }

    func decodePinch(_ field: Field) throws(ScenarioError) -> PinchStep {
        let f = try field.object(allowed: Keys.pinch)
        guard let scale = f["scale"] else { throw field.error("expected \"scale\": a number > 0") }
        var step = PinchStep(scale: try scale.number())
        if let at = f["at"] { step.at = try at.numberPoint() }
        try readTiming(f, &step.duration, &step.easing, &step.hold)
        return step
    }

    /// The timing keys of gesture steps, where given (their defaults are the step's).
    func readTiming(_ f: [String: Field], _ duration: inout Double, _ easing: inout Easing, _ hold: inout Double)
        throws(ScenarioError)
    {
        if let d = f["duration"] { duration = try d.number() }
        if let e = f["easing"] { easing = try e.choice(Easing.self) }
        if let h = f["hold"] { hold = try h.number() }
    }

    func decodeTouches(_ field: Field) throws(ScenarioError) -> [[Point]] {
        try field.array().map { (entry: Field) throws(ScenarioError) -> [Point] in
            try entry.array().map { (p: Field) throws(ScenarioError) -> Point in try p.numberPoint() }
        }
    }

    func decodeEvents(_ field: Field) throws(ScenarioError) -> [RawEvent] {
        var events: [RawEvent] = []
        for item in try field.array() {
            let f = try item.object(allowed: Keys.event)
            guard let frameField = f["frame"] else { throw item.error("expected \"frame\": an integer >= 1") }
            guard let gesture = f["gesture"] else {
                throw item.error("expected \"gesture\": \"pan\", \"pinch\" or \"rotation\"")
            }
            guard let phase = f["phase"] else {
                throw item.error("expected \"phase\": began, changed, ended, cancelled or failed")
            }
            var event = RawEvent(
                frame: try frameField.wholeNumber(in: 1...Limits.maxFrames),
                gesture: try gesture.choice(GestureKind.self),
                phase: try phase.choice(GesturePhase.self))
            if let t = f["translation"] { event.translation = try t.numberPoint() }
            if let s = f["scale"] { event.scale = try s.number() }
            if let l = f["location"] { event.location = try l.numberPoint() }
            if let v = f["velocity"] { event.velocity = try v.numberPoint() }
            if let r = f["rotation"] { event.rotation = try r.number() }
            events.append(event)
        }
        return events
    }

    func decodeSave(_ field: Field) throws(ScenarioError) -> SaveStep {
        let f = try field.object(allowed: Keys.save)
        guard let nameField = f["name"] else { throw field.error("expected \"name\": the crop's file name") }
        var step = SaveStep(name: try nameField.string())
        if let a = f["alpha"], !a.isNull {
            let s = try a.string()
            guard s == "circle" else {
                throw a.error("expected \"circle\" or null, got \(JSONNode.quote(Echo.cap(s)))")
            }
            step.circleAlpha = true
        }
        if let t = f["thenLoad"] { step.thenLoad = try t.bool() }
        return step
    }
}
