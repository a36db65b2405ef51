import CropGeometry
import CropScenario

/// What one recognizer event carries through the feature reducers (`Engine.apply`) besides
/// the event itself: its recognizer's values as the event leaves them, where the fingers are,
/// and what the gesture's reducer found on the way.
struct GestureUpdate: Equatable, Sendable {
    /// The recognizer's phase and cumulative values, written back to the state after the delta
    /// (`commit`); until then its values are the previous event's.
    var recognizer: Recognizer
    /// Where the fingers are: the event's location, else at `began` the box centre, else the
    /// recognizer's previous location.
    let location: Point
    /// The event dragged the box instead of moving the image.
    var movedBox = false
    /// The event ended a box drag.
    var endedBoxDrag = false
    /// The pan's release velocity, for a pan's `ended` that ends no box drag.
    var fling: Point?

    init(recognizer: Recognizer, location: Point) {
        self.recognizer = recognizer
        self.location = location
    }
}
