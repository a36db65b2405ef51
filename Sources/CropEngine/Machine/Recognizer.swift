import CropGeometry
import CropScenario

/// A recognizer's phase as shown in the trace.
public enum RecognizerPhase: String, Sendable {
    /// `possible` before a gesture; `began`, `changed`, `ended`, `cancelled` and `failed` as
    /// the recognizer reports them.
    case possible, began, changed, ended, cancelled, failed

    /// began or changed.
    public var isActive: Bool { self == .began || self == .changed }
    /// ended, cancelled or failed: possible again on the next frame.
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

    /// The phase a scripted event moves a recognizer to (a switch, not a string lookup:
    /// this runs for every event of every frame).
    init(_ phase: GesturePhase) {
        switch phase {
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        case .failed: self = .failed
        }
    }
}

/// One recognizer (pan or pinch): its phase and its last cumulative values.
package struct Recognizer: Equatable, Sendable {
    package var phase: RecognizerPhase = .possible
    package var translation = Point.zero
    package var scale = 1.0
    package var location = Point.zero
    /// Rotation: the cumulative degrees of the last event.
    package var rotation = 0.0
    /// The straighten dial: the angle at began.
    package var dialBase: Double?

    package init(
        phase: RecognizerPhase = .possible, translation: Point = .zero, scale: Double = 1, location: Point = .zero,
        rotation: Double = 0,
        dialBase: Double? = nil
    ) {
        self.rotation = rotation
        self.dialBase = dialBase
        self.phase = phase
        self.translation = translation
        self.scale = scale
        self.location = location
    }

    /// Why `next` is illegal from the current phase (docs/scenarios.md), or nil when legal.
    package func illegalTransition(to next: GesturePhase) -> IllegalTransition? {
        switch (phase, next) {
        case (.possible, .began), (.possible, .failed): return nil
        case (.began, .changed), (.began, .ended), (.began, .cancelled): return nil
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): return nil
        case (.possible, _): return .withoutBegan(next)
        case (.began, _), (.changed, _): return .whileActive(next, phase)
        case (.ended, _), (.cancelled, _), (.failed, _): return .afterFinished(next, phase)
        }
    }
}

extension Recognizer {
    /// Refuses an event its machine does not allow (docs/behaviour.md, "Recognizers"): the one
    /// check for the reference and for every editor model.
    @inline(__always)
    package func accept(_ e: GestureEvent, frame: Int) throws(EngineError) {
        if let problem = illegalTransition(to: e.phase) {
            throw EngineError(frame: frame, problem: .illegalTransition(e.gesture, problem))
        }
    }
}
