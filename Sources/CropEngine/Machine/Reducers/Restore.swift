import CropGeometry
import CropScenario

/// `restore` and `thenLoad` (docs/behaviour.md, "Viewport changes and restore"): back to the initial fit of the
/// current viewport and image, with the orientation, the angle, the box and its aspect lock;
/// nothing is pending and the policy's memories hold the restored state. Recognizers, the
/// mask and the zoom anchor are left alone.
extension Engine {
    /// Stores, raw and shown all become `state`; settles stop.
    func reset(_ s: inout EngineState, to state: ViewState) {
        s.settle = nil
        s.raw = state
        s.shown = state
        s.lastValid = state
        s.panStore = state
        s.pinchStore = state
        s.rotationStore = state
    }

    /// Back to the initial fit of the current viewport and image: orientation, angle, box and
    /// aspect lock too; nothing pending. Recognizers, mask and anchor are left alone.
    func restore(_ s: inout EngineState) {
        s.orientation = .identity
        s.layout = layout(
            viewportWidth: s.layout.viewportWidth, viewportHeight: s.layout.viewportHeight,
            sourceWidth: s.sourceWidth, sourceHeight: s.sourceHeight, orientation: .identity)
        s.box = s.layout.frameRect
        s.aspectLocked = editor.frame.isLocked
        s.refit = .idle
        reset(&s, to: s.layout.initialState)
    }

    /// A crop becomes the image: loaded upright (t = 0, m = false, a = 0) and refitted.
    func loadImage(_ s: inout EngineState, index: Int, width: Int, height: Int) {
        s.imageIndex = index
        s.sourceWidth = width
        s.sourceHeight = height
        restore(&s)
    }
}
