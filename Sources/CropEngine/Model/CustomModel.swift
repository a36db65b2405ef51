import CropGeometry
import CropScenario

/// A user's `EditorModel` as the replay drives it. The stream's own facts are kept here, the
/// same way for every model: the recognizers' phases (an illegal transition is the script's
/// error, as with the reference), the trace's events, the zoom anchor, the viewport and the
/// image. What the model shows is checked after every action it applies.
package struct CustomModel: ReplayModel {
    package let name: String
    private var model: any EditorModel
    private let editor: EditorConfig
    private let fps: Int
    package private(set) var frame = 0
    private var pan = Recognizer()
    private var pinch = Recognizer()
    private var rotation = Recognizer()
    private var events: [TraceEvent] = []
    /// The latest pinch or twist location: the zoom anchor of the context's geometry.
    private var focal: Point?
    private var viewport: Size
    private var imageSizes: [Int: Size]
    private var imageIndex = 0
    /// What the model shows, checked, and the layout it is shown in.
    private var display: EditorDisplay
    private var layout: Layout

    /// A model made by its factory; frame 0 is what it shows before any action.
    package init(
        name: String, setup: ModelSetup, factory: (ModelSetup) throws -> any EditorModel
    ) throws(EngineError) {
        self.name = name
        editor = setup.editor
        fps = setup.fps
        viewport = Size(setup.editor.viewport.width, setup.editor.viewport.height)
        imageSizes = [0: Size(Double(setup.imageWidth), Double(setup.imageHeight))]
        do {
            model = try factory(setup)
        } catch {
            throw EngineError(frame: 0, problem: .modelFailed(name, "its factory", EngineError.quoted(error)))
        }
        display = setup.initial
        layout = Self.layout(editor, viewport, imageSizes[0]!, setup.initial.orientation)
        try accept(after: "its factory")
    }

    package var isSettling: Bool { display.isSettling }
    /// The pan and pinch recognizers as the stream left them (phase, location, translation):
    /// where the fingers are, whatever the model shows.
    package var fingers: (pan: Recognizer, pinch: Recognizer) { (pan, pinch) }
    package var engineName: String { "model \(name)" }
    package var endlessSettle: String { "the model \"\(name)\" still shows isSettling" }
    package var view: ModelView {
        ModelView(
            layout: layout, shown: display.state, box: display.box, imageIndex: imageIndex,
            orientation: display.orientation)
    }

    package mutating func apply(_ action: EngineAction) throws(EngineError) {
        try follow(action)
        let context = ModelContext(
            editor: editor, fps: fps, frame: frame, viewport: viewport, imageSize: imageSizes[imageIndex]!,
            geometry: PolicyGeometry(
                layout: layout, box: display.box, anchorMode: editor.zoom.anchor, focal: focal, free: [],
                frame: frame, fps: fps))
        do {
            try model.apply(action, in: context)
        } catch {
            throw EngineError(frame: frame, problem: .modelFailed(name, action.name, EngineError.quoted(error)))
        }
        switch action {
        case .viewportChanged(let w, let h): viewport = Size(w, h)
        case .imageLoaded(let index, let w, let h):
            imageIndex = index
            imageSizes[index] = Size(Double(w), Double(h))
        default: break
        }
        try accept(after: action.name)
    }

    /// The stream's facts before the model sees the action: the recognizers' machines, the
    /// events, the anchor, and buttons refused while a finger is down (as the reference does).
    private mutating func follow(_ action: EngineAction) throws(EngineError) {
        switch action {
        case .frameBegan(let n):
            frame = n
            if !events.isEmpty { events = [] }
            for kind in GestureKind.allCases where recognizer(kind).phase.isFinished {
                update(kind) { $0.phase = .possible }
            }
        case .gesture(let e):
            let r = recognizer(e.gesture)
            try r.accept(e, frame: frame)
            events.append(.recognizer(e.gesture, e.phase))
            let location = e.location ?? (e.phase == .began ? display.box.center : r.location)
            if e.gesture != .pan && (e.phase == .began || e.phase == .changed || e.phase == .ended) {
                focal = location
            }
            update(e.gesture) {
                $0.phase = RecognizerPhase(e.phase)
                // A pan keeps its landing point (the reference's rule); the translation says the rest.
                if e.gesture != .pan || e.phase == .began { $0.location = location }
                $0.translation = e.translation
            }
        case .quarterTurnRequested, .flipRequested, .aspectRequested, .doubleTapped:
            if let refusal = Engine.refusal(of: action.name, frame: frame, phase: { recognizer($0).phase }) {
                throw refusal
            }
            if case .doubleTapped = action { events.append(.doubleTap) }
        default:
            break
        }
    }

    private func recognizer(_ kind: GestureKind) -> Recognizer {
        switch kind {
        case .pan: return pan
        case .pinch: return pinch
        case .rotation: return rotation
        }
    }

    private mutating func update(_ kind: GestureKind, _ change: (inout Recognizer) -> Void) {
        switch kind {
        case .pan: change(&pan)
        case .pinch: change(&pinch)
        case .rotation: change(&rotation)
        }
    }

    /// Reads the model's display and refuses numbers out of range, naming the value.
    private mutating func accept(after what: String) throws(EngineError) {
        let next = model.display
        if let problem = Self.problem(next) {
            throw EngineError(frame: frame, problem: .modelValue(name, what, problem))
        }
        if next.orientation != display.orientation || layout.viewportWidth != viewport.width
            || layout.viewportHeight != viewport.height || layoutImage != imageIndex
        {
            layout = Self.layout(editor, viewport, imageSizes[imageIndex]!, next.orientation)
            layoutImage = imageIndex
        }
        display = next
    }

    private var layoutImage = 0

    private static func layout(_ editor: EditorConfig, _ viewport: Size, _ image: Size, _ o: ImageOrientation)
        -> Layout
    {
        let size = o.size(width: Int(image.width), height: Int(image.height))
        return Layout(
            editor: editor, viewportWidth: viewport.width, viewportHeight: viewport.height, imageWidth: size.width,
            imageHeight: size.height)
    }

    /// What is wrong with a display, or nil.
    static func problem(_ d: EditorDisplay) -> String? {
        let s = d.state
        guard s.k.isFinite, s.cx.isFinite, s.cy.isFinite, s.a.isFinite, Engine.inRange(s) else {
            return "the state \(s): expected finite numbers with k within 1e-12...1e12, the centre within 1e15"
                + " points and the angle within 1e9 degrees"
        }
        let b = d.box
        let limit = Limits.maxCoordinate
        guard [b.x, b.y, b.width, b.height].allSatisfy({ $0.isFinite && abs($0) <= limit }),
            b.width > 0, b.height > 0
        else {
            return "the box \(b): expected finite numbers within +-1e6 points and a positive size"
        }
        guard d.mask >= 0, d.mask <= 1 else {
            return "the mask \(d.mask): expected a number from 0 to 1"
        }
        return nil
    }

    package func record(fps: Int) -> FrameRecord {
        let d = display
        var record = FrameRecord(
            frame: frame, t: Double(frame) / Double(fps), pan: pan.phase, pinch: pinch.phase,
            rotation: rotation.phase, zoom: layout.zoom(d.state), shown: d.state,
            imageRect: layout.imageRect(d.state), valid: layout.isValid(d.state, box: d.box), mask: d.mask,
            animating: d.isAnimating, events: events, viewportWidth: viewport.width,
            viewportHeight: viewport.height, box: d.box, orientation: d.orientation, imageIndex: imageIndex)
        record.showsGrid = d.showsGrid
        record.showsHandles = d.showsHandles
        return record
    }
}
