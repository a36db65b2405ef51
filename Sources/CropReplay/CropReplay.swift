// The CropReplay library: replay scenarios from Swift and check them against goldens.
//
//     import CropReplay
//
//     let replay = try Replay.load(file: "scenarios/cab-drag-out.json")
//     let trace = try replay.trace()
//     print(trace.frames.last?.valid ?? false)
//
//     let outcome = try replay.verify(golden: "golden", record: .missing)
//     if let failure = outcome.failure { print(failure) }
@_exported import CropGeometry
@_exported import CropScenario
@_exported import CropEngine
@_exported import CropRender
@_exported import CropGoldens
import Foundation

/// When goldens are written (as swift-snapshot-testing's record modes).
public enum RecordMode: String, Sendable, CaseIterable {
    /// Re-record every golden (the check then fails, so a recording is never mistaken for a pass).
    case all
    /// Record goldens that do not exist yet (and fail once); check the rest.
    case missing
    /// Check; re-record the goldens of a failing check (and fail).
    case failed
    /// Only check.
    case never

    /// `CROPREPLAY_RECORD` when set; otherwise `never` when `CI` is set, else `missing`.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        if let v = env["CROPREPLAY_RECORD"], let mode = RecordMode(rawValue: v) { return mode }
        return env["CI"] != nil ? .never : .missing
    }
}

/// A scenario ready to replay: decoded (from a file, JSON text, or built in code) with its image.
public struct Replay: Sendable {
    public let loaded: LoadedScenario
    public var scenario: Scenario { loaded.scenario }

    /// Loads a scenario file (images relative to it).
    public static func load(file path: String) throws -> Replay {
        Replay(loaded: try LoadedScenario.load(path: path))
    }

    /// Decodes scenario JSON text.
    public static func load(json: String, name: String) throws -> Replay {
        Replay(loaded: try LoadedScenario.load(text: json, file: "<json \(name)>", name: name))
    }

    /// A scenario built in code (see `Scenario.init(name:preset:editor:fps:script:directory:)`).
    public static func load(_ scenario: Scenario) throws -> Replay {
        Replay(loaded: try LoadedScenario.withImage(try scenario.validated()))
    }

    /// Replays the script: every frame's state, snapshots and crops.
    public func trace() throws -> Trace { try loaded.replay() }

    /// Renders one frame of the replay.
    public func render(frame: Int) throws -> RGBFrame {
        let trace = try trace()
        guard frame >= 0 && frame < trace.frames.count else { throw ReplayFailure.badInput("frame \(frame) is outside 0..<\(trace.frames.count)") }
        return RenderSession(loaded: loaded, trace: trace).render(frame: frame)
    }

    /// The outcome of `verify`.
    public struct Outcome: Sendable {
        /// nil when the replay matches its goldens (and nothing was recorded).
        public var failure: String?
        /// Golden files written.
        public var recorded: [String]
    }

    /// Checks the replay against `golden/<name>/` with the same comparison and
    /// messages as `cropreplay check`, recording according to `record`.
    /// Artifacts (expected/actual/diff) go to `artifacts` (default: `CROPREPLAY_ARTIFACTS`).
    public func verify(golden: String = "golden", record: RecordMode = .fromEnvironment(), tolerance: Int = 0, maxDiffRatio: Double = 0,
                       artifacts: String? = ProcessInfo.processInfo.environment["CROPREPLAY_ARTIFACTS"]) throws -> Outcome {
        let name = scenario.name
        if record == .all {
            let written = try GoldenCheck.record(loaded, goldenDir: golden, onlyMissing: false, jobs: Parallel.defaultJobs)
            return Outcome(failure: "record mode \"all\": recorded the goldens of \(name) (\(written.count) files changed); set CROPREPLAY_RECORD=never to check", recorded: written)
        }
        var options = CheckOptions()
        options.goldenDir = golden
        options.tolerance = tolerance
        options.maxDiffRatio = maxDiffRatio
        options.artifactsDir = artifacts
        let result = try GoldenCheck.check(loaded, options: options)
        if result.status == .passed { return Outcome(failure: nil, recorded: []) }
        let message = "\(name): " + result.problems.joined(separator: "\n")
        let shouldRecord = (record == .missing && result.status == .missing) || (record == .failed)
        if shouldRecord {
            let written = try GoldenCheck.record(loaded, goldenDir: golden, onlyMissing: false, jobs: Parallel.defaultJobs)
            return Outcome(failure: message + "\nrecorded \(written.count) golden files (record mode \"\(record.rawValue)\"); re-run to check", recorded: written)
        }
        return Outcome(failure: message, recorded: [])
    }
}
