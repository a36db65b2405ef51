import CropGeometry
import CropScenario

/// Everything the engine knows between two actions. A value type: the reducer turns (state,
/// action) into the next state with no I/O and no globals.
package struct EngineState: Equatable, Sendable {
    /// The current frame number.
    package var frame: Int = 0
    /// Geometry at the current viewport and oriented image.
    package var layout: Layout
    /// Index of the current image: 0 the scenario's, i > 0 the crop loaded by the i-th `thenLoad`.
    package var imageIndex: Int = 0
    /// The current image's source size (before the orientation).
    package var sourceWidth: Int
    package var sourceHeight: Int
    /// Quarter turns and mirror of the shown image (docs/scenarios.md).
    package var orientation = ImageOrientation.identity
    /// The crop box in view points (docs/scenarios.md); the initial frame unless dragged.
    package var box: Rect
    /// Whether box drags keep the box's aspect (`lockAspect`, changed by aspect steps).
    package var aspectLocked: Bool
    /// What the fingers say.
    package var raw: ViewState
    /// What the policy shows.
    package var shown: ViewState
    package var pan = Recognizer()
    package var pinch = Recognizer()
    package var rotation = Recognizer()
    /// Quantities beyond the rubber band's reach, followed 1:1 until the last finger lifts.
    package var unbanded: BandAxes = []
    /// Latest pinch or rotation began/changed/ended location; persists.
    package var focal: Point?
    package var settle: Settle?
    /// The re-fit of a dragged box: waiting for its delay, or running.
    package var refit: RefitState = .idle
    /// The running pan's box drag, if it grabbed a handle.
    package var boxDrag: BoxDrag?
    /// Mask visibility factor 0...1 and where it is heading.
    package var mask: Double = 1
    package var maskTarget: Double = 1
    /// Rollback stores: whole, and per recognizer.
    package var lastValid: ViewState
    package var panStore: ViewState
    package var pinchStore: ViewState
    package var rotationStore: ViewState
    /// Events applied in the current frame, in order.
    package var events: [TraceEvent] = []

    package init(layout: Layout, sourceWidth: Int, sourceHeight: Int, aspectLocked: Bool) {
        self.layout = layout
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.aspectLocked = aspectLocked
        box = layout.frameRect
        let s = layout.initialState
        raw = s
        shown = s
        lastValid = s
        panStore = s
        pinchStore = s
        rotationStore = s
    }

    /// True while any recognizer is began or changed.
    package var isTouching: Bool { pan.phase.isActive || pinch.phase.isActive || rotation.phase.isActive }
    /// True while a settle or a re-fit runs or waits, or the mask fades.
    package var isSettling: Bool { settle != nil || mask != maskTarget || refit != .idle }
    /// True while a settle or a re-fit runs (the trace's `animating`).
    package var isAnimating: Bool {
        if settle != nil { return true }
        if case .running = refit { return true }
        return false
    }
    package var isValid: Bool { layout.isValid(shown, box: box) }

    package func recognizer(_ kind: GestureKind) -> Recognizer {
        switch kind {
        case .pan: return pan
        case .pinch: return pinch
        case .rotation: return rotation
        }
    }

    package mutating func setRecognizer(_ kind: GestureKind, _ r: Recognizer) {
        switch kind {
        case .pan: pan = r
        case .pinch: pinch = r
        case .rotation: rotation = r
        }
    }
}

/// One event as listed in the trace: a recognizer's (`pan.began`) or the double tap (`tap.double`).
public enum TraceEvent: Equatable, Sendable, CustomStringConvertible {
    /// A recognizer's event: its gesture and phase (`pan.began`).
    case recognizer(GestureKind, GesturePhase)
    /// A double tap (`tap.double`).
    case doubleTap

    package init(gesture: GestureKind, phase: GesturePhase) { self = .recognizer(gesture, phase) }

    /// The event as the trace writes it: `pan.began`, `tap.double`.
    public var description: String {
        switch self {
        case .recognizer(let g, let p): return "\(g.rawValue).\(p.rawValue)"
        case .doubleTap: return "tap.double"
        }
    }

    /// The recognizer phase, for recognizer events.
    public var phase: GesturePhase? {
        if case .recognizer(_, let p) = self { return p }
        return nil
    }

    /// The recognizer, for recognizer events.
    public var gesture: GestureKind? {
        if case .recognizer(let g, _) = self { return g }
        return nil
    }
}

/// A pan that grabbed the box: the handle, the box at began and the translation at began.
package struct BoxDrag: Equatable, Sendable {
    package var handle: BoxHandle
    package var start: Rect
    package var baseline: Point
}

/// The re-fit after a box drag (docs/scenarios.md, `refit`).
package enum RefitState: Equatable, Sendable {
    case idle
    /// Pending since frame `since` (nil while a gesture that cancelled the wait is running);
    /// starts once `delay` seconds have passed and nothing runs.
    case waiting(since: Int?, delay: Double)
    case running(RefitAnimation)
}

/// A running re-fit: the box and the state animate together from where they were.
package struct RefitAnimation: Equatable, Sendable {
    package var fromBox: Rect
    package var toBox: Rect
    package var from: ViewState
    package var to: ViewState
    package var ticks: Int
}
