import CropEngine
import CropScenario

/// The outcome of checking one scenario against its golden folder.
public struct CheckResult: Sendable {
    /// Whether the scenario passed, failed, has no golden yet, or could not be checked.
    public enum Status: String, Sendable {
        /// Trace and every snapshot match.
        case passed
        /// Something differs: see `mismatches`.
        case failed
        /// No golden yet (`record` writes it).
        case new
        /// The golden folder is damaged or the scenario could not be replayed.
        case error
    }

    /// The scenario's name.
    public var scenario: String
    /// The scenario file.
    public var file: String
    /// Whether it passed.
    public var status: Status
    /// What differs, as values (a test can assert them).
    public var mismatches: [Mismatch]
    /// Facts about the golden that explain a difference (the scenario or engine changed).
    public var context: [Context]
    /// Expected/actual/diff images written for failing snapshots.
    public var artifacts: [Artifact]
    /// The full trace comparison, for reports (nil when there was no golden trace to compare).
    public var traceComparison: TraceComparison?
    /// Frames replayed.
    public var frames: Int
    /// Seconds spent checking this scenario (JUnit's `time`).
    public var seconds: Double

    package init(
        scenario: String, file: String, status: Status, mismatches: [Mismatch], context: [Context],
        artifacts: [Artifact],
        traceComparison: TraceComparison?, frames: Int, seconds: Double
    ) {
        self.scenario = scenario
        self.file = file
        self.status = status
        self.mismatches = mismatches
        self.context = context
        self.artifacts = artifacts
        self.traceComparison = traceComparison
        self.frames = frames
        self.seconds = seconds
    }

    /// The report lines: context first, then one line per mismatch.
    public var lines: [String] { context.map(\.description) + mismatches.map(\.description) }
}

/// One difference between a replay and its golden.
public enum Mismatch: Sendable, Equatable, CustomStringConvertible {
    /// The first trace difference: frame (nil outside `frames`), field, both values.
    case trace(TraceDifference)
    /// A snapshot's pixels differ.
    case snapshot(name: String, frame: Int, diff: ImageDiff)
    /// The golden folder has no image for a snapshot the scenario takes.
    case missingSnapshot(name: String, frame: Int, path: String)
    /// There is no golden for this scenario yet; `recordOptions` are the options `record` needs
    /// to write it where `check` looked (`--model NAME`, `--golden DIR`), or empty.
    case missingGolden(path: String, scenarioFile: String, recordOptions: String)
    /// A golden file cannot be read or decoded, or the replay itself failed.
    case damaged(String)

    /// The mismatch in one line, as `check` prints it.
    public var description: String {
        switch self {
        case .trace(let d): return "trace: " + d.description
        case .snapshot(let name, let frame, let diff): return "snapshot \"\(name)\" (frame \(frame)): \(diff.summary)"
        case .missingSnapshot(let name, let frame, let path):
            return "snapshot \"\(name)\" (frame \(frame)): no golden image at \(path) (run `cropreplay record`)"
        case .missingGolden(let path, let file, let options):
            if file.hasPrefix("<") {
                return "no golden at \(path) yet (record it with CROPREPLAY_RECORD=all or record: .all)"
            }
            return "no golden at \(path) yet (run `cropreplay record \(options.isEmpty ? "" : options + " ")\(file)`)"
        case .damaged(let message): return message
        }
    }
}

/// Why a golden may differ without the engine being wrong.
public enum Context: Sendable, Equatable, CustomStringConvertible {
    /// The scenario (its canonical form) changed since the golden was recorded.
    case scenarioChanged
    /// A different engine version recorded the golden.
    case engineChanged(recorded: String, current: String)

    /// The fact in one line, as `check` prints it.
    public var description: String {
        switch self {
        case .scenarioChanged: return "scenario changed since the golden was recorded"
        case .engineChanged(let recorded, let current): return "golden recorded by \(recorded), this is \(current)"
        }
    }
}

/// Images written for a failing snapshot, relative to the artifacts folder.
public struct Artifact: Sendable, Equatable {
    /// The snapshot's name.
    public var snapshot: String
    /// The golden image copied for review (`NAME.expected.png`), or nil when there is none.
    public var expected: String?
    /// The replay's image.
    public var actual: String
    /// The difference image, or nil when there is no golden image.
    public var diff: String?
    /// The pixel figures (or why there is no expected image).
    public var figures: String
}
