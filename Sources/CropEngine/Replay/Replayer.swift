import CropScenario

/// Replays scenarios (docs/scenarios.md): the reference model, or a user's editor model by its
/// registered name. A scenario whose policy, curve, start or model cannot be made is an error at
/// its JSON path (or at frame 0 for a model's factory) before anything replays.
package enum Replayer {
    /// Replays `scenario` whose image is `imageWidth` x `imageHeight` pixels through the model
    /// named `model` (nil or "reference": CropReplay's own). `frameLimit` (at most
    /// `Limits.maxFrames`) bounds the work, e.g. for fuzzing; `observer` sees the reference
    /// model's state after every frame, `modelObserver` a registered model after every frame. The trace records `scenarioHash` (computed from the
    /// scenario when nil: a caller that replays one scenario again passes the one it has).
    package static func replay(
        _ scenario: Scenario, imageWidth: Int, imageHeight: Int, frameLimit: Int = Limits.maxFrames,
        faults: EngineFaults = [], registrations: Registrations = .builtIn, model: String? = nil,
        scenarioHash: String? = nil, observer: ((EngineState, [EngineAction]) -> Void)? = nil,
        modelObserver: ((CustomModel, [EngineAction]) -> Void)? = nil
    ) throws(ScenarioError) -> Trace {
        let reference = try referenceModel(
            scenario, imageWidth: imageWidth, imageHeight: imageHeight, faults: faults, registrations: registrations)
        if let model, model != Registrations.reference {
            let custom = try customModel(
                named: model, scenario, reference: reference, imageWidth: imageWidth, imageHeight: imageHeight,
                registrations: registrations)
            var player = ScriptPlayer(
                scenario: scenario, model: custom, imageWidth: imageWidth, imageHeight: imageHeight,
                frameLimit: frameLimit, observer: modelObserver)
            return try player.run(scenarioHash: scenarioHash ?? scenario.sourceHash)
        }
        var player = ScriptPlayer(
            scenario: scenario, model: reference, imageWidth: imageWidth, imageHeight: imageHeight,
            frameLimit: frameLimit, observer: observer.map { see in { see($0.state, $1) } })
        return try player.run(scenarioHash: scenarioHash ?? scenario.sourceHash)
    }

    /// Replays `scenario` through the registered model `model`, `observer` seeing what it shows
    /// after every frame, whether it is still settling, and the actions the frame applied (the
    /// explorer checks a model from outside). Returns what it showed at frame 0 with the trace.
    package static func replay(
        _ scenario: Scenario, imageWidth: Int, imageHeight: Int, model: String, registrations: Registrations,
        frameLimit: Int = Limits.maxFrames,
        observer: @escaping (_ view: ModelView, _ isSettling: Bool, _ actions: [EngineAction]) -> Void
    ) throws(ScenarioError) -> (initial: (view: ModelView, isSettling: Bool), trace: Trace) {
        let reference = try referenceModel(
            scenario, imageWidth: imageWidth, imageHeight: imageHeight, registrations: registrations)
        let custom = try customModel(
            named: model, scenario, reference: reference, imageWidth: imageWidth, imageHeight: imageHeight,
            registrations: registrations)
        var player = ScriptPlayer(
            scenario: scenario, model: custom, imageWidth: imageWidth, imageHeight: imageHeight,
            frameLimit: frameLimit, observer: { m, applied in observer(m.view, m.isSettling, applied) })
        return ((custom.view, custom.isSettling), try player.run(scenarioHash: scenario.sourceHash))
    }

    /// The reference model at frame 0: the initial fit with the scenario's `start` applied.
    package static func referenceModel(
        _ scenario: Scenario, imageWidth: Int, imageHeight: Int, faults: EngineFaults = [],
        registrations: Registrations = .builtIn
    ) throws(ScenarioError) -> ReferenceModel {
        var engine: Engine
        do {
            engine = try Engine(editor: scenario.editor, fps: scenario.fps, registrations: registrations)
        } catch {
            throw ScenarioError(file: scenario.file, place: error.place, message: error.message)
        }
        engine.faults = faults
        do {
            let state = try engine.initialState(imageWidth: imageWidth, imageHeight: imageHeight, start: scenario.start)
            return ReferenceModel(engine: engine, state: state)
        } catch {
            throw ScenarioError(file: scenario.file, place: error.place, message: error.message)
        }
    }

    /// A registered model made for this scenario, starting where the reference starts.
    static func customModel(
        named name: String, _ scenario: Scenario, reference: ReferenceModel, imageWidth: Int, imageHeight: Int,
        registrations: Registrations
    ) throws(ScenarioError) -> CustomModel {
        guard let factory = registrations.model(named: name) else {
            throw ScenarioError(file: scenario.file, place: nil, message: registrations.unknownModel(name) ?? name)
        }
        let setup = ModelSetup(
            editor: scenario.editor, fps: scenario.fps, imageWidth: imageWidth, imageHeight: imageHeight,
            start: scenario.start, initial: reference.display)
        do {
            return try CustomModel(name: name, setup: setup, factory: factory)
        } catch {
            throw ScenarioError(file: scenario.file, place: nil, message: error.description)
        }
    }
}

