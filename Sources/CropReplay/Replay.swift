import CropBitmap
import CropEngine
import CropGoldens
import CropPipeline
import CropScenario
import Foundation

/// A scenario ready to replay: decoded (from a file, JSON text, or built in code) with its
/// image. The trace and the render session are computed once and shared by copies, so
/// rendering a sequence frame by frame costs one replay.
public struct Replay: Sendable {
    package let loaded: LoadedScenario
    private let cache: Cache

    /// The decoded scenario.
    public var scenario: Scenario { loaded.scenario }
    /// The registered editor model the replay drives, or nil for CropReplay's reference model.
    public var model: String? { loaded.model }

    package init(loaded: LoadedScenario) {
        self.loaded = loaded
        cache = Cache()
    }

    /// Loads a scenario file (its image paths are relative to it). The scenario may name the
    /// policies and curves in `registering`; `model` names a registered editor model to drive
    /// instead of the reference (`EditorModel`).
    public static func load(
        file path: String, registering registrations: Registrations = .builtIn, model: String? = nil
    ) throws(ReplayError) -> Replay {
        try Replay(loaded: LoadedScenario.load(path: path, registrations: registrations)).driving(model)
    }

    /// Decodes scenario JSON text; `directory` is where image paths are resolved.
    public static func load(
        json: String, name: String, directory: String = ".", registering registrations: Registrations = .builtIn,
        model: String? = nil
    ) throws(ReplayError) -> Replay {
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(
                text: json, file: "<json \(name)>", defaultName: name, directory: directory,
                extensions: registrations.names)
        } catch {
            throw .scenario(error)
        }
        return try Replay(loaded: LoadedScenario.withImage(scenario, registrations: registrations)).driving(model)
    }

    /// A scenario built in code (see `Scenario.init(name:preset:editor:fps:script:directory:)`).
    public static func load(
        _ scenario: Scenario, registering registrations: Registrations = .builtIn, model: String? = nil
    ) throws(ReplayError) -> Replay {
        let valid: Scenario
        do { valid = try scenario.validated() } catch { throw .scenario(error) }
        return try Replay(loaded: LoadedScenario.withImage(valid, registrations: registrations)).driving(model)
    }

    /// The same scenario driven through the registered editor model `model` (nil or
    /// `"reference"`: CropReplay's own); an unknown name is an error listing the registered ones.
    public func driving(_ model: String?) throws(ReplayError) -> Replay {
        if let problem = loaded.registrations.unknownModel(model) {
            throw .scenario(ScenarioError(file: scenario.file, place: nil, message: problem))
        }
        let name = model == Registrations.reference ? nil : model
        if name == self.model { return self }
        return Replay(loaded: loaded.driving(name))
    }

    /// Where the registered editor model `model` departs from CropReplay's reference model on
    /// this script: the first differing frame and field (as `check` and `cropreplay conform`
    /// word it, reference value first), or nil when every frame, snapshot and crop agrees.
    public func departure(of model: String) throws(ReplayError) -> TraceDifference? {
        let reference = try driving(nil).trace()
        let mine = try driving(model).trace()
        return TraceDiff.compare(expected: TraceFile(reference), actual: TraceFile(mine)).first
    }

    /// Replays the script: every frame's state, snapshots and crops (computed once).
    public func trace() throws(ReplayError) -> Trace {
        try cache.trace { () throws(ReplayError) -> Trace in try loaded.replay() }
    }

    /// Renders one frame of the replay (the replay itself runs once per `Replay`).
    public func render(frame: Int) throws(ReplayError) -> RGBFrame {
        let session = try self.session()
        let count = session.trace.frames.count
        guard frame >= 0 && frame < count else { throw .frameOutOfRange(frame, count: count) }
        return session.render(frame: frame)
    }

    /// The pixels of a crop the script saved (by name).
    public func crop(named name: String) throws(ReplayError) -> RGBAImage? {
        let session = try self.session()
        return session.trace.crops.first { $0.name == name }.map(session.cropImage)
    }

    package func session() throws(ReplayError) -> RenderSession {
        let trace = try self.trace()
        return cache.session { RenderSession(loaded: loaded, trace: trace) }
    }

    /// The outcome of `verify`.
    public struct Verification: Sendable {
        /// The comparison with the golden folder (nil when record mode `all` skipped it).
        public var result: CheckResult?
        /// What was recorded, when anything was.
        public var recorded: RecordResult?
        /// nil when the replay matches its goldens and nothing was recorded; otherwise the
        /// message a test reports (its first line says what differs).
        public var failure: String?
    }

    /// The golden folder when none is given: `golden`, or `golden-<model>` for an editor model
    /// of your own (as `cropreplay check --model`).
    public var defaultGolden: String { model.map { "golden-\($0)" } ?? "golden" }

    /// Checks the replay against `<golden>/<name>/` with the same comparison and messages as
    /// `cropreplay check`, recording according to `record` (default: `RecordMode.current`).
    /// Artifacts (expected/actual/diff) go to `artifacts` (default: `CROPREPLAY_ARTIFACTS`).
    /// `golden` defaults to `defaultGolden`.
    public func verify(
        golden: String? = nil, record: RecordMode? = nil, strategy: ReplayStrategy = .all,
        tolerance: Int = 0, maxDiffRatio: Double = 0,
        artifacts: String? = ProcessInfo.processInfo.environment["CROPREPLAY_ARTIFACTS"]
    ) throws(ReplayError) -> Verification {
        let golden = golden ?? defaultGolden
        let mode = record ?? RecordMode.current
        let name = scenario.name
        if mode == .all {
            let recorded = try self.record(golden: golden, strategy: strategy)
            let message =
                "\(name): record mode \"all\" recorded its goldens in \(recorded.folder)/"
                + " (\(recorded.status.rawValue)); "
                + "set CROPREPLAY_RECORD=never or pass record: .never to check"
            return Verification(result: nil, recorded: recorded, failure: message)
        }
        var options = CheckOptions()
        options.goldenDir = golden
        options.tolerance = tolerance
        options.maxDiffRatio = maxDiffRatio
        options.artifactsDir = artifacts
        options.scope = strategy.scope
        let result = GoldenCheck.check(loaded, options: options)
        if result.status == .passed { return Verification(result: result, recorded: nil, failure: nil) }
        if result.status == .error { return Verification(result: result, recorded: nil, failure: message(result)) }
        let shouldRecord = (mode == .missing && result.status == .new) || mode == .failed
        guard shouldRecord else { return Verification(result: result, recorded: nil, failure: message(result)) }
        let recorded = try self.record(golden: golden, strategy: strategy)
        let what = result.status == .new ? "recorded a new golden" : "re-recorded its golden"
        return Verification(
            result: result, recorded: recorded,
            failure:
                "\(name): \(what) in \(recorded.folder)/ (record mode \"\(mode.rawValue)\"); run the test"
                + " again to check it"
                + (result.status == .new ? "" : "\n" + result.lines.joined(separator: "\n")))
    }

    func record(golden: String, strategy: ReplayStrategy) throws(ReplayError) -> RecordResult {
        let prepared = try GoldenRecord.prepare(
            loaded, goldenDir: golden, onlyMissing: false, jobs: Parallel.defaultJobs, scope: strategy.scope)
        return try GoldenRecord.write(prepared)
    }

    /// `<name>: <first difference>` then the other lines.
    func message(_ result: CheckResult) -> String {
        var lines = result.mismatches.map(\.description)
        if case .missingGolden(let path, let file, _)? = result.mismatches.first, file.hasPrefix("<") {
            lines[0] = "no golden at \(path) yet: record it with CROPREPLAY_RECORD=all (or pass record: .all)"
        }
        lines += result.context.map(\.description)
        return "\(result.scenario): " + lines.joined(separator: "\n")
    }
}

/// The trace and render session of a replay, computed on first use and shared by copies.
private final class Cache: @unchecked Sendable {
    private let lock = NSLock()
    private var trace: Trace?
    private var session: RenderSession?

    func trace(_ make: () throws(ReplayError) -> Trace) throws(ReplayError) -> Trace {
        lock.lock()
        defer { lock.unlock() }
        if let trace { return trace }
        let made = try make()
        trace = made
        return made
    }

    func session(_ make: () -> RenderSession) -> RenderSession {
        lock.lock()
        defer { lock.unlock() }
        if let session { return session }
        let made = make()
        session = made
        return made
    }
}
