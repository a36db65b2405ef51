import CropGeometry
import CropScenario

/// One recognizer event on its way through the feature reducers (`Engine.apply`): the event,
/// its recognizer's values as the event leaves them, where the fingers are, and what the
/// gesture's reducer found on the way.
package struct GestureUpdate: Equatable, Sendable {
    package let event: GestureEvent
    /// The recognizer's phase and cumulative values, written back to the state after the delta
    /// (`commit`); until then its values are the previous event's.
    package var recognizer: Recognizer
    /// Where the fingers are: the event's location, else at `began` the box centre, else the
    /// recognizer's previous location.
    package let location: Point
    /// The event dragged the box instead of moving the image.
    package var movedBox = false
    /// The event ended a box drag.
    package var endedBoxDrag = false
    /// The pan's release velocity, for a pan's `ended` that ends no box drag.
    package var fling: Point?

    package init(event: GestureEvent, recognizer: Recognizer, location: Point) {
        self.event = event
        self.recognizer = recognizer
        self.location = location
    }

    package var phase: GesturePhase { event.phase }
    /// ended or cancelled.
    package var isEnding: Bool { event.phase == .ended || event.phase == .cancelled }
}