/// Replays a scenario's script through a model, frame by frame (docs/scenarios.md): expands
/// steps into a timeline as the cursor moves, runs `until settled`, records snapshots and
/// crops, and returns the trace. Pure: no I/O. The model is CropReplay's reference (the
/// engine's reducer) or a user's `EditorModel`; both go through the same loop.
package struct ScriptPlayer<Model: ReplayModel> {
    package let scenario: Scenario
    private var model: Model
    private var expander: TimelineExpander
    private var pending = FrameQueue<ScheduledAction>()
    private var extra = FrameQueue<EngineAction>()
    private var frames: [FrameRecord] = []
    private var snapshots: [SnapshotRecord] = []
    private var crops: [CropRecord] = []
    private var imageSizes: [(Int, Int)]
    private var frameLimit = Limits.maxFrames
    private var observer: Observer?
    /// The frames each step of the script spans, in order: step `path` owns the frames after
    /// the previous entry's `end` up to its own (an error at a frame names its step).
    private var owners: [(end: Int, path: String)] = []

    /// Sees the model after every frame with the actions applied in it (the explorer checks
    /// invariants that the trace alone does not show).
    package typealias Observer = (_ model: Model, _ actions: [EngineAction]) -> Void

    init(
        scenario: Scenario, model: Model, imageWidth: Int, imageHeight: Int, frameLimit: Int = Limits.maxFrames,
        observer: Observer? = nil
    ) {
        self.frameLimit = min(frameLimit, Limits.maxFrames)
        self.observer = observer
        self.scenario = scenario
        self.model = model
        expander = TimelineExpander(
            viewportWidth: scenario.editor.viewport.width, viewportHeight: scenario.editor.viewport.height,
            fps: scenario.fps,
            frame: scenario.editor.frame, rotationGesture: scenario.editor.rotation.gesture)
        imageSizes = [(imageWidth, imageHeight)]
    }

    private func fail(_ place: String, _ message: String) -> ScenarioError {
        ScenarioError(file: scenario.file, place: place, message: message)
    }

    mutating func run(scenarioHash: String) throws(ScenarioError) -> Trace {
        frames.reserveCapacity(256)
        record()
        var cursor = 0
        for step in scenario.script {
            let start = cursor
            switch step.kind {
            case .wait(let seconds):
                cursor += expander.frames(seconds)
            case .untilSettled:
                cursor = try untilSettled(from: cursor, step: step)
            case .snapshot(let name):
                snapshots.append(SnapshotRecord(name: name, frame: cursor))
            case .save(let save):
                try advance(to: cursor, step: step)
                try takeCrop(save, at: cursor, step: step)
            default:
                let result: (actions: [ScheduledAction], cursor: Int)
                do {
                    result = try expander.expand(step, cursor: cursor)
                } catch {
                    throw fail(error.place ?? step.path, error.message)
                }
                for action in result.actions { pending.append(action, at: action.frame) }
                cursor = result.cursor
            }
            if cursor > frameLimit {
                throw fail(step.path, "the script runs to frame \(cursor); the limit is \(frameLimit) frames")
            }
            if cursor > start { owners.append((cursor, step.path)) }
        }
        try advance(to: cursor, step: nil)
        return Trace(
            scenario: scenario.name, fps: scenario.fps, frames: frames, snapshots: snapshots, crops: crops,
            scenarioHash: scenarioHash, engine: model.engineName)
    }

    /// Advances the simulation until frame `n` is recorded.
    private mutating func advance(to n: Int, step: Step?) throws(ScenarioError) {
        while model.frame < n {
            let f = model.frame + 1
            var place: String?
            var applied: [EngineAction] = []
            let extraActions = extra.take(f)
            let scheduled = pending.take(f)
            let observing = observer != nil
            do {
                try model.step(frame: f) { (m: inout Model) throws(EngineError) in
                    for action in extraActions {
                        try m.apply(action)
                        if observing { applied.append(action) }
                    }
                    for item in scheduled {
                        place = item.stepPath
                        try m.apply(item.action)
                        if observing { applied.append(item.action) }
                    }
                }
            } catch {
                // The action's step, else the step whose span holds the frame (a model that
                // fails as frame 3 begins fails in the pan that frame 3 belongs to), else the
                // step being waited on (an `until settled` past the script's spans).
                throw fail(place ?? owner(of: f) ?? step?.path ?? "", error.description)
            }
            record()
            observer?(model, applied)
        }
    }

    /// The step whose span holds frame `f`, nil past every span.
    private func owner(of f: Int) -> String? {
        owners.first { $0.end >= f }?.path
    }

    private mutating func record() {
        frames.append(model.record(fps: scenario.fps))
    }

    private mutating func untilSettled(from cursor: Int, step: Step) throws(ScenarioError) -> Int {
        var c = cursor
        try advance(to: c, step: step)
        let limit = cursor + 10 * scenario.fps
        while model.isSettling {
            c += 1
            if c > frameLimit && c <= limit {
                throw fail(
                    step.path,
                    "the script runs past frame \(frameLimit) while settling from frame \(cursor); the limit"
                        + " is \(frameLimit) frames"
                )
            }
            if c > limit {
                throw fail(
                    step.path,
                    "still animating at frame \(c - 1), 10 s after frame \(cursor) (\(model.endlessSettle))"
                )
            }
            try advance(to: c, step: step)
        }
        return c
    }

    private mutating func takeCrop(_ save: SaveStep, at cursor: Int, step: Step) throws(ScenarioError) {
        let view = model.view
        let region: CropRecord.Region
        switch CropMath.region(of: view, crop: scenario.editor.crop) {
        case .success(let r): region = r
        case .failure(.empty(let raw)):
            throw fail(step.path, "frame \(cursor): the crop is empty (the frame does not overlap the image: \(raw))")
        case .failure(.offsetFactorAtAngle(let angle)):
            throw fail(
                step.path,
                "frame \(cursor): save at angle \(angle) on an offsetFactor editor (that formula needs angle 0)")
        }
        var record = CropRecord(
            name: save.name, frame: cursor, region: region, circleAlpha: save.circleAlpha,
            sourceImageIndex: view.imageIndex, loadsAsImageIndex: nil, orientation: view.orientation)
        if save.thenLoad {
            let index = imageSizes.count
            imageSizes.append((record.width, record.height))
            record.loadsAsImageIndex = index
            extra.append(.imageLoaded(index: index, width: record.width, height: record.height), at: cursor + 1)
        }
        crops.append(record)
    }
}

/// Items scheduled for frames, taken out frame by frame: an array indexed by frame (the
/// replay visits every frame in order, so no hashing is needed).
struct FrameQueue<Item> {
    private var slots: [[Item]] = []

    mutating func append(_ item: Item, at frame: Int) {
        guard frame >= 0 else { return }
        if frame >= slots.count { slots.append(contentsOf: repeatElement([], count: frame + 1 - slots.count)) }
        slots[frame].append(item)
    }

    /// The items of `frame`, removed.
    mutating func take(_ frame: Int) -> [Item] {
        guard frame >= 0, frame < slots.count, !slots[frame].isEmpty else { return [] }
        defer { slots[frame] = [] }
        return slots[frame]
    }
}
