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

/// The two recognizers.
public enum GestureKind: String, Sendable, CaseIterable { case pan, pinch }
/// Recognizer event phases.
public enum GesturePhase: String, Sendable, CaseIterable { case began, changed, ended, cancelled, failed }

/// A scripted pan (SPEC 5).
public struct PanStep: Equatable, Sendable {
    public var by: Point
    public var duration: Double
    public var easing: Easing
    public var hold: Double
    public var velocity: Point?
    public init(by: Point, duration: Double = 0.5, easing: Easing = .linear, hold: Double = 0, velocity: Point? = nil) {
        self.by = by
        self.duration = duration
        self.easing = easing
        self.hold = hold
        self.velocity = velocity
    }
}

/// A scripted pinch (SPEC 5).
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

/// One raw recognizer event of an `events` step; omitted values are nil.
public struct RawEvent: Equatable, Sendable {
    public var frame: Int
    public var gesture: GestureKind
    public var phase: GesturePhase
    public var translation: Point?
    public var scale: Double?
    public var location: Point?
    public var velocity: Point?
    public init(
        frame: Int, gesture: GestureKind, phase: GesturePhase, translation: Point? = nil, scale: Double? = nil, location: Point? = nil,
        velocity: Point? = nil
    ) {
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

/// A crop to save (SPEC 8).
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
    /// A stable hash of the scenario's canonical form (FNV-1a 64, hex), recorded in goldens:
    /// whitespace, key order, `$schema` and presets do not change it.
    public var sourceHash: String { ScenarioEncoder.hash(self) }

    package init(name: String, file: String, directory: String, preset: String?, editor: EditorConfig, fps: Int, script: [Step]) {
        self.name = name
        self.file = file
        self.directory = directory
        self.preset = preset
        self.editor = editor
        self.fps = fps
        self.script = script
    }
}
