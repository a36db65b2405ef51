import CropGeometry

/// Easing of scripted gestures over u in [0, 1].
public enum Easing: String, Sendable, CaseIterable {
    /// `linear` moves evenly, `easeInOut` speeds up then slows down (u²(3 − 2u)), `easeOut` slows down (1 − (1 − u)³).
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
public enum GestureKind: String, Sendable, CaseIterable {
    /// One finger moves the photo (or drags a resizable box).
    case pan
    /// Two fingers zoom.
    case pinch
    /// Two fingers twist (with `rotation.gesture`).
    case rotation
}
/// Recognizer event phases.
public enum GesturePhase: String, Sendable, CaseIterable {
    /// The gesture is recognized.
    case began
    /// The fingers moved.
    case changed
    /// The fingers lifted: a release.
    case ended
    /// The system took the gesture away.
    case cancelled
    /// The gesture was not recognized.
    case failed
}

/// A scripted pan (docs/scenarios.md).
public struct PanStep: Equatable, Sendable {
    /// How far the finger moves, in points.
    public var by: Point
    /// Seconds the finger moves.
    public var duration: Double
    /// How the motion is spread over the duration.
    public var easing: Easing
    /// Seconds held still before lifting.
    public var hold: Double
    /// The release velocity in points per second; nil: the last frame's motion.
    public var velocity: Point?
    /// Where the finger lands (docs/scenarios.md: a landing on a resizable box's handle drags the
    /// box); nil: the box centre, which never grabs a handle.
    public var from: Point?
    /// A pan key by key; every key but `by` defaults to the scenario file's default (docs/scenarios.md).
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
    /// The fingers' spread at the end, 1 at `began`.
    public var scale: Double
    /// Focal point; nil = the frame centre.
    public var at: Point?
    /// Seconds the fingers move.
    public var duration: Double
    /// How the motion is spread over the duration.
    public var easing: Easing
    /// Seconds held still before lifting.
    public var hold: Double
    /// A pinch key by key; every key but `scale` defaults to the scenario file's default (docs/scenarios.md).
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
    /// The twist's angle at the end, in degrees (clockwise positive).
    public var by: Double
    /// The twist's centre; nil = the box centre on the began frame.
    public var at: Point?
    /// Seconds the fingers turn.
    public var duration: Double
    /// How the turn is spread over the duration.
    public var easing: Easing
    /// Seconds held still before lifting.
    public var hold: Double
    /// A twist key by key; every key but `by` defaults to the scenario file's default (docs/scenarios.md).
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
    /// The dial's angle at the end, in degrees clockwise.
    public var to: Double
    /// Seconds the dial turns.
    public var duration: Double
    /// How the turn is spread over the duration.
    public var easing: Easing
    /// A straighten step key by key; every key but `to` defaults to the scenario file's default.
    public init(to: Double, duration: Double = 0.5, easing: Easing = .linear) {
        self.to = to
        self.duration = duration
        self.easing = easing
    }
}

/// A quarter turn's direction.
public enum TurnDirection: String, Sendable, CaseIterable {
    /// 90 degrees clockwise.
    case clockwise
    /// 90 degrees counterclockwise.
    case counterclockwise
}
/// A flip's axis: horizontal mirrors left-right, vertical top-bottom.
public enum FlipAxis: String, Sendable, CaseIterable {
    /// Mirrors left-right.
    case horizontal
    /// Mirrors top-bottom.
    case vertical
}

/// The aspect step (docs/scenarios.md): lock a ratio, the oriented image's, or unlock.
public enum AspectChoice: Equatable, Sendable {
    /// A box of this width : height.
    case ratio(Size)
    /// The oriented image's aspect (`"original"`).
    case original
    /// No aspect: the box is unlocked (`"free"`).
    case free
}

/// One raw recognizer event of an `events` step; omitted values are nil.
public struct RawEvent: Equatable, Sendable {
    /// The frame the event arrives on, counted from the cursor (1 is the next frame).
    public var frame: Int
    /// The recognizer that sends it.
    public var gesture: GestureKind
    /// Its phase.
    public var phase: GesturePhase
    /// A pan's cumulative translation in points since began.
    public var translation: Point?
    /// A pinch's cumulative scale since began (1 at began).
    public var scale: Double?
    /// Where the fingers are (a pinch's or twist's focal point), in points.
    public var location: Point?
    /// A pan's velocity in points per second (for momentum on `ended`).
    public var velocity: Point?
    /// Cumulative degrees since began (rotation events).
    public var rotation: Double?
    /// An event key by key; omitted values are nil.
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
public enum Orientation: String, Sendable, CaseIterable {
    /// The viewport's long side becomes its width.
    case landscape
    /// The viewport's long side becomes its height.
    case portrait
}

/// A crop to save (docs/outputs.md).
public struct SaveStep: Equatable, Sendable {
    /// The crop's name: it is written to `crops/name.png`.
    public var name: String
    /// The pixels outside the circle inscribed in the crop rect become transparent (anti-aliased).
    public var circleAlpha: Bool
    /// After saving, the crop is loaded as the new photo.
    public var thenLoad: Bool
    /// A save step key by key; the flags default to false.
    public init(name: String, circleAlpha: Bool = false, thenLoad: Bool = false) {
        self.name = name
        self.circleAlpha = circleAlpha
        self.thenLoad = thenLoad
    }
}

/// One script step.
public enum StepKind: Equatable, Sendable {
    /// One finger lands, moves and lifts.
    case pan(PanStep)
    /// Two fingers spread or close.
    case pinch(PinchStep)
    /// Gesture steps starting on the same frame; the cursor goes to the latest end.
    case together([Step])
    /// Raw fingers, one entry per frame: zero, one or two positions.
    case touches([[Point]])
    /// Recognizer events as a gesture recognizer sends them.
    case events([RawEvent])
    /// Seconds to let pass.
    case wait(Double)
    /// Time passes until nothing animates (`until: "settled"`).
    case untilSettled
    /// The frame at the cursor is saved as `snapshots/name.png`.
    case snapshot(String)
    /// Back to the editor's initial fit (and box, angle, turns).
    case restore
    /// The viewport becomes width by height points.
    case resize(Double, Double)
    /// The device turns to landscape or portrait (a `resize`).
    case rotate(Orientation)
    /// The image as shown at the cursor is cropped into `crops/name.png`.
    case save(SaveStep)
    /// Two fingers twist (needs `rotation.gesture`).
    case rotation(RotationStep)
    /// The straighten dial turns the photo.
    case straighten(StraightenStep)
    /// The photo turns 90 degrees about the box centre.
    case quarterTurn(TurnDirection)
    /// The photo mirrors about the box's centre line.
    case flip(FlipAxis)
    /// A resizable box takes an aspect, or becomes free.
    case aspect(AspectChoice)
    /// A double tap at a point in the viewport.
    case doubleTap(Point)
}

/// A script step and its JSON path (`script[3]`, `script[2].together[1]`) for messages.
public struct Step: Equatable, Sendable {
    /// What the step does.
    public var kind: StepKind
    /// Its JSON path (`script[3]`, `script[2].together[1]`), for messages.
    public var path: String
    /// A step and the path messages name it by.
    public init(kind: StepKind, path: String) {
        self.kind = kind
        self.path = path
    }
}

/// A decoded, validated scenario.
public struct Scenario: Equatable, Sendable {
    /// The scenario's name: the output folder's and the golden's.
    public var name: String
    /// The file it came from, as given (for messages), or a label like `<built-in>`.
    public var file: String
    /// The folder image paths are relative to.
    public var directory: String
    /// The preset it started from, if any.
    public var preset: String?
    /// The editor after the preset and the `editor` overrides.
    public var editor: EditorConfig
    /// Frames per second, 1 to 240.
    public var fps: Int
    /// The steps, in order.
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
