import CropGeometry
import CropScenario

/// The live loop over any model the replay drives (`ReplayModel`): CropReplay's reference
/// (`CropEditorModel` wraps it) or a user's `EditorModel` behind `CustomModel` (the
/// playground's `--model`). Fingers and buttons sent between ticks are applied at the next
/// frame, the fingers through the same touch recognizer a `touches` step uses, so a session
/// replays to the same stream of actions as the scenario recorded from it.
package struct LiveDriver<Model: ReplayModel> {
    package let fps: Int
    /// The model, at the latest frame.
    package private(set) var model: Model
    private var queued: [EngineAction] = []
    private var touches: TouchRecognizer
    /// The fingers down (held from one tick to the next until the next `send(touches:)`).
    private var fingers: [Point] = []
    private var fingersSent = false
    /// The latest frame: after `init`, frame 0.
    package private(set) var current: FrameRecord

    /// `model` at its frame 0; `rotates` is the editor's `rotation.gesture` (two fingers twist).
    package init(model: Model, fps: Int, rotates: Bool) {
        self.model = model
        self.fps = fps
        touches = TouchRecognizer(fps: fps, rotates: rotates)
        current = model.record(fps: fps)
    }

    /// Whether a settle, a re-fit or a mask fade is still under way.
    package var isSettling: Bool { model.isSettling }

    /// The fingers down from the next tick on (see `CropEditorModel.send(touches:)`).
    package mutating func send(touches: [Point]) {
        fingers = Array(touches.prefix(2))
        fingersSent = true
    }

    /// A recognizer event, applied at the next tick.
    package mutating func send(_ event: GestureEvent) { queued.append(.gesture(event)) }

    /// A button or viewport change, applied at the next tick.
    package mutating func send(_ button: CropEditorModel.Button) {
        switch button {
        case .quarterTurn(let clockwise): queued.append(.quarterTurnRequested(clockwise: clockwise))
        case .flip(let horizontal): queued.append(.flipRequested(horizontal: horizontal))
        case .aspect(let choice): queued.append(.aspectRequested(choice))
        case .doubleTap(let point): queued.append(.doubleTapped(point))
        case .restore: queued.append(.restoreRequested)
        case .viewport(let w, let h): queued.append(.viewportChanged(width: w, height: h))
        }
    }

    /// One frame (see `CropEditorModel.tick()`): a bad sequence throws and leaves the driver as
    /// it was before the tick, the input sent since the last tick dropped.
    @discardableResult
    package mutating func tick() throws(ModelError) -> FrameRecord {
        var next = model
        var recognizer = touches
        var actions: [EngineAction] = []
        if fingersSent || recognizer.isActive {
            do { actions = try recognizer.frame(fingers).map { .gesture($0) } } catch {
                queued = []
                fingersSent = false
                fingers = []
                throw ModelError(message: "frame \(model.frame + 1): two fingers at one point \(error.point)")
            }
        }
        actions += queued
        do {
            try next.step(frame: next.frame + 1) { (m: inout Model) throws(EngineError) in
                for a in actions { try m.apply(a) }
            }
        } catch {
            queued = []
            fingersSent = false
            throw ModelError(message: "frame \(model.frame + 1): \(error.description)")
        }
        model = next
        touches = recognizer
        queued = []
        fingersSent = false
        current = model.record(fps: fps)
        return current
    }
}

extension LiveDriver: Sendable where Model: Sendable {}

extension LiveDriver where Model == ReferenceModel {
    /// CropReplay's editor at its initial fit (or `start`) for an image of the given size;
    /// throws the errors `CropEditorModel.init` documents.
    package static func reference(
        editor: EditorConfig, imageWidth: Int, imageHeight: Int, fps: Int, start: StartState?,
        registrations: Registrations
    ) throws -> LiveDriver {
        guard imageWidth > 0, imageHeight > 0, imageWidth <= 16384, imageHeight <= 16384 else {
            throw ModelError(message: "image size \(imageWidth)x\(imageHeight): expected 1 to 16384 pixels a side")
        }
        guard fps >= 1, fps <= 240 else { throw ModelError(message: "fps \(fps): expected 1 to 240") }
        let editor = try editor.validated(file: "CropEditorModel")
        let engine = try Engine(editor: editor, fps: fps, registrations: registrations)
        do {
            let state = try engine.initialState(imageWidth: imageWidth, imageHeight: imageHeight, start: start)
            return LiveDriver(
                model: ReferenceModel(engine: engine, state: state), fps: fps, rotates: editor.rotation.gesture)
        } catch {
            throw ModelError(message: error.description)
        }
    }
}

extension LiveDriver where Model == CustomModel {
    /// The registered editor model `name`, made by its factory where the reference starts (the
    /// initial fit, or `start`), as `run --model NAME` makes it; an unknown name, or a factory
    /// that throws or shows a bad frame 0, is a `ModelError` in the replay's words.
    package static func model(
        named name: String, editor: EditorConfig, imageWidth: Int, imageHeight: Int, fps: Int, start: StartState?,
        registrations: Registrations
    ) throws -> LiveDriver {
        guard let factory = registrations.model(named: name) else {
            throw ModelError(message: registrations.unknownModel(name) ?? name)
        }
        let reference = try LiveDriver<ReferenceModel>.reference(
            editor: editor, imageWidth: imageWidth, imageHeight: imageHeight, fps: fps, start: start,
            registrations: registrations)
        let setup = ModelSetup(
            editor: reference.model.engine.editor, fps: fps, imageWidth: imageWidth, imageHeight: imageHeight,
            start: start, initial: reference.model.display)
        do {
            return LiveDriver(
                model: try CustomModel(name: name, setup: setup, factory: factory), fps: fps,
                rotates: setup.editor.rotation.gesture)
        } catch {
            throw ModelError(message: error.description)
        }
    }
}
