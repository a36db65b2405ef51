import CropGeometry
import CropScenario

/// An engine action on an absolute frame, with the step that scheduled it (for messages).
package struct ScheduledAction: Equatable, Sendable {
    package var frame: Int
    package var action: EngineAction
    package var stepPath: String
}

/// Expands script steps into frame-numbered actions (docs/scenarios.md). Defaults that
/// name the box centre are left to the engine (the box can move), which resolves them on the
/// `began` frame. The expander keeps what later steps depend on: the viewport (a resize must
/// leave the frame room) and each recognizer's previous values (for raw events).
package struct TimelineExpander: Sendable {
    package private(set) var viewportWidth: Double
    package private(set) var viewportHeight: Double
    package let fps: Int
    /// The frame's definition, recomputed for each viewport.
    package let frameSpec: FrameSpec
    /// Two fingers in `touches` also drive the rotation recognizer.
    package let rotationGesture: Bool
    private var lastTranslation = Point.zero
    private var lastScale = 1.0
    private var lastRotation = 0.0

    package init(
        viewportWidth: Double, viewportHeight: Double, fps: Int, frame: FrameSpec = FrameSpec(),
        rotationGesture: Bool = false
    ) {
        self.frameSpec = frame
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.fps = fps
        self.rotationGesture = rotationGesture
    }

    /// Frames for a duration: round(seconds * fps), half away from zero. Validated scenarios
    /// keep seconds within 0 ... 10000 and fps within 1 ... 240; anything else (NaN, an
    /// infinity, a negative) is held to the frames that range gives, so it can never trap.
    package func frames(_ seconds: Double) -> Int {
        let n = DetMath.round(seconds * Double(fps))
        guard n >= 0 else { return 0 }
        return Int(min(n, Limits.maxSeconds * 240))
    }

    /// Expands a step that schedules actions, starting at `cursor`. Returns the actions and the
    /// new cursor.
    package mutating func expand(_ step: Step, cursor: Int) throws(ScenarioError) -> (
        actions: [ScheduledAction], cursor: Int
    ) {
        var out: [ScheduledAction] = []
        var newCursor = cursor + 1
        func once(_ action: EngineAction) {
            out.append(ScheduledAction(frame: cursor + 1, action: action, stepPath: step.path))
        }
        switch step.kind {
        case .pan(let pan): newCursor = expandPan(pan, cursor: cursor, path: step.path, into: &out)
        case .pinch(let pinch):
            newCursor = expandTimed(
                cursor: cursor, duration: pinch.duration, hold: pinch.hold, easing: pinch.easing, path: step.path,
                into: &out
            ) { phase, e in
                GestureEvent(
                    gesture: .pinch, phase: phase, scale: phase == .began ? 1 : DetMath.pow(pinch.scale, e),
                    location: pinch.at)
            }
        case .rotation(let rotation):
            newCursor = expandTimed(
                cursor: cursor, duration: rotation.duration, hold: rotation.hold, easing: rotation.easing,
                path: step.path, into: &out
            ) { phase, e in
                GestureEvent(
                    gesture: .rotation, phase: phase, rotation: phase == .began ? 0 : e * rotation.by,
                    location: rotation.at)
            }
        case .straighten(let dial):
            newCursor = expandTimed(
                cursor: cursor, duration: dial.duration, hold: 0, easing: dial.easing, path: step.path, into: &out
            ) {
                phase, e in
                GestureEvent(gesture: .rotation, phase: phase, rotation: phase == .began ? 0 : e, dialTarget: dial.to)
            }
        case .together(let steps):
            var latest = cursor
            for sub in steps {
                let (actions, end) = try expand(sub, cursor: cursor)
                out.append(contentsOf: actions)
                latest = max(latest, end)
            }
            newCursor = latest
        case .touches(let entries): newCursor = try expandTouches(entries, cursor: cursor, path: step.path, into: &out)
        case .events(let events): newCursor = expandEvents(events, cursor: cursor, path: step.path, into: &out)
        case .restore: once(.restoreRequested)
        case .resize(let w, let h):
            try resizeViewport(w, h, place: step.path + ".resize")
            once(.viewportChanged(width: w, height: h))
        case .rotate(let orientation):
            let long = max(viewportWidth, viewportHeight)
            let short = min(viewportWidth, viewportHeight)
            let (w, h) = orientation == .landscape ? (long, short) : (short, long)
            try resizeViewport(w, h, place: step.path + ".rotate")
            once(.viewportChanged(width: w, height: h))
        case .quarterTurn(let direction): once(.quarterTurnRequested(clockwise: direction == .clockwise))
        case .flip(let axis): once(.flipRequested(horizontal: axis == .horizontal))
        case .aspect(let choice): once(.aspectRequested(choice))
        case .doubleTap(let point): once(.doubleTapped(point))
        case .wait, .untilSettled, .snapshot, .save:
            newCursor = cursor
        }
        return (out, newCursor)
    }

    private mutating func resizeViewport(_ w: Double, _ h: Double, place: String) throws(ScenarioError) {
        if let problem = frameSpec.misfit(viewportWidth: w, viewportHeight: h) {
            throw ScenarioError(file: "", place: place, message: problem)
        }
        viewportWidth = w
        viewportHeight = h
    }

    private mutating func emit(_ frame: Int, _ event: GestureEvent, _ path: String, into out: inout [ScheduledAction]) {
        switch event.gesture {
        case .pan: lastTranslation = event.translation
        case .pinch: lastScale = event.scale
        case .rotation: lastRotation = event.dialTarget == nil ? event.rotation : lastRotation
        }
        out.append(ScheduledAction(frame: frame, action: .gesture(event), stepPath: path))
    }

    /// The timing of a gesture step: began on cursor+1, changed for i = 1..N-1 at e(i/N), `hold` more
    /// changed frames at 1, ended at 1. `make(phase, e)` builds each event.
    private mutating func expandTimed(
        cursor: Int, duration: Double, hold: Double, easing: Easing, path: String, into out: inout [ScheduledAction],
        _ make: (GesturePhase, Double) -> GestureEvent
    ) -> Int {
        let n = max(1, frames(duration))
        let holdFrames = frames(hold)
        emit(cursor + 1, make(.began, 0), path, into: &out)
        for i in 1..<n { emit(cursor + 1 + i, make(.changed, easing.apply(Double(i) / Double(n))), path, into: &out) }
        for j in 0..<holdFrames { emit(cursor + 1 + n + j, make(.changed, 1), path, into: &out) }
        let end = cursor + 1 + n + holdFrames
        emit(end, make(.ended, 1), path, into: &out)
        return end
    }

    private mutating func expandPan(_ pan: PanStep, cursor: Int, path: String, into out: inout [ScheduledAction]) -> Int
    {
        let n = max(1, frames(pan.duration))
        let hold = frames(pan.hold)
        emit(cursor + 1, GestureEvent(gesture: .pan, phase: .began, location: pan.from), path, into: &out)
        var previous = Point.zero
        for i in 1..<n {
            let e = pan.easing.apply(Double(i) / Double(n))
            previous = pan.by * e
            emit(cursor + 1 + i, GestureEvent(gesture: .pan, phase: .changed, translation: previous), path, into: &out)
        }
        for j in 0..<hold {
            previous = pan.by
            emit(
                cursor + 1 + n + j, GestureEvent(gesture: .pan, phase: .changed, translation: pan.by), path, into: &out)
        }
        let velocity = pan.velocity ?? (pan.by - previous) * Double(fps)
        let end = cursor + 1 + n + hold
        emit(end, GestureEvent(gesture: .pan, phase: .ended, translation: pan.by, velocity: velocity), path, into: &out)
        return end
    }

    private mutating func expandTouches(
        _ entries: [[Point]], cursor: Int, path: String, into out: inout [ScheduledAction]
    )
        throws(ScenarioError) -> Int
    {
        var recognizer = TouchRecognizer(fps: fps, rotates: rotationGesture)
        var lastEventFrame = cursor
        for (j, fingers) in entries.enumerated() {
            let frame = cursor + 1 + j
            let events: [GestureEvent]
            do { events = try recognizer.frame(fingers) } catch {
                throw ScenarioError(
                    file: "", place: "\(path).touches[\(j)]",
                    message: "frame \(frame): two fingers at one point \(error.point)")
            }
            for event in events { emit(frame, event, path, into: &out) }
            if !events.isEmpty { lastEventFrame = frame }
        }
        let after = cursor + entries.count + 1
        // No finger lifts at the end of the step: the gesture ends on the frame after it.
        if let events = try? recognizer.frame([]), !events.isEmpty {
            for event in events { emit(after, event, path, into: &out) }
            lastEventFrame = after
        }
        return max(cursor + entries.count, lastEventFrame)
    }

    private mutating func expandEvents(
        _ events: [RawEvent], cursor: Int, path: String, into out: inout [ScheduledAction]
    ) -> Int {
        var last = cursor
        for (i, raw) in events.enumerated() {
            let frame = cursor + raw.frame
            let isBegan = raw.phase == .began
            let event = GestureEvent(
                gesture: raw.gesture, phase: raw.phase,
                translation: raw.translation ?? (isBegan ? .zero : lastTranslation),
                scale: raw.scale ?? (isBegan ? 1 : lastScale),
                rotation: raw.rotation ?? (isBegan ? 0 : lastRotation),
                location: raw.location,
                velocity: raw.velocity
            )
            emit(frame, event, "\(path).events[\(i)]", into: &out)
            last = frame
        }
        return last
    }
}
