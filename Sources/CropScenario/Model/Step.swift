import CropGeometry

/// Easing of scripted gestures over u in [0, 1].
public enum Easing: String, Sendable, CaseIterable {
    case linear, easeInOut, easeOut
    /// e(u) for u in [0, 1].
    public func apply(_ u: Double) -> Double {
        switch self {
        case .linear: return u
        case .easeInOut: return u * u * (3 - 2 * u)
        case .easeOut:
            let v = 1 - u
            return 1 - v * v * v
        }
    }
}

/// The recognizers: pan, pinch and (docs/scenarios.md) rotation.
public enum GestureKind: String, Sendable, CaseIterable { case pan, pinch, rotation }
/// Recognizer event phases.
public enum GesturePhase: String, Sendable, CaseIterable { case began, changed, ended, cancelled, failed }

/// A scripted pan (docs/scenarios.md).
public struct PanStep: Equatable, Sendable {
    public var by: Point
    public var duration: Double
    public var easing: Easing
    public var hold: Double
    public var velocity: Point?
    /// Where the finger lands (docs/scenarios.md: a landing on a resizable box's handle drags the
    /// box); nil: the box centre, which never grabs a handle.
    public var from: Point?
    public init(
        by: Point, duration: Double = 0.5, easing: Easing = .linear, hold: Double = 0, velocity: Point? = nil,
        from: Point? = nil
    ) {
        self.from = from
        self.by = by
        self.duration = duration
        self.easing = easing
        self.hold = hold
        self.velocity = velocity
    }
}

/// A scripted pinch (docs/scenarios.md).
public struct PinchStep: Equatable, Sendable {
    public var scale: Double
    /// Focal point; nil = the frame centre.
    public var at: Point?
    public var duration: Double
    public var easing: Easing
    public var hold: Double
    public init(scale: Double, at: Point? = nil, duration: Double = 0.4, easing: Easing = .linear, hold: Double = 0) {
        self.scale = scale
        self.at = at
        self.duration = duration
        self.easing = easing
        self.hold = hold
    }
}

/// A scripted two-finger twist (docs/scenarios.md): the cumulative rotation goes 0 -> `by` degrees.
public struct RotationStep: Equatable, Sendable {
    public var by: Double
    /// The twist's centre; nil = the box centre on the began frame.
    public var at: Point?
    public var duration: Double
    public var easing: Easing
    public var hold: Double
    public init(by: Double, at: Point? = nil, duration: Double = 0.4, easing: Easing = .linear, hold: Double = 0) {
        self.by = by
        self.at = at
        self.duration = duration
        self.easing = easing
        self.hold = hold
    }
}

/// The straighten dial (docs/scenarios.md): the angle goes from where it is to `to` degrees.
public struct StraightenStep: Equatable, Sendable {
    public var to: Double
    public var duration: Double
    public var easing: Easing
    public init(to: Double, duration: Double = 0.5, easing: Easing = .linear) {
        self.to = to
        self.duration = duration
        self.easing = easing
    }
}

/// A quarter turn's direction.
public enum TurnDirection: String, Sendable, CaseIterable { case clockwise, counterclockwise }
/// A flip's axis: horizontal mirrors left-right, vertical top-bottom.
public enum FlipAxis: String, Sendable, CaseIterable { case horizontal, vertical }

/// The aspect step (docs/scenarios.md): lock a ratio, the oriented image's, or unlock.
public enum AspectChoice: Equatable, Sendable {
    case ratio(Size)
    case original
    case free
}

/// One raw recognizer event of an `events` step; omitted values are nil.
public struct RawEvent: Equatable, Sendable {
    public var frame: Int
    public var gesture: GestureKind
    public var phase: GesturePhase
    public var translation: Point?
    public var scale: Double?
    public var location: Point?
    public var velocity: Point?
    /// Cumulative degrees since began (rotation events).
    public var rotation: Double?
    public init(
        frame: Int, gesture: GestureKind, phase: GesturePhase, translation: Point? = nil, scale: Double? = nil,
        location: Point? = nil,
        velocity: Point? = nil, rotation: Double? = nil
    ) {
        self.rotation = rotation
        self.frame = frame
        self.gesture = gesture
        self.phase = phase
        self.translation = translation
        self.scale = scale
        self.location = location
        self.velocity = velocity
    }
}

/// Target of a rotate step.
public enum Orientation: String, Sendable, CaseIterable { case landscape, portrait }

/// A crop to save (docs/outputs.md).
public struct SaveStep: Equatable, Sendable {
    public var name: String
    public var circleAlpha: Bool
    public var thenLoad: Bool
    public init(name: String, circleAlpha: Bool = false, thenLoad: Bool = false) {
        self.name = name
        self.circleAlpha = circleAlpha
        self.thenLoad = thenLoad
    }
}

/// One script step.
public enum StepKind: Equatable, Sendable {
    case pan(PanStep)
    case pinch(PinchStep)
    case together([Step])
    case touches([[Point]])
    case events([RawEvent])
    case wait(Double)
    case untilSettled
    case snapshot(String)
    case restore
    case resize(Double, Double)
    case rotate(Orientation)
    case save(SaveStep)
    case rotation(RotationStep)
    case straighten(StraightenStep)
    case quarterTurn(TurnDirection)
    case flip(FlipAxis)
    case aspect(AspectChoice)
    case doubleTap(Point)
}

/// A script step and its JSON path (`script[3]`, `script[2].together[1]`) for messages.
public struct Step: Equatable, Sendable {
    public var kind: StepKind
    public var path: String
    public init(kind: StepKind, path: String) {
        self.kind = kind
        self.path = path
    }
}

/// A decoded, validated scenario.
public struct Scenario: Equatable, Sendable {
    public var name: String
    /// The file it came from, as given (for messages), or a label like `<built-in>`.
    public var file: String
    /// The folder image paths are relative to.
    public var directory: String
    public var preset: String?
    public var editor: EditorConfig
    public var fps: Int
    public var script: [Step]
    /// The saved edit frame 0 re-opens (`start`); nil: the initial fit.
    public var start: StartState?
    /// A stable hash of the scenario's canonical form (FNV-1a 64, hex), recorded in goldens:
    /// whitespace, key order, `$schema` and presets do not change it.
    public var sourceHash: String { ScenarioEncoder.hash(self) }

    package init(
        name: String, file: String, directory: String, preset: String?, editor: EditorConfig, fps: Int, script: [Step],
        start: StartState? = nil
    ) {
        self.start = start
        self.name = name
        self.file = file
        self.directory = directory
        self.preset = preset
        self.editor = editor
        self.fps = fps
        self.script = script
    }
}
