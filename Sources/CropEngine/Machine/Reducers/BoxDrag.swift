import CropGeometry
import CropScenario

/// A movable box (docs/behaviour.md, "Hit test", "Box drags", "Continuity"):
/// a pan whose landing point is within reach of a resizable box's handle drags that handle for
/// the pan's life. Each event moves the handle's edges by the translation since `began`
/// (what `began` carries is the baseline), within the bounds and the minimum size, and stops
/// them where the image would no longer cover the box. A box drag never moves the image: after
/// each event the gesture goes on from the image shown against the new box, except that a wall
/// (`clamp`) still holds the image against it. Its end makes a re-fit pending (`Refit.swift`).
extension Engine {
    /// A pan began: it drags the box when it landed on a handle (a defaulted location never does).
    func grabBox(_ s: inout EngineState, _ e: GestureEvent) {
        s.boxDrag = nil
        let frame = editor.frame
        if frame.resizable, let landing = e.location,
            let handle = BoxGeometry.hitTest(landing, box: s.box, handleSize: frame.handleSize, handles: frame.handles)
        {
            s.boxDrag = BoxDrag(handle: handle, start: s.box, baseline: e.translation)
        }
    }

    /// One box-drag event: the handle's edges follow the translation since began, clamped to the
    /// bounds and the minimum size, then stopped where the image would stop covering the box.
    func dragBox(_ s: inout EngineState, _ drag: BoxDrag, translation: Point) {
        let d = Point(translation.x - drag.baseline.x, translation.y - drag.baseline.y)
        let frame = editor.frame
        let b1 = BoxGeometry.drag(
            drag.start, handle: drag.handle, by: d, locked: s.aspectLocked, bounds: s.layout.bounds,
            minSize: frame.minSize)
        s.box = BoxGeometry.covered(from: drag.start, to: b1, state: s.shown, layout: s.layout)
    }

    /// What a box-drag event shows: a wall still holds the image against the new box; anything
    /// else leaves the image where it is, the raw state becoming the one shown against it.
    func showBoxDrag(_ s: inout EngineState) throws(EngineError) {
        let response = try ask(s, "touch", { try policy.touch(s.raw, in: geometry(s)) })
        if response == .wall {
            try show(&s, response)
        } else if !faults.contains(.skipBoxDragResume) {
            try resume(&s)
        }
    }

    /// The pan ended or was cancelled: its box drag, if any, ends.
    func releaseBox(_ s: inout EngineState, _ update: inout GestureUpdate) {
        update.endedBoxDrag = s.boxDrag != nil
        s.boxDrag = nil
    }
}
