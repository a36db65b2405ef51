import CropGeometry

/// Turns frames of finger positions into recognizer events, one frame at a time (docs/behaviour.md,
/// "Touches"): one finger drives the pan recognizer, two drive pinch (and rotation, when the editor
/// rotates); a change of finger count ends one gesture and begins the other on the same frame.
/// The `touches` step and the live model (`CropEditorModel.send(touches:)`) both use it, so a
/// recorded session replays to the same events.
package struct TouchRecognizer: Sendable {
    /// Two fingers also drive the rotation recognizer.
    package let rotates: Bool
    package let fps: Double
    private var panActive = false
    private var pinchActive = false
    private var origin = Point.zero
    private var translation = Point.zero
    private var previousTranslation = Point.zero
    private var panLocation = Point.zero
    private var baseDistance = 1.0
    private var scale = 1.0
    private var centroid = Point.zero
    private var baseAngle = 0.0
    private var rotation = 0.0

    /// Two fingers at one point (their angle and scale are undefined).
    package struct CoincidentFingers: Error, Sendable, Equatable {
        package var point: Point
    }

    package init(fps: Int, rotates: Bool) {
        self.fps = Double(fps)
        self.rotates = rotates
    }

    /// Whether a gesture is under way.
    package var isActive: Bool { panActive || pinchActive }

    /// The events of one frame with these fingers down (the first two count; none ends the
    /// gesture). The recognizer is unchanged when it throws.
    package mutating func frame(_ fingers: [Point]) throws(CoincidentFingers) -> [GestureEvent] {
        var out: [GestureEvent] = []
        switch fingers.count {
        case 0:
            if panActive { out.append(endPan()) }
            if pinchActive { out += endPinch() }
        case 1:
            let p = fingers[0]
            panLocation = p
            if panActive {
                previousTranslation = translation
                translation = p - origin
                out.append(GestureEvent(gesture: .pan, phase: .changed, translation: translation, location: p))
            } else {
                origin = p
                translation = .zero
                previousTranslation = .zero
                out.append(GestureEvent(gesture: .pan, phase: .began, translation: .zero, location: p))
                panActive = true
            }
            if pinchActive { out += endPinch() }
        default:
            let a = fingers[0]
            let b = fingers[1]
            let distance = (b - a).length
            guard distance > 0 else { throw CoincidentFingers(point: a) }
            centroid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
            let angle = DetMath.atan2Degrees(b.y - a.y, b.x - a.x)
            if pinchActive {
                scale = distance / baseDistance
                out.append(GestureEvent(gesture: .pinch, phase: .changed, scale: scale, location: centroid))
                if rotates {
                    rotation = Self.unwrap(angle - baseAngle, near: rotation)
                    out.append(
                        GestureEvent(gesture: .rotation, phase: .changed, rotation: rotation, location: centroid))
                }
            } else {
                baseDistance = distance
                scale = 1
                baseAngle = angle
                rotation = 0
                out.append(GestureEvent(gesture: .pinch, phase: .began, scale: 1, location: centroid))
                if rotates { out.append(GestureEvent(gesture: .rotation, phase: .began, location: centroid)) }
                pinchActive = true
            }
            if panActive { out.append(endPan()) }
        }
        return out
    }

    private mutating func endPan() -> GestureEvent {
        panActive = false
        return GestureEvent(
            gesture: .pan, phase: .ended, translation: translation, location: panLocation,
            velocity: (translation - previousTranslation) * fps)
    }

    private mutating func endPinch() -> [GestureEvent] {
        pinchActive = false
        var out = [GestureEvent(gesture: .pinch, phase: .ended, scale: scale, location: centroid)]
        if rotates {
            out.append(GestureEvent(gesture: .rotation, phase: .ended, rotation: rotation, location: centroid))
        }
        return out
    }

    /// `value` moved by whole turns into (previous - 180, previous + 180] (docs/behaviour.md, "Touches").
    package static func unwrap(_ value: Double, near previous: Double) -> Double {
        var v = value
        while v > previous + 180 { v -= 360 }
        while v <= previous - 180 { v += 360 }
        return v
    }
}
