import CropGeometry
import CropScenario

/// Everything the engine knows between two actions. A value type: the reducer
/// turns (state, action) into the next state with no I/O and no globals.
package struct EngineState: Equatable, Sendable {
    /// The current frame number.
    package var frame: Int = 0
    /// Geometry at the current viewport and image.
    package var layout: Layout
    /// Index of the current image: 0 the scenario's, i > 0 the crop loaded by the i-th `thenLoad`.
    package var imageIndex: Int = 0
    /// What the fingers say.
    package var raw: ViewState
    /// What the policy shows.
    package var shown: ViewState
    package var pan = Recognizer()
    package var pinch = Recognizer()
    /// Latest pinch began/changed/ended location; persists.
    package var focal: Point?
    package var settle: Settle?
    /// Mask visibility factor 0...1 and where it is heading.
    package var mask: Double = 1
    package var maskTarget: Double = 1
    /// Rollback stores: whole, and per recognizer.
    package var lastValid: ViewState
    package var panStore: ViewState
    package var pinchStore: ViewState
    /// Recognizer events applied in the current frame, in order.
    package var events: [TraceEvent] = []

    package init(layout: Layout) {
        self.layout = layout
        let s = layout.initialState
        raw = s
        shown = s
        lastValid = s
        panStore = s
        pinchStore = s
    }

    /// True while any recognizer is began or changed.
    package var isTouching: Bool { pan.phase.isActive || pinch.phase.isActive }
    /// True while a settle runs or the mask fades.
    package var isSettling: Bool { settle != nil || mask != maskTarget }
}

/// One recognizer event as listed in the trace (`pan.began`).
public struct TraceEvent: Equatable, Sendable, CustomStringConvertible {
    public var gesture: GestureKind
    public var phase: GesturePhase
    package init(gesture: GestureKind, phase: GesturePhase) {
        self.gesture = gesture
        self.phase = phase
    }
    public var description: String { "\(gesture.rawValue).\(phase.rawValue)" }
}
