import CropGeometry
import CropScenario

/// CropReplay's editor as a live model: the same reducer `run` replays scripts with, driven
/// by events as they happen. An app can drive its own crop view from it (feed the gesture
/// recognizers' events, tick once per display frame, draw the shown state, box and mask),
/// so that the scenarios it checks test the logic the app really runs; `cropreplay play`
/// drives it from a browser.
///
/// Time is fixed-step: frame n is at n / fps. Events sent between ticks are applied, in the
/// order sent, at the start of the next tick (like a script's events on their frame); then
/// animations advance one frame.
///
/// ```swift
/// var model = try CropEditorModel(editor: .preset("circle-avatar-bounce")!, imageWidth: 1600, imageHeight: 1200)
/// model.send(GestureEvent(gesture: .pan, phase: .began, location: Point(180, 300)))
/// try model.tick()
/// model.send(GestureEvent(gesture: .pan, phase: .changed, translation: Point(0, 40)))
/// let frame = try model.tick()          // frame.shown, frame.box, frame.mask, frame.valid
/// ```
public struct CropEditorModel: Sendable {
    /// The editor it models, after presets and defaults.
    public let editor: EditorConfig
    /// Frames per second: one `tick()` per frame.
    public let fps: Int
    /// The reference model: the engine's reducer and its state.
    private var reference: ReferenceModel
    private var state: EngineState { reference.state }
    private var queued: [EngineAction] = []
    private var touches: TouchRecognizer
    /// The fingers down (held from one tick to the next until the next `send(touches:)`).
    private var fingers: [Point] = []
    private var fingersSent = false
    /// The latest frame: after `init`, frame 0 (the initial fit, or the start state).
    public private(set) var current: FrameRecord

    /// The editor at its initial fit for an image of the given size, or re-opening a saved
    /// edit: with `start`, frame 0 is that state (turned, flipped, straightened, zoomed, the
    /// box resized), exactly as a scenario's `start` gives it; `restore` still returns to the
    /// initial fit. `StartState(reopening:...)` makes a start from a saved crop rect.
    ///
    /// ```swift
    /// let saved = StartState(mirrored: true, turns: 1, angle: -8, zoom: 1.6, at: Point(900, 500))
    /// var model = try CropEditorModel(editor: .preset("straighten-flip")!, imageWidth: 1600, imageHeight: 1200, start: saved)
    /// ```
    ///
    /// Throws the `ScenarioError` a scenario file with the same editor gets for a value out of
    /// its range (`CropEditorModel: editor.zoom.max: expected a zoom from 0.001 to 1000, got
    /// nan`), and a `ModelError` for an image side outside 1 ... 16384, an fps outside 1 ... 240,
    /// or a start this editor refuses (the message names `start.<key>`).
    /// (Untyped `throws`: a typed-throws initializer of this struct failing before its
    /// properties are set corrupted the caller's stack in Swift 6.3.1 debug builds.)
    /// Policies and curves of your own that the editor names come from `registrations`; `start`
    /// re-opens a saved edit (docs/scenarios.md, "start").
    public init(
        editor: EditorConfig, imageWidth: Int, imageHeight: Int, fps: Int = 60, start: StartState? = nil,
        registrations: Registrations = .builtIn
    ) throws {
        guard imageWidth > 0, imageHeight > 0, imageWidth <= 16384, imageHeight <= 16384 else {
            throw ModelError(message: "image size \(imageWidth)x\(imageHeight): expected 1 to 16384 pixels a side")
        }
        guard fps >= 1, fps <= 240 else { throw ModelError(message: "fps \(fps): expected 1 to 240") }
        self.editor = try editor.validated(file: "CropEditorModel")
        self.fps = fps
        let engine = try Engine(editor: editor, fps: fps, registrations: registrations)
        do {
            reference = ReferenceModel(
                engine: engine,
                state: try engine.initialState(imageWidth: imageWidth, imageHeight: imageHeight, start: start))
        } catch {
            throw ModelError(message: error.description)
        }
        touches = TouchRecognizer(fps: fps, rotates: editor.rotation.gesture)
        current = reference.record(fps: fps)
    }

    /// The frame number of `current`.
    public var frame: Int { state.frame }
    /// Seconds since the start: frame / fps.
    public var time: Double { Double(state.frame) / Double(fps) }
    /// Whether a settle, a re-fit (pending or running) or a mask fade is still under way:
    /// keep ticking while it is.
    public var isSettling: Bool { state.isSettling }
    /// Whether a gesture is active.
    public var isTouching: Bool { state.isTouching }

