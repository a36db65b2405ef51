import CropEngine
import CropGeometry

/// What the playground drives, whichever model it is: CropReplay's reference or a registered
/// editor model of the user's (`play --model NAME`), each behind the same live loop
/// (`LiveDriver`), so the page's input, buttons and readouts are the same for both.
protocol LiveEditor {
    /// The latest frame.
    var current: FrameRecord { get }
    /// What the trace names as its engine: the reference's version, or `model NAME`.
    var engineName: String { get }
    /// Whether a settle, a re-fit or a mask fade is still under way.
    var isSettling: Bool { get }
    /// The fingers down from the next tick on.
    mutating func send(touches: [Point])
    /// A button, applied at the next tick.
    mutating func send(_ button: CropEditorModel.Button)
    /// One frame.
    @discardableResult mutating func tick() throws(ModelError) -> FrameRecord
}

extension LiveDriver: LiveEditor {
    var engineName: String { model.engineName }
}
