import CropGeometry
import CropScenario

/// The pinch (docs/scenarios.md, "zoom, constraint and policy"): its location is the zoom
/// anchor from its `began` on, and stays it after the pinch ends. Each factor f = scale /
/// previous scale scales the zoom by f: with the `focal` anchor the image point under the
/// previous location moves to the current one (a moving pinch also pans), with `center` the
/// image centre stays put.
package struct PinchReducer: GestureReducer {
    package init() {}

    package func takeAnchor(_ s: inout EngineState, _ update: GestureUpdate) { s.focal = update.location }

    package func move(_ s: inout EngineState, _ update: inout GestureUpdate, _ engine: Engine) {
        let e = update.event
        let r = update.recognizer
        let location = update.location
        let f = e.scale / r.scale
        if engine.editor.zoom.anchor == .focal {
            s.raw = ViewState(
                k: s.raw.k * f, cx: location.x + (s.raw.cx - r.location.x) * f,
                cy: location.y + (s.raw.cy - r.location.y) * f,
                a: s.raw.a)
        } else {
            s.raw.k *= f
        }
        update.recognizer.scale = e.scale
        update.recognizer.location = location
        s.focal = location
    }

    package func remember(_ s: inout EngineState) { s.pinchStore = s.shown }
}
