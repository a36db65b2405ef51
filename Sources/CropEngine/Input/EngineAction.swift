import CropGeometry
import CropScenario

/// What can happen to the engine, named for the event (The Composable Architecture's style).
/// Time is an action too (`tick`). Script steps expand into these (`TimelineExpander`), and the
/// live model feeds them one by one.
public enum EngineAction: Equatable, Sendable {
    /// Frame n starts: finished recognizers become possible, the event list clears.
    case frameBegan(Int)
    /// A recognizer event.
    case gesture(GestureEvent)
    /// Back to the initial fit (docs/scenarios.md `restore`).
    case restoreRequested
    /// The viewport changes (resize or rotate).
    case viewportChanged(width: Double, height: Double)
    /// A crop becomes the image, refitted (`thenLoad`).
    case imageLoaded(index: Int, width: Int, height: Int)
    /// The quarter-turn button (docs/scenarios.md).
    case quarterTurnRequested(clockwise: Bool)
    /// The flip button (docs/scenarios.md).
    case flipRequested(horizontal: Bool)
    /// The aspect picker (docs/scenarios.md).
    case aspectRequested(AspectChoice)
    /// A double tap at a point (docs/scenarios.md).
    case doubleTapped(Point)
    /// All of the frame's events are applied (`hiddenWhileTouching` is evaluated here).
    case eventsApplied
    /// Animations advance by 1/fps.
    case tick
}

extension EngineAction {
    /// The action as messages name it: `pan.began`, `quarterTurn`, `tick`.
    package var name: String {
        switch self {
        case .frameBegan: return "frameBegan"
        case .gesture(let e): return "\(e.gesture.rawValue).\(e.phase.rawValue)"
        case .restoreRequested: return "restore"
        case .viewportChanged: return "resize"
        case .imageLoaded: return "thenLoad"
        case .quarterTurnRequested: return "quarterTurn"
        case .flipRequested: return "flip"
        case .aspectRequested: return "aspect"
        case .doubleTapped: return "doubleTap"
        case .eventsApplied: return "eventsApplied"
        case .tick: return "tick"
        }
    }
}
