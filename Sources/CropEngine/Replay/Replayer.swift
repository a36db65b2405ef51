import CropScenario

/// Replays a scenario's script through the engine, frame by frame (docs/scenarios.md):
/// expands steps into a timeline as the cursor moves, runs `until settled`,
/// records snapshots and crops, and returns the trace. Pure: no I/O.
package struct Replayer {
    package let scenario: Scenario
    package let engine: Engine
    private var state: EngineState
    private var expander: TimelineExpander
    private var pending = FrameQueue<ScheduledAction>()
    private var extra = FrameQueue<EngineAction>()
    private var frames: [FrameRecord] = []
    private var snapshots: [SnapshotRecord] = []
    private var crops: [CropRecord] = []
    private var imageSizes: [(Int, Int)]
    private var frameLimit = Limits.maxFrames
    private var observer: Observer?

    /// Sees the engine's state after every frame with the actions applied in it (the explorer
    /// checks invariants that the trace alone does not show).
    package typealias Observer = (_ state: EngineState, _ actions: [EngineAction]) -> Void

    /// Replays `scenario` whose image is `imageWidth` x `imageHeight` pixels.
    /// `frameLimit` (at most `Limits.maxFrames`) bounds the work, e.g. for fuzzing.
    package static func replay(
        _ scenario: Scenario, imageWidth: Int, imageHeight: Int, frameLimit: Int = Limits.maxFrames,
        faults: EngineFaults = [], registrations: Registrations = .builtIn, observer: Observer? = nil
    ) throws(ScenarioError) -> Trace {
        var replayer = try Replayer(
            scenario: scenario, imageWidth: imageWidth, imageHeight: imageHeight, faults: faults,
            registrations: registrations)
        replayer.frameLimit = min(frameLimit, Limits.maxFrames)
        replayer.observer = observer
        return try replayer.run()
    }

    /// Frame 0's state is the initial fit with the scenario's `start` applied; a start that does
    /// not fit the editor or the image is an error at `start.<key>`.
    init(
        scenario: Scenario, imageWidth: Int, imageHeight: Int, faults: EngineFaults = [],
        registrations: Registrations = .builtIn
    ) throws(ScenarioError) {
        self.scenario = scenario
        var engine: Engine
        do {
            engine = try Engine(editor: scenario.editor, fps: scenario.fps, registrations: registrations)
        } catch {
            throw ScenarioError(file: scenario.file, place: error.place, message: error.message)
        }
        engine.faults = faults
        self.engine = engine
        do {
            state = try engine.initialState(imageWidth: imageWidth, imageHeight: imageHeight, start: scenario.start)
        } catch {
            throw ScenarioError(file: scenario.file, place: error.place, message: error.message)
        }
        expander = TimelineExpander(
            viewportWidth: scenario.editor.viewport.width, viewportHeight: scenario.editor.viewport.height,
            fps: scenario.fps,
            frame: scenario.editor.frame, rotationGesture: scenario.editor.rotation.gesture)
        imageSizes = [(imageWidth, imageHeight)]
    }

    private func fail(_ place: String, _ message: String) -> ScenarioError {
        ScenarioError(file: scenario.file, place: place, message: message)
    }

    mutating func run() throws(ScenarioError) -> Trace {
        frames.reserveCapacity(256)
        record()
        var cursor = 0
        for step in scenario.script {
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
        }
        try advance(to: cursor, step: nil)
        return Trace(
            scenario: scenario.name, fps: scenario.fps, frames: frames, snapshots: snapshots, crops: crops,
            scenarioHash: scenario.sourceHash)
    }

    /// Advances the simulation until frame `n` is recorded.
    private mutating func advance(to n: Int, step: Step?) throws(ScenarioError) {
        while state.frame < n {
            let f = state.frame + 1
            var place = step?.path ?? ""
            var applied: [EngineAction] = []
            do {
                try engine.reduce(&state, .frameBegan(f))
                for action in extra.take(f) {
                    try engine.reduce(&state, action)
                    applied.append(action)
                }
                for scheduled in pending.take(f) {
                    place = scheduled.stepPath
                    try engine.reduce(&state, scheduled.action)
                    applied.append(scheduled.action)
                }
                try engine.reduce(&state, .eventsApplied)
                try engine.reduce(&state, .tick)
            } catch {
                throw fail(place, error.description)
            }
            record()
            observer?(state, applied)
        }
    }

    private mutating func record() {
        frames.append(FrameRecord(record: state, fps: scenario.fps))
    }

    private mutating func untilSettled(from cursor: Int, step: Step) throws(ScenarioError) -> Int {
        var c = cursor
        try advance(to: c, step: step)
        let limit = cursor + 10 * scenario.fps
        while state.isSettling {
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
                    "still animating at frame \(c - 1), 10 s after frame \(cursor) (the settle or mask fade never ends)"
                )
            }
            try advance(to: c, step: step)
        }
        return c
    }

    private mutating func takeCrop(_ save: SaveStep, at cursor: Int, step: Step) throws(ScenarioError) {
        let layout = state.layout
        let formula = scenario.editor.crop.formula
        let region: CropRecord.Region
        if state.shown.a == 0 {
            let raw = CropMath.rawRect(state.shown, layout: layout, box: state.box, formula: formula)
            guard
                let r = CropMath.rounded(
                    raw, rounding: scenario.editor.crop.rounding, imageWidth: Int(layout.imageWidth),
                    imageHeight: Int(layout.imageHeight))
            else {
                throw fail(
                    step.path, "frame \(cursor): the crop is empty (the frame does not overlap the image: \(raw))")
            }
            region = .pixels(x: r.x, y: r.y, width: r.w, height: r.h)
        } else {
            guard formula == .geometric else {
                throw fail(
                    step.path,
                    "frame \(cursor): save at angle \(state.shown.a) on an offsetFactor editor (that formula"
                        + " needs angle 0)"
                )
            }
            region = CropMath.turnedRegion(state.shown, layout: layout, box: state.box)
        }
        var record = CropRecord(
            name: save.name, frame: cursor, region: region, circleAlpha: save.circleAlpha,
            sourceImageIndex: state.imageIndex,
            loadsAsImageIndex: nil, orientation: state.orientation)
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
