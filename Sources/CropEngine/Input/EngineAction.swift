import CropScenario

/// What can happen to the engine, named for the event (The Composable Architecture's style).
/// Time is an action too (`tick`). Script steps expand into these (`TimelineExpander`), and the
/// live model feeds them one by one.
package enum EngineAction: Equatable, Sendable {
    /// Frame n starts: finished recognizers become possible, the event list clears.
    case frameBegan(Int)
    /// A recognizer event.
    case gesture(GestureEvent)
    /// Back to the initial fit (SPEC 5 `restore`).
    case restoreRequested
    /// The viewport changes (resize or rotate).
    case viewportChanged(width: Double, height: Double)
    /// A crop becomes the image, refitted (`thenLoad`).
    case imageLoaded(index: Int, width: Int, height: Int)
    /// All of the frame's events are applied (`hiddenWhileTouching` is evaluated here).
    case eventsApplied
    /// Animations advance by 1/fps.
    case tick
}
