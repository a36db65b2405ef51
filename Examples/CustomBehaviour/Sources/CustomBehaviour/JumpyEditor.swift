import CropReplay

/// A one-finger editor with a planted bug, for `cropreplay explore --model jumpy` to find: as
/// a finger lands (a pan's `began`) the photo jumps 24 points to the right, where a crop editor
/// should catch the photo where it is shown. Otherwise it pans and clamps like `ClampingEditor`.
///
/// `custom-cropreplay explore --model jumpy --preset circle-avatar-bounce` breaks the
/// `continuity` invariant and shrinks the script to one pan.
public struct JumpyEditor: EditorModel {
    public private(set) var display: EditorDisplay
    private var translation = Point(0, 0)

    public init(_ setup: ModelSetup) { display = setup.initial }

    public mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        guard case .gesture(let e) = action, e.gesture == .pan else { return }
        var s = display.state
        switch e.phase {
        case .began:
            translation = e.translation
            s.cx += 24  // the planted bug
        case .changed, .ended:
            s.cx += e.translation.x - translation.x
            s.cy += e.translation.y - translation.y
            translation = e.translation
        default:
            return
        }
        display.state = context.geometry.project(s)
    }
}
