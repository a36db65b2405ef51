import CropGeometry
import CropScenario

/// One recognizer event as the engine receives it: cumulative values since `began`.
package struct GestureEvent: Equatable, Sendable {
    package var gesture: GestureKind
    package var phase: GesturePhase
    package var translation: Point
    package var scale: Double
    package var location: Point
    /// Release velocity in points per second (pan), or nil for none.
    package var velocity: Point?
    package init(
        gesture: GestureKind, phase: GesturePhase, translation: Point = .zero, scale: Double = 1, location: Point = .zero,
        velocity: Point? = nil
    ) {
        self.gesture = gesture
        self.phase = phase
        self.translation = translation
        self.scale = scale
        self.location = location
        self.velocity = velocity
    }
}

/// An engine action on an absolute frame, with the step that scheduled it (for messages).
package struct ScheduledAction: Equatable, Sendable {
    package var frame: Int
    package var action: EngineAction
    package var stepPath: String
}

/// Expands script steps into frame-numbered actions (SPEC section 5). It keeps
/// what later steps depend on: the viewport (for default focal points and
/// rotations) and each recognizer's previous values (for raw events).
package struct TimelineExpander: Sendable {
    package private(set) var viewportWidth: Double
    package private(set) var viewportHeight: Double
    package let fps: Int
    private var lastTranslation = Point.zero
    private var lastScale = 1.0
    private var lastLocation: Point

    /// The frame's definition, recomputed for each viewport (a resize must leave it room).
    package let frameSpec: FrameSpec

    package init(viewportWidth: Double, viewportHeight: Double, fps: Int, frame: FrameSpec = FrameSpec()) {
        self.frameSpec = frame
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.fps = fps
        self.lastLocation = Point(viewportWidth / 2, viewportHeight / 2)
    }

    /// The frame centre (the frame is centred in the viewport).
    package var frameCenter: Point { Point(viewportWidth / 2, viewportHeight / 2) }

    /// Frames for a duration: round(seconds * fps), half away from zero.
    package func frames(_ seconds: Double) -> Int { Int(DetMath.round(seconds * Double(fps))) }

    /// Expands a gesture, restore, resize or rotate step starting at `cursor`.
    /// Returns the actions and the new cursor.
    package mutating func expand(_ step: Step, cursor: Int) throws(ScenarioError) -> (actions: [ScheduledAction], cursor: Int) {
        var out: [ScheduledAction] = []
        let newCursor: Int
        switch step.kind {
        case .pan(let pan): newCursor = expandPan(pan, cursor: cursor, path: step.path, into: &out)
        case .pinch(let pinch): newCursor = expandPinch(pinch, cursor: cursor, path: step.path, into: &out)
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
        case .restore:
            out.append(ScheduledAction(frame: cursor + 1, action: .restoreRequested, stepPath: step.path))
            newCursor = cursor + 1
        case .resize(let w, let h):
            if let problem = frameSpec.misfit(viewportWidth: w, viewportHeight: h) {
                throw ScenarioError(file: "", place: step.path + ".resize", message: problem)
            }
            viewportWidth = w
            viewportHeight = h
            out.append(ScheduledAction(frame: cursor + 1, action: .viewportChanged(width: w, height: h), stepPath: step.path))
            newCursor = cursor + 1
        case .rotate(let orientation):
            let long = max(viewportWidth, viewportHeight)
            let short = min(viewportWidth, viewportHeight)
            let (w, h) = orientation == .landscape ? (long, short) : (short, long)
            if let problem = frameSpec.misfit(viewportWidth: w, viewportHeight: h) {
                throw ScenarioError(file: "", place: step.path + ".rotate", message: problem)
            }
            (viewportWidth, viewportHeight) = (w, h)
            out.append(
                ScheduledAction(
                    frame: cursor + 1, action: .viewportChanged(width: viewportWidth, height: viewportHeight), stepPath: step.path))
            newCursor = cursor + 1
        case .wait, .untilSettled, .snapshot, .save:
            newCursor = cursor
        }
        return (out, newCursor)
    }

    private mutating func emit(_ frame: Int, _ event: GestureEvent, _ path: String, into out: inout [ScheduledAction]) {
        if event.gesture == .pan {
            lastTranslation = event.translation
        } else {
            lastScale = event.scale
            lastLocation = event.location
        }
        out.append(ScheduledAction(frame: frame, action: .gesture(event), stepPath: path))
    }

    private mutating func expandPan(_ pan: PanStep, cursor: Int, path: String, into out: inout [ScheduledAction]) -> Int {
        let n = max(1, frames(pan.duration))
        let hold = frames(pan.hold)
        let center = frameCenter
        emit(cursor + 1, GestureEvent(gesture: .pan, phase: .began, location: center), path, into: &out)
        var previous = Point.zero
        for i in 1..<n {
            let e = pan.easing.apply(Double(i) / Double(n))
            previous = pan.by * e
            emit(cursor + 1 + i, GestureEvent(gesture: .pan, phase: .changed, translation: previous, location: center), path, into: &out)
        }
        for j in 0..<hold {
            previous = pan.by
            emit(cursor + 1 + n + j, GestureEvent(gesture: .pan, phase: .changed, translation: pan.by, location: center), path, into: &out)
        }
        let velocity = pan.velocity ?? (pan.by - previous) * Double(fps)
        let end = cursor + 1 + n + hold
        emit(end, GestureEvent(gesture: .pan, phase: .ended, translation: pan.by, location: center, velocity: velocity), path, into: &out)
        return end
    }

    private mutating func expandPinch(_ pinch: PinchStep, cursor: Int, path: String, into out: inout [ScheduledAction]) -> Int {
        let n = max(1, frames(pinch.duration))
        let hold = frames(pinch.hold)
        let at = pinch.at ?? frameCenter
        emit(cursor + 1, GestureEvent(gesture: .pinch, phase: .began, scale: 1, location: at), path, into: &out)
        for i in 1..<n {
            let e = pinch.easing.apply(Double(i) / Double(n))
            emit(
                cursor + 1 + i, GestureEvent(gesture: .pinch, phase: .changed, scale: DetMath.pow(pinch.scale, e), location: at), path,
                into: &out)
        }
        for j in 0..<hold {
            emit(cursor + 1 + n + j, GestureEvent(gesture: .pinch, phase: .changed, scale: pinch.scale, location: at), path, into: &out)
        }
        let end = cursor + 1 + n + hold
        emit(end, GestureEvent(gesture: .pinch, phase: .ended, scale: pinch.scale, location: at), path, into: &out)
        return end
    }

    private mutating func expandTouches(_ entries: [[Point]], cursor: Int, path: String, into out: inout [ScheduledAction])
        throws(ScenarioError) -> Int
    {
        var panActive = false
        var pinchActive = false
        var origin = Point.zero
        var translation = Point.zero
        var previousTranslation = Point.zero
        var panLocation = Point.zero
        var baseDistance = 1.0
        var scale = 1.0
        var centroid = Point.zero
        var lastEventFrame = cursor
        let fps = Double(self.fps)

        func endPan(_ frame: Int, into out: inout [ScheduledAction]) {
            emit(
                frame,
                GestureEvent(
                    gesture: .pan, phase: .ended, translation: translation, location: panLocation,
                    velocity: (translation - previousTranslation) * fps), path, into: &out)
            panActive = false
            lastEventFrame = frame
        }
        func endPinch(_ frame: Int, into out: inout [ScheduledAction]) {
            emit(frame, GestureEvent(gesture: .pinch, phase: .ended, scale: scale, location: centroid), path, into: &out)
            pinchActive = false
            lastEventFrame = frame
        }

        for (j, fingers) in entries.enumerated() {
            let frame = cursor + 1 + j
            switch fingers.count {
            case 0:
                if panActive { endPan(frame, into: &out) }
                if pinchActive { endPinch(frame, into: &out) }
            case 1:
                let p = fingers[0]
                panLocation = p
                if panActive {
                    previousTranslation = translation
                    translation = p - origin
                    emit(frame, GestureEvent(gesture: .pan, phase: .changed, translation: translation, location: p), path, into: &out)
                } else {
                    origin = p
                    translation = .zero
                    previousTranslation = .zero
                    emit(frame, GestureEvent(gesture: .pan, phase: .began, translation: .zero, location: p), path, into: &out)
                    panActive = true
                }
                lastEventFrame = frame
                if pinchActive { endPinch(frame, into: &out) }
            default:
                let a = fingers[0]
                let b = fingers[1]
                let distance = (b - a).length
                guard distance > 0 else {
                    throw ScenarioError(file: "", place: "\(path).touches[\(j)]", message: "frame \(frame): two fingers at one point \(a)")
                }
                centroid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
                if pinchActive {
                    scale = distance / baseDistance
                    emit(frame, GestureEvent(gesture: .pinch, phase: .changed, scale: scale, location: centroid), path, into: &out)
                } else {
                    baseDistance = distance
                    scale = 1
                    emit(frame, GestureEvent(gesture: .pinch, phase: .began, scale: 1, location: centroid), path, into: &out)
                    pinchActive = true
                }
                lastEventFrame = frame
                if panActive { endPan(frame, into: &out) }
            }
        }
        let after = cursor + entries.count + 1
        if panActive { endPan(after, into: &out) }
        if pinchActive { endPinch(after, into: &out) }
        return max(cursor + entries.count, lastEventFrame)
    }

    private mutating func expandEvents(_ events: [RawEvent], cursor: Int, path: String, into out: inout [ScheduledAction]) -> Int {
        var last = cursor
        for (i, raw) in events.enumerated() {
            let frame = cursor + raw.frame
            let isBegan = raw.phase == .began
            let event = GestureEvent(
                gesture: raw.gesture, phase: raw.phase,
                translation: raw.translation ?? (isBegan ? .zero : lastTranslation),
                scale: raw.scale ?? (isBegan ? 1 : lastScale),
                location: raw.location ?? (isBegan ? frameCenter : lastLocation),
                velocity: raw.velocity
            )
            emit(frame, event, "\(path).events[\(i)]", into: &out)
            last = frame
        }
        return last
    }
}
