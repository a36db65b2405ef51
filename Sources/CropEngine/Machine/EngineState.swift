import CropGeometry
import CropScenario

/// Everything the engine knows between two actions. A value type: the reducer
/// turns (state, action) into the next state with no I/O and no globals.
public struct EngineState: Equatable, Sendable {
    /// The current frame number.
    public var frame: Int = 0
    /// Geometry at the current viewport and image.
    public var layout: Layout
    /// Index of the current image: 0 the scenario's, i > 0 the crop loaded by the i-th `thenLoad`.
    public var imageIndex: Int = 0
    /// What the fingers say.
    public var raw: ViewState
    /// What the policy shows.
    public var shown: ViewState
    public var pan = Recognizer()
    public var pinch = Recognizer()
    /// Latest pinch began/changed/ended location; persists.
    public var focal: Point?
    public var settle: Settle?
    /// Mask visibility factor 0...1 and where it is heading.
    public var mask: Double = 1
    public var maskTarget: Double = 1
    /// Rollback stores: whole, and per recognizer.
    public var lastValid: ViewState
    public var panStore: ViewState
    public var pinchStore: ViewState
    /// Recognizer events applied in the current frame, in order.
    public var events: [TraceEvent] = []

    public init(layout: Layout) {
        self.layout = layout
        let s = layout.initialState
        raw = s
        shown = s
        lastValid = s
        panStore = s
        pinchStore = s
    }

    /// True while any recognizer is began or changed.
    public var isTouching: Bool { pan.phase.isActive || pinch.phase.isActive }
    /// True while a settle runs or the mask fades.
    public var isSettling: Bool { settle != nil || mask != maskTarget }
}

/// One recognizer event as listed in the trace (`pan.began`).
public struct TraceEvent: Equatable, Sendable, CustomStringConvertible {
    public var gesture: GestureKind
    public var phase: GesturePhase
    public var description: String { "\(gesture.rawValue).\(phase.rawValue)" }
}

/// What can happen to the engine. Time is an action too (`tick`).
public enum EngineAction: Equatable, Sendable {
    /// Frame n starts: finished recognizers become possible, the event list clears.
    case beginFrame(Int)
    /// A recognizer event (step path for messages).
    case gesture(GestureEvent, step: String)
    /// Back to the initial fit (SPEC 5 `restore`).
    case restore
    /// The viewport changes (resize or rotate).
    case resize(width: Double, height: Double)
    /// A crop becomes the image, refitted (`thenLoad`).
    case loadImage(index: Int, width: Int, height: Int)
    /// All of the frame's events are applied (`hiddenWhileTouching` is evaluated here).
    case endEvents
    /// Animations advance by 1/fps.
    case tick
}

/// An illegal recognizer transition or another script error found while replaying.
public struct EngineError: Error, Equatable, Sendable {
    public var step: String
    public var frame: Int
    public var message: String
}
