import CropBitmap
import CropEngine
import CropImageIO
import CropPipeline
import CropScenario
import Foundation

/// Options of `cropreplay check`.
package struct CheckOptions: Sendable {
    package var goldenDir = "golden"
    package var tolerance = 0
    package var maxDiffRatio = 0.0
    package var artifactsDir: String?
    package var jobs = Parallel.defaultJobs
    /// Which parts to compare (everything by default).
    package var scope = CheckScope.all
    package init() {}
}

/// What a check compares: the trace, all snapshots or some, or rendered frames.
package struct CheckScope: Sendable, Equatable {
    package var trace = true
    /// nil: every snapshot; otherwise only these names.
    package var snapshots: Set<String>? = nil
    /// Extra frames compared with `frame-<n>.png` goldens.
    package var frames: [Int] = []
    package init(trace: Bool = true, snapshots: Set<String>? = nil, frames: [Int] = []) {
        self.trace = trace
        self.snapshots = snapshots
        self.frames = frames
    }
    package static let all = CheckScope()
}

/// Checking one scenario against its golden folder. Never writes into the golden folder.
package enum GoldenCheck {
    package static func check(_ loaded: LoadedScenario, options: CheckOptions) -> CheckResult {
        let start = Date()
        var result = CheckResult(
            scenario: loaded.scenario.name, file: loaded.scenario.file, status: .passed, mismatches: [],
            context: [], artifacts: [], traceComparison: nil, frames: 0, seconds: 0)
        defer { result.seconds = Date().timeIntervalSince(start) }
        do {
            try compare(loaded, options: options, into: &result)
        } catch {
            result.status = .error
            result.mismatches.append(.damaged(error.description))
        }
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    static func compare(_ loaded: LoadedScenario, options: CheckOptions, into result: inout CheckResult)
        throws(ReplayFailure)
    {
        let scenario = loaded.scenario
        let trace = try loaded.replay()
        result.frames = trace.frames.count
        let store = GoldenStore(root: options.goldenDir, name: scenario.name)
        guard store.exists else {
            result.status = .new
            result.mismatches.append(
                .missingGolden(
                    path: store.tracePath, scenarioFile: scenario.file,
                    recordOptions: recordOptions(model: loaded.model, goldenDir: options.goldenDir)))
            return
        }
        let golden = try store.trace()
        if let hash = golden.scenarioHash, hash != loaded.scenarioHash { result.context.append(.scenarioChanged) }
        if let engine = golden.engine, engine != trace.engine {
            result.context.append(.engineChanged(recorded: engine, current: trace.engine))
        }
        if options.scope.trace {
            let comparison = TraceDiff.compare(expected: golden, actual: TraceFile(trace))
            result.traceComparison = comparison
            if let first = comparison.first { result.mismatches.append(.trace(first)) }
        }
        try compareImages(loaded, trace: trace, store: store, options: options, into: &result)
        if !result.mismatches.isEmpty { result.status = .failed }
    }

    /// The options `record` needs to write into the folder `check` read: the model, and the
    /// golden folder unless it is that model's default.
    static func recordOptions(model: String?, goldenDir: String) -> String {
        var options: [String] = []
        if let model { options.append("--model \(model)") }
        if goldenDir != (model.map { "golden-\($0)" } ?? "golden") { options.append("--golden \(goldenDir)") }
        return options.joined(separator: " ")
    }

    /// The images a check compares: (golden name, frame).
    static func images(_ trace: Trace, scope: CheckScope) -> [(name: String, frame: Int)] {
        var out = trace.snapshots.filter { scope.snapshots?.contains($0.name) ?? true }.map {
            (name: $0.name, frame: $0.frame)
        }
        out += scope.frames.filter { $0 >= 0 && $0 < trace.frames.count }.map { (name: "frame-\($0)", frame: $0) }
        return out
    }

    /// Renders the snapshot frames and compares them in memory: nothing is encoded unless
    /// it fails (then artifacts are written when asked for).
    static func compareImages(
        _ loaded: LoadedScenario, trace: Trace, store: GoldenStore, options: CheckOptions,
        into result: inout CheckResult
    ) throws(ReplayFailure) {
        let wanted = images(trace, scope: options.scope)
        guard !wanted.isEmpty else { return }
        let session = RenderSession(loaded: loaded, trace: trace)
        let rendered = session.render(frames: wanted.map(\.frame), jobs: options.jobs)
        let artifacts = options.artifactsDir.map { ArtifactWriter(root: $0, scenario: loaded.scenario.name) }
        for (name, frame) in wanted {
            guard let actual = rendered[frame] else { continue }
            guard let (expected, bytes) = try store.snapshot(name) else {
                result.mismatches.append(.missingSnapshot(name: name, frame: frame, path: store.snapshotPath(name)))
                if let artifacts {
                    result.artifacts.append(
                        try artifacts.write(
                            name, expected: nil, actual: actual, tolerance: options.tolerance,
                            figures: "no golden image"))
                }
                continue
            }
            let diff = ImageDiff.compare(expected: expected, actual: actual, tolerance: options.tolerance)
            guard diff.sizeMismatch != nil || diff.ratio > options.maxDiffRatio else { continue }
            result.mismatches.append(.snapshot(name: name, frame: frame, diff: diff))
            if let artifacts {
                result.artifacts.append(
                    try artifacts.write(
                        name, expected: (expected, bytes), actual: actual, tolerance: options.tolerance,
                        figures: diff.summary))
            }
        }
    }
}
