import CropBitmap
import CropEngine
import CropGeometry
import CropImageIO
import CropImport
import CropJSON
import CropPipeline
import CropRender
import CropScenario

/// The playground's state: the editor as a live model (the reducer `run` replays, through the
/// live loop `CropEditorModel` uses, or the registered editor model `run --model NAME` drives),
/// its rendering, and the recording. The page drives it one request per display
/// frame (`tick`): the touches down now, and how many frames are due by the wall clock.
package final class PlaySession {
    /// The scenario served (its editor's image is loaded from the scenario's folder, once).
    package let base: LoadedScenario
    /// What the photo is, for the page ("sample photo 1600x1200", a file name, "test card ...").
    package let imageLabel: String
    package private(set) var editor: EditorConfig
    /// The saved edit the session begins on (the scenario's `start`; the page may change it);
    /// nil: the initial fit. Reset and recording begin there, and a recording writes it.
    package private(set) var start: StartState?
    /// The registered editor model driven (`play --model NAME`), or nil for CropReplay's own.
    package var modelName: String? { base.model }
    private var model: any LiveEditor
    private var compositor: Compositor
    private let image: PremultipliedImage
    /// Page finger ids to the session's own (a new id for every landing), in landing order.
    private var fingers: [(pageId: String, id: Int, point: Point)] = []
    private var nextId = 1
    private var recording: TouchRecording?
    /// The live frames of the recording from the one before its first touch (the recorded
    /// scenario's frame 0), each with whether anything still settled after it; empty until a
    /// finger lands.
    private var recordedFrames: [(record: FrameRecord, settling: Bool)] = []
    /// The index in `recordedFrames` of the last frame with a finger down.
    private var lastTouchFrame = 0
    /// The layer maps of the last frame geometry (the mask, border and grid for a box).
    private var layerCache: (key: String, layers: FrameLayers)?
    /// The last recording stopped: the scenario text and the CDP log.
    package private(set) var lastRecording: (scenario: String, cdp: String)?
    /// The live state when the last recording stopped.
    package private(set) var lastRecordingEnd: FrameRecord?
    /// The live frames of the last recording as `trace.json` holds a replay's, numbered as the
    /// recorded scenario's replay numbers them (frame 0: the frame before the first touch).
    package private(set) var lastRecordingTrace: String?

    /// A session of `base`; `imageLabel` names its photo when it is not the scenario's own
    /// (the sample photo in place of the default test card, see `PlayScenario`).
    package init(base: LoadedScenario, imageLabel: String? = nil) throws(PlayError) {
        self.base = base
        self.imageLabel = imageLabel ?? PlayScenario.label(base.scenario.editor.image)
        editor = base.scenario.editor
        start = base.scenario.start
        image = PremultipliedImage(base.image)
        compositor = Compositor(editor: editor, scale: editor.viewport.scale)
        model = try Self.model(editor, base, fps: base.scenario.fps, start: start)
    }

    private static func model(_ editor: EditorConfig, _ base: LoadedScenario, fps: Int, start: StartState?)
        throws(PlayError)
        -> any LiveEditor
    {
        let (w, h) = (base.image.width, base.image.height)
        do {
            if let name = base.model {
                return try LiveDriver<CustomModel>.model(
                    named: name, editor: editor, imageWidth: w, imageHeight: h, fps: fps, start: start,
                    registrations: base.registrations)
            }
            return try LiveDriver<ReferenceModel>.reference(
                editor: editor, imageWidth: w, imageHeight: h, fps: fps, start: start,
                registrations: base.registrations)
        } catch {
            throw PlayError(message: (error as? ModelError)?.message ?? "\(error)")
        }
    }

    package var fps: Int { base.scenario.fps }
    package var isRecording: Bool { recording != nil }
    package var current: FrameRecord { model.current }
    package var isSettling: Bool { model.isSettling }

    /// Back to the session's beginning: the start state, or the initial fit (fingers lifted).
    package func reset() throws(PlayError) {
        model = try Self.model(editor, base, fps: fps, start: start)
        fingers = []
    }

    /// A new start state (decoded; nil for none), shown at once from frame 0; stops a
    /// recording. Refused, with the key named, when this editor cannot start there.
    package func replaceStart(_ new: StartState?) throws(PlayError) {
        let next = try Self.model(editor, base, fps: fps, start: new)
        start = new
        model = next
        fingers = []
        recording = nil
    }

    /// A new editor and start state together (the panel's form), from frame 0; stops a
    /// recording. Refused, with the key named, when the start does not fit the editor.
    package func replace(editor new: EditorConfig, start newStart: StartState?) throws(PlayError) {
        let next = try Self.model(new, base, fps: fps, start: newStart)
        editor = new
        start = newStart
        model = next
        compositor = Compositor(editor: new, scale: new.viewport.scale)
        layerCache = nil
        fingers = []
        recording = nil
    }

    /// A new editor (already validated), from the start state; stops a recording. Refused when
    /// the start state does not fit the new editor (its message names `start.<key>`).
    package func replaceEditor(_ new: EditorConfig) throws(PlayError) {
        try replace(editor: new, start: start)
    }

    /// Starts recording from the start state (or the initial fit).
    package func startRecording() throws(PlayError) {
        try reset()
        recording = TouchRecording(fps: fps)
        recordedFrames = []
        lastTouchFrame = 0
    }

    /// Stops recording and returns the scenario and CDP log (nil when nothing was touched).
    package func stopRecording(name: String) throws(PlayError) -> (scenario: String, cdp: String)? {
        guard let done = recording else { throw PlayError(message: "not recording") }
        recording = nil
        guard !done.isEmpty else { return nil }
        let frames: [[Point]]
        do { frames = try Resampler(fps: fps, mapping: PointMapping()).frames(done.log) } catch {
            throw PlayError(message: "the recording: \(error.message)")
        }
        let editorJSON = ScenarioEncoder.editor(editor).serialized(indent: 2, level: 1)
        // The recording began on the start state: the scenario starts there too, so its replay
        // reaches the same state.
        let startJSON = start.map { ScenarioEncoder.start($0).serialized() }
        let text = ImportedScenario(name: name, preset: nil, editorJSON: editorJSON, fps: fps, startJSON: startJSON)
            .text(
                frames: frames)
        lastRecording = (text, done.cdpLog)
        lastRecordingEnd = model.current
        lastRecordingTrace = liveTrace(recordedFrames, scenario: text, name: name)
        recordedFrames = []
        return lastRecording
    }

    /// The live frames of a recording as a replay's `trace.json`: renumbered from 0 (the frame
    /// before the first touch, the recorded scenario's frame 0) up to where the recorded
    /// scenario ends (`until settled` after the last finger lifts: the first frame after it
    /// where nothing settles), with the recorded scenario's name and hash, the model's engine
    /// name, and its snapshots `start` and `end`. When the session had settled at Stop, this is
    /// the trace `run` writes for the recorded scenario, byte for byte; otherwise the replay
    /// goes on to settle after the same frames.
    private func liveTrace(
        _ recorded: [(record: FrameRecord, settling: Bool)], scenario text: String, name: String
    ) -> String? {
        // Frame 0 and the first frame with a finger down, at least (a recording with a touch).
        guard recorded.count >= 2 else { return nil }
        let lift = min(lastTouchFrame + 1, recorded.count - 1)
        let end = recorded[lift...].firstIndex { !$0.settling } ?? recorded.count - 1
        let frames = recorded[...end].map(\.record)
        let renumbered = frames.enumerated().map { i, f in
            var f = f
            f.frame = i
            f.time = Double(i) / Double(fps)
            return f
        }
        let hash =
            (try? ScenarioDecoder.decode(
                text: text, file: "the recording", defaultName: name, directory: base.scenario.directory,
                extensions: base.registrations.names))?.sourceHash ?? ""
        return TraceCodec.encode(
            Trace(
                scenario: name, fps: fps, frames: renumbered,
                snapshots: [
                    SnapshotRecord(name: "start", frame: 0), SnapshotRecord(name: "end", frame: frames.count - 1),
                ],
                scenarioHash: hash, engine: model.engineName))
    }

    /// Sets the fingers down (page ids with points, in the page's order; at most two count).
    package func setTouches(_ touches: [(pageId: String, point: Point)]) {
        var next: [(pageId: String, id: Int, point: Point)] = []
        // Fingers still down keep their place (landing order); new ones follow in page order.
        for f in fingers {
            if let t = touches.first(where: { $0.pageId == f.pageId }) { next.append((f.pageId, f.id, t.point)) }
        }
        for t in touches where !next.contains(where: { $0.pageId == t.pageId }) && next.count < 2 {
            next.append((t.pageId, nextId, t.point))
            nextId += 1
        }
        fingers = next
        model.send(touches: next.map(\.point))
    }

    /// A button (refused while recording: a recording holds touches only).
    package func press(_ button: CropEditorModel.Button) throws(PlayError) {
        guard recording == nil else {
            throw PlayError(message: "buttons are off while recording (a recording holds touches only)")
        }
        guard fingers.isEmpty else { throw PlayError(message: "lift the fingers first") }
        model.send(button)
    }

    /// Advances `frames` frames (1 to 30); each recorded. Returns the last frame.
    package func tick(frames: Int) throws(PlayError) -> FrameRecord {
        for _ in 0..<max(1, min(frames, 30)) {
            let before = recording != nil && recordedFrames.isEmpty ? model.current : nil
            do { try model.tick() } catch {
                // A refused frame lifts every finger, here and in the model (as the page does).
                fingers = []
                model.send(touches: [])
                throw PlayError(message: error.message)
            }
            guard recording != nil else { continue }
            recording?.append(fingers.map { TouchRecording.Finger(id: $0.id, point: $0.point) })
            if let before, !fingers.isEmpty { recordedFrames.append((before, false)) }
            if !recordedFrames.isEmpty { recordedFrames.append((model.current, model.isSettling)) }
            if !fingers.isEmpty { lastTouchFrame = recordedFrames.count - 1 }
        }
        return model.current
    }

    /// The current frame's pixels.
    package func render() -> RGBFrame {
        let record = model.current
        let f = record.frameRect
        let key = "\(record.viewportWidth)x\(record.viewportHeight)|\(f.x),\(f.y),\(f.width),\(f.height)"
        let layers: FrameLayers
        if let cached = layerCache, cached.key == key {
            layers = cached.layers
        } else {
            layers = compositor.layers(for: record)
            layerCache = (key, layers)
        }
        return compositor.render(record, image: image, layers: layers)
    }
}

/// A playground request that cannot be served, in one line.
package struct PlayError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
