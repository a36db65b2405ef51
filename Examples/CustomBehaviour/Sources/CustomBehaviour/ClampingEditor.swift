import CropReplay

/// A tiny editor of your own, standing in for your app's crop screen: one finger pans, two
/// pinch about their centroid, and a wall keeps the box covered at every event (it clamps
/// where CropReplay's reference stretches a rubber band and springs back). `restore` returns
/// to the start. Buttons, twists and box drags it does not have are ignored.
///
/// `cropreplay conform --model clamping` finds where it departs from the reference: on the
/// first frame the reference shows an overshoot.
public struct ClampingEditor: EditorModel {
    public private(set) var display: EditorDisplay
    private let start: EditorDisplay
    private var translation = Point(0, 0)
    private var scale = 1.0
    private var location = Point(0, 0)

    public init(_ setup: ModelSetup) {
        display = setup.initial
        start = setup.initial
    }

    public mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        switch action {
        case .gesture(let e): gesture(e, geometry: context.geometry)
        case .restoreRequested: display = start
        default: break
        }
    }

    private mutating func gesture(_ e: GestureEvent, geometry: PolicyGeometry) {
        var s = display.state
        switch (e.gesture, e.phase) {
        case (.pan, .began):
            translation = e.translation
        case (.pan, .changed), (.pan, .ended):
            s.cx += e.translation.x - translation.x
            s.cy += e.translation.y - translation.y
            translation = e.translation
            display.state = geometry.project(s)
        case (.pinch, .began):
            scale = e.scale
            location = e.location ?? display.box.center
        case (.pinch, .changed), (.pinch, .ended):
            let at = e.location ?? location
            let f = e.scale / scale
            s = ViewState(
                scale: s.scale * f, cx: at.x + (s.cx - location.x) * f, cy: at.y + (s.cy - location.y) * f,
                angle: s.angle)
            scale = e.scale
            location = at
            display.state = geometry.project(s)
        default:
            break
        }
    }
}
