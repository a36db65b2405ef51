import CropEngine
import CropFit
import CropJSON
import CropPipeline
import CropScenario

/// An app's recorded crop screen from Swift (docs/fit.md): the recording `SessionRecorder`
/// wrote, made into a replay of its callbacks and the frames the app showed, compared with the
/// model (`cropreplay conform --trace`) and fitted (`cropreplay fit`).
public struct RecordedSession: Sendable {
    /// The scenario of the recorded callbacks (on the recording's frames).
    public let replay: Replay
    let recorded: RecordedTrace
    /// The scenario file's text, as `cropreplay import session` writes it.
    public let scenarioJSON: String
    /// The recorded trace's text (`S.recorded.json`).
    public let recordedTraceJSON: String

    /// Parses a recording (JSON lines; errors name `file` and the record's line) and makes the
    /// scenario `name` on `preset` with the recording's viewport and photo size.
    public init(
        recording text: String, file: String = "<recording>", name: String, preset: String,
        registering registrations: Registrations = .builtIn
    ) throws(ReplayError) {
        let imported = try SessionImport(
            recording: text, file: file, name: name, preset: preset, editor: nil, registrations: registrations)
        replay = Replay(loaded: imported.loaded)
        recorded = imported.recorded
        scenarioJSON = imported.scenarioText
        recordedTraceJSON = imported.recorded.json
    }

    /// The same recording replayed with another editor (a fitted one, an app's settings).
    public func with(editor: EditorConfig) throws(ReplayError) -> RecordedSession {
        var scenario = replay.scenario
        scenario.editor = editor
        return RecordedSession(
            replay: try Replay.load(scenario, registering: replay.loaded.registrations, model: replay.model),
            recorded: recorded, scenarioJSON: scenarioJSON, recordedTraceJSON: recordedTraceJSON)
    }

    init(replay: Replay, recorded: RecordedTrace, scenarioJSON: String, recordedTraceJSON: String) {
        self.replay = replay
        self.recorded = recorded
        self.scenarioJSON = scenarioJSON
        self.recordedTraceJSON = recordedTraceJSON
    }

    /// `cropreplay conform --trace`: where the replay departs from what the app showed (a
    /// corner more than `tolerance` points away), and the corners' errors.
    public func conformance(tolerance: Double = 1) throws(ReplayError) -> Conformance {
        let c = try TraceConformance(replay.loaded, recorded: recorded, tolerance: tolerance)
        return Conformance(
            departure: c.residuals.departure, rms: c.residuals.overall.rms, max: c.residuals.overall.max,
            report: c.lines.joined(separator: "\n"))
    }

    /// How a replay compares with a recording.
    public struct Conformance: Sendable {
        /// The first departing frame and field, recorded value first; nil when none departs.
        public var departure: TraceDifference?
        /// The root mean square distance of the photo's corners over the recorded frames, in points.
        public var rms: Double
        /// The largest corner distance, in points.
        public var max: Double
        /// `conform --trace`'s report.
        public var report: String
    }

    /// `cropreplay fit` from Swift: the values of the editor numbers `vary` (`"policy.rubberBand":
    /// 0.2...1.5`, checked as a scenario's values) that reproduce the sessions together best,
    /// under each of `policies` (nil: the sessions' own), with `evaluations` replays of every
    /// session per policy, seeded by `seed`.
    public static func fit(
        _ sessions: [RecordedSession], vary: KeyValuePairs<String, ClosedRange<Double>>,
        policies: [PolicyKind]? = nil, seed: UInt64 = 1, evaluations: Int = 300, threshold: Double = 1
    ) throws(ReplayError) -> Fit {
        var options = EditorFit.Options()
        options.seed = seed
        options.evaluations = Swift.max(1, evaluations)
        options.threshold = threshold
        let parameters = vary.map { FitParameter(key: $0.key, low: $0.value.lowerBound, high: $0.value.upperBound) }
        let recordings = sessions.map { FitRecording(loaded: $0.replay.loaded, recorded: $0.recorded) }
        let result: EditorFit.Result
        do {
            result = try EditorFit.run(recordings, parameters: parameters, policies: policies, options: options)
        } catch {
            throw .badInput(error.description)
        }
        let report = try FitReport(result, recordings: recordings, threshold: threshold)
        return Fit(
            policy: result.best?.policy,
            values: result.best.map { best in Dictionary(uniqueKeysWithValues: zip(vary.map(\.key), best.values)) }
                ?? [:],
            editors: report.fittedEditors ?? [], rmsBefore: result.before.rms, rms: result.best?.summary.rms,
            fits: !report.unreproduced, report: report.lines.joined(separator: "\n"))
    }

    /// What a fit found.
    public struct Fit: Sendable {
        /// The best policy, nil when none could be tried.
        public var policy: PolicyKind?
        /// The best value of each varied key.
        public var values: [String: Double]
        /// Each session's editor with the best values (`with(editor:)` replays it).
        public var editors: [EditorConfig]
        /// The corners' RMS error in points with the sessions' own editors.
        public var rmsBefore: Double
        /// The corners' RMS error in points with the best values (nil when nothing was fitted).
        public var rms: Double?
        /// Whether the best is within the threshold.
        public var fits: Bool
        /// `cropreplay fit`'s report, verdict last.
        public var report: String
    }
}