    /// A recognizer event, applied at the next tick.
    public mutating func send(_ event: GestureEvent) { queued.append(.gesture(event)) }

    /// The fingers down from the next tick on, in the order they landed (the first two count;
    /// none lifts them all). They hold, frame after frame, until the next call, as the frames
    /// of a `touches` step do: one finger pans, two pinch (and twist, where the editor
    /// rotates), and a session of touch frames replays to the same events as the scenario
    /// `import` writes from it.
    public mutating func send(touches: [Point]) {
        fingers = Array(touches.prefix(2))
        fingersSent = true
    }

    /// A button or viewport change, applied at the next tick.
    public mutating func send(_ button: Button) {
        switch button {
        case .quarterTurn(let clockwise): queued.append(.quarterTurnRequested(clockwise: clockwise))
        case .flip(let horizontal): queued.append(.flipRequested(horizontal: horizontal))
        case .aspect(let choice): queued.append(.aspectRequested(choice))
        case .doubleTap(let point): queued.append(.doubleTapped(point))
        case .restore: queued.append(.restoreRequested)
        case .viewport(let w, let h): queued.append(.viewportChanged(width: w, height: h))
        }
    }

    /// The buttons and other non-gesture input of an editor.
    public enum Button: Equatable, Sendable {
        /// A quarter turn, clockwise or counterclockwise.
        case quarterTurn(clockwise: Bool)
        /// A flip, left-right (`horizontal`) or top-bottom.
        case flip(horizontal: Bool)
        /// The aspect of a resizable box: a ratio, the image's, or free.
        case aspect(AspectChoice)
        /// A double tap at a point in the viewport.
        case doubleTap(Point)
        /// Back to the initial fit.
        case restore
        /// The viewport becomes `width` by `height` points.
        case viewport(width: Double, height: Double)
    }

    /// One frame: the queued events in order, then animations advance by 1/fps. A bad
    /// sequence (a `changed` without `began`, a button while a finger is down) throws and
    /// leaves the model as it was before the tick; the input sent since the last tick is dropped.
    @discardableResult
    public mutating func tick() throws(ModelError) -> FrameRecord {
        var next = reference
        var recognizer = touches
        var actions: [EngineAction] = []
        if fingersSent || recognizer.isActive {
            do { actions = try recognizer.frame(fingers).map { .gesture($0) } } catch {
                queued = []
                fingersSent = false
                fingers = []
                throw ModelError(message: "frame \(state.frame + 1): two fingers at one point \(error.point)")
            }
        }
        actions += queued
        do {
            try next.step(frame: next.frame + 1) { (m: inout ReferenceModel) throws(EngineError) in
                for a in actions { try m.apply(a) }
            }
        } catch {
            queued = []
            fingersSent = false
            throw ModelError(message: "frame \(state.frame + 1): \(error.description)")
        }
        reference = next
        touches = recognizer
        queued = []
        fingersSent = false
        current = reference.record(fps: fps)
        return current
    }

    /// Ticks until `time` seconds (at most 10 s of frames per call); returns the frames made.
    @discardableResult
    public mutating func advance(to time: Double) throws(ModelError) -> [FrameRecord] {
        guard time.isFinite else { return [] }
        let frames = (time * Double(fps)).rounded(.down)
        let target = Int(max(Double(state.frame), min(frames, Double(state.frame + 10 * fps))))
        var out: [FrameRecord] = []
        while state.frame < target { out.append(try tick()) }
        return out
    }

    /// The crop of the current state, as `save` would take it: image pixels at angle 0, the
    /// box's corners at an angle; nil when the box does not overlap the image, or at an angle
    /// with the `offsetFactor` formula (it needs angle 0).
    public var crop: CropRecord.Region? {
        try? CropMath.region(of: reference.view, crop: editor.crop).get()
    }
}

/// A bad input to the live model, in one line.
public struct ModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with the input.
    public var message: String
    /// The message.
    public var description: String { message }
}

extension FrameRecord {
    /// The record of an engine state (what a trace holds for that frame).
    package init(record s: EngineState, fps: Int) {
        self.init(
            frame: s.frame, t: Double(s.frame) / Double(fps), pan: s.pan.phase, pinch: s.pinch.phase,
            rotation: s.rotation.phase,
            zoom: s.layout.zoom(s.shown), shown: s.shown, imageRect: s.layout.imageRect(s.shown), valid: s.isValid,
            mask: s.mask,
            animating: s.isAnimating, events: s.events, viewportWidth: s.layout.viewportWidth,
            viewportHeight: s.layout.viewportHeight,
            box: s.box, orientation: s.orientation, imageIndex: s.imageIndex)
    }
}
