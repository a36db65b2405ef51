import CropGeometry
import CropScenario

/// One recognizer event as the engine receives it: cumulative values since `began`.
public struct GestureEvent: Equatable, Sendable {
    /// The recognizer that sends the event.
    public var gesture: GestureKind
    /// Its phase.
    public var phase: GesturePhase
    /// Pan: translation since began.
    public var translation: Point
    /// Pinch: scale since began.
    public var scale: Double
    /// Rotation: degrees since began, clockwise positive.
    public var rotation: Double
    /// Where the fingers are. nil: at `began` the box centre on that frame (a defaulted pan
    /// location, which never grabs a box handle); later the recognizer's previous location.
    public var location: Point?
    /// Release velocity in points per second (pan), or nil for none.
    public var velocity: Point?
    /// The straighten dial (docs/behaviour.md, "Rotation"): the target angle; `rotation` then holds the eased
    /// progress e(i/N), and the cumulative rotation is progress * (target - the angle at began).
    public var dialTarget: Double?

    /// An event of `gesture` in `phase`; values not given are those of a `began`.
    public init(
        gesture: GestureKind, phase: GesturePhase, translation: Point = .zero, scale: Double = 1, rotation: Double = 0,
        location: Point? = nil, velocity: Point? = nil, dialTarget: Double? = nil
    ) {
        self.gesture = gesture
        self.phase = phase
        self.translation = translation
        self.scale = scale
        self.rotation = rotation
        self.location = location
        self.velocity = velocity
        self.dialTarget = dialTarget
    }
}
