import CropGeometry
import CropScenario

/// The pan (docs/behaviour.md, "Recognizers", "The movable box"): each delta of its cumulative translation moves
/// the image centre by as much. A pan that lands on a handle of a resizable box drags the box
/// instead, for the pan's whole life (`BoxDrag.swift`). A pan's `ended` carries its release
/// velocity (the fling of momentum), except at the end of a box drag.
enum PanReducer: GestureReducer {
    static func begin(_ s: inout EngineState, _ e: GestureEvent, _ update: inout GestureUpdate, _ engine: Engine) {
        engine.grabBox(&s, e)
    }

    static func move(_ s: inout EngineState, _ e: GestureEvent, _ update: inout GestureUpdate, _ engine: Engine) {
        if let drag = s.boxDrag {
            update.movedBox = true
            engine.dragBox(&s, drag, translation: e.translation)
        } else {
            s.raw.cx += e.translation.x - update.recognizer.translation.x
            s.raw.cy += e.translation.y - update.recognizer.translation.y
        }
        update.recognizer.translation = e.translation
    }

    static func remember(_ s: inout EngineState) { s.panStore = s.shown }

    static func end(_ s: inout EngineState, _ e: GestureEvent, _ update: inout GestureUpdate, _ engine: Engine) {
        engine.releaseBox(&s, &update)
        // The end of a box drag never starts momentum.
        if e.phase == .ended && !update.endedBoxDrag { update.fling = e.velocity }
    }
}
