import CropGeometry
import CropScenario

/// The pan (docs/scenarios.md, "The script"): each delta of its cumulative translation moves
/// the image centre by as much. A pan that lands on a handle of a resizable box drags the box
/// instead, for the pan's whole life (`BoxDrag.swift`). A pan's `ended` carries its release
/// velocity (the fling of momentum), except at the end of a box drag.
package struct PanReducer: GestureReducer {
    package init() {}

    package func begin(_ s: inout EngineState, _ update: inout GestureUpdate, _ engine: Engine) {
        engine.grabBox(&s, update)
    }

    package func move(_ s: inout EngineState, _ update: inout GestureUpdate, _ engine: Engine) {
        let e = update.event
        if let drag = s.boxDrag {
            update.movedBox = true
            engine.dragBox(&s, drag, translation: e.translation)
        } else {
            s.raw.cx += e.translation.x - update.recognizer.translation.x
            s.raw.cy += e.translation.y - update.recognizer.translation.y
        }
        update.recognizer.translation = e.translation
    }

    package func remember(_ s: inout EngineState) { s.panStore = s.shown }

    package func end(_ s: inout EngineState, _ update: inout GestureUpdate, _ engine: Engine) {
        engine.releaseBox(&s, &update)
        // The end of a box drag never starts momentum.
        if update.phase == .ended && !update.endedBoxDrag { update.fling = update.event.velocity }
    }
}
