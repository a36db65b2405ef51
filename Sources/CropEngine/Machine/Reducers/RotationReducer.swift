import CropGeometry
import CropScenario

/// The rotation and the straighten dial (docs/behaviour.md, "Rotation"): its location is the zoom
/// anchor, like a pinch's. A delta D of the cumulative rotation turns the image by D about the
/// location (`focal` anchor) or the image centre, the angle clamped to +-`rotation.limit` (the
/// centre turns by the delta actually applied; an angle within 1e-9 of 0 is 0); with `autoCover`
/// the raw state is then projected. The dial's rotation is its progress times (target - the angle
/// at `began`).
enum RotationReducer: GestureReducer {
    static func takeAnchor(_ s: inout EngineState, at location: Point) { s.focal = location }

    static func begin(_ s: inout EngineState, _ e: GestureEvent, _ update: inout GestureUpdate, _ engine: Engine) {
        if e.dialTarget != nil {
            update.recognizer.dialBase = s.raw.a
            update.recognizer.rotation = 0
        }
    }

    static func move(_ s: inout EngineState, _ e: GestureEvent, _ update: inout GestureUpdate, _ engine: Engine) {
        let location = update.location
        let value = e.dialTarget.map { e.rotation * ($0 - (update.recognizer.dialBase ?? 0)) } ?? e.rotation
        turn(&s, by: value - update.recognizer.rotation, about: location, engine)
        update.recognizer.rotation = value
        update.recognizer.location = location
        s.focal = location
        if engine.editor.rotation.autoCover { s.raw = engine.project(s, s.raw) }
    }

    static func remember(_ s: inout EngineState) { s.rotationStore = s.shown }

    /// Turns the raw state by `delta` degrees about `location` (focal anchor) or the image
    /// centre, the angle clamped to the limit.
    static func turn(_ s: inout EngineState, by delta: Double, about location: Point, _ engine: Engine) {
        var a = s.raw.a + delta
        if let limit = engine.editor.rotation.limit { a = min(max(a, -limit), limit) }
        if abs(a) <= 1e-9 { a = 0 }  // also turns -0 into 0
        let applied = a - s.raw.a
        if engine.editor.zoom.anchor == .focal && applied != 0 {
            let turned = Rotation(degrees: applied).apply(Point(s.raw.cx - location.x, s.raw.cy - location.y))
            s.raw.cx = location.x + turned.x
            s.raw.cy = location.y + turned.y
        }
        s.raw.a = a
    }
}
