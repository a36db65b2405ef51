import CropEngine
import CropGoldens
import CropJSON
import CropPipeline
import CropScenario

/// What `fit` prints and writes (docs/fit.md): the best parameters, the policies ranked, the
/// residuals before and after per phase, the honest note when the best is still above the
/// threshold, `fit.json`, the fitted scenarios and the page of curves.
package struct FitReport: Sendable {
    package var result: EditorFit.Result
    package var recordings: [FitRecording]
    package var threshold: Double
    /// Per recording: the replay of its own editor and the residuals.
    package var before: [(trace: Trace, residuals: Residuals)]
    /// Per recording, with the best values (nil when no policy could be evaluated).
    package var after: [(trace: Trace, residuals: Residuals)]?
    /// Per recording, its editor with the best values.
    package var fittedEditors: [EditorConfig]?

    /// Replays the recordings before and after the fit for the report.
    package init(_ result: EditorFit.Result, recordings: [FitRecording], threshold: Double, tolerance: Double = 1)
        throws(ReplayFailure)
    {
        self.result = result
        self.recordings = recordings
        self.threshold = threshold
        var before: [(Trace, Residuals)] = []
        for r in recordings {
            let trace = try r.loaded.replay()
            before.append((trace, Residuals.compare(trace, r.recorded, tolerance: tolerance)))
        }
        self.before = before
        after = nil
        if let best = result.best,
            let problem = try? EditorFit.Problem(recordings, parameters: result.parameters, policy: best.policy),
            let evaluated = problem.evaluate(best.values, findDeparture: true)
        {
            after = Array(zip(evaluated.traces, evaluated.residuals))
            fittedEditors = problem.editors(best.values)
        }
    }

    /// Every recording's phases together.
    static func phases(_ all: [Residuals]) -> [Residuals.Phase: Residuals.Summary] {
        var out: [Residuals.Phase: Residuals.Summary] = [:]
        for r in all { for (p, s) in r.phases { out[p] = (out[p] ?? Residuals.Summary()) + s } }
        return out
    }

    /// Whether the best fit is above the threshold (or nothing could be fitted).
    package var unreproduced: Bool { (result.best?.summary.rms ?? .infinity) > threshold }

    /// The printed report.
    package var lines: [String] {
        let points = TraceConformance.points
        var out: [String] = []
        let frames = recordings.reduce(0) { $0 + $1.recorded.frames.count }
        out.append(
            "fit: \(recordings.count) recording\(recordings.count == 1 ? "" : "s"), \(frames) recorded frames,"
                + " \(result.parameters.map(\.text).joined(separator: ", "))")
        if let best = result.best {
            out.append(
                "best (\(best.policy.rawValue)): "
                    + zip(result.parameters, best.values).map { "\($0.key) = \(Self.value($1))" }.joined(
                        separator: ", "))
        }
        out.append("")
        out.append("| rank | policy | RMS at the scenario's values | RMS fitted | max fitted | values | evaluations |")
        out.append("|---|---|---|---|---|---|---|")
        for (i, p) in result.ranking.enumerated() {
            if let why = p.unusable {
                out.append("| - | \(p.policy.rawValue) | - | - | - | not tried: \(why) | 0 |")
                continue
            }
            let start = p.start.map { points($0.summary.rms) } ?? "-"
            let rms = p.best.map { points($0.summary.rms) } ?? "-"
            let max = p.best.map { points($0.summary.max) } ?? "-"
            let values = p.best.map { $0.values.map(Self.value).joined(separator: ", ") } ?? "-"
            let refused = p.refused > 0 ? " (\(p.refused) refused)" : ""
            out.append(
                "| \(i + 1) | \(p.policy.rawValue) | \(start) | \(rms) | \(max) | \(values) | \(p.evaluations)\(refused) |"
            )
        }
        out.append("")
        out.append(
            "before (the scenarios' own editors): RMS \(points(result.before.rms)), max \(points(result.before.max))")
        out += TraceConformance.phaseLines(Self.phases(before.map(\.residuals)))
        if let after, let best = result.best {
            var line = "after: RMS \(points(best.summary.rms)), max \(points(best.summary.max))"
            if let (name, frame) = worst(after.map(\.residuals)) { line += " at frame \(frame) of \(name)" }
            out.append(line)
            out += TraceConformance.phaseLines(Self.phases(after.map(\.residuals)))
        }
        out.append(honesty)
        return out
    }

    /// The recording and frame of the largest error after the fit.
    func worst(_ all: [Residuals]) -> (String, Int)? {
        var best: (String, Int, Double)?
        for (r, residuals) in zip(recordings, all) {
            if let f = residuals.overall.maxFrame, best == nil || residuals.overall.max > best!.2 {
                best = (r.loaded.scenario.name, f, residuals.overall.max)
            }
        }
        return best.map { ($0.0, $0.1) }
    }

    /// The closing line: the fit reproduces the recordings within the threshold, or which
    /// phase departs most and that these keys cannot remove it.
    package var honesty: String {
        let points = TraceConformance.points
        guard let best = result.best, let after else {
            return "NOT FITTED: no policy could replay the recordings with these keys (see the table)"
        }
        if !unreproduced {
            return "FITS: RMS \(points(best.summary.rms)) is within the threshold of \(points(threshold))"
        }
        let phases = Self.phases(after.map(\.residuals))
        let worst = Residuals.Phase.allCases.compactMap { p in phases[p].map { (p, $0) } }.filter { $0.1.frames > 0 }
            .max { $0.1.rms < $1.1.rms }
        var text =
            "DOES NOT FIT: the best leaves RMS \(points(best.summary.rms)), above the threshold of \(points(threshold));"
        if let (phase, s) = worst {
            text +=
                " it departs most \(phase.meaning): RMS \(points(s.rms)), max \(points(s.max))"
                + (s.maxFrame.map { " at frame \($0)" } ?? "") + ";"
        }
        text +=
            " the editor model cannot reproduce these recordings by varying"
            + " \(result.parameters.map(\.key).joined(separator: ", "))"
            + (result.ranking.count > 1 ? " under any of the policies tried" : "")
        return text
    }

    /// A fitted value for reading: six decimals, unless they would show a fraction as a whole
    /// number (a momentum of 0.9999999 as 1, a rubber band of 1e-7 as 0: values the editor
    /// refuses), which is shown as it is.
    static func value(_ d: Double) -> String {
        let rounded = (d * 1e6).rounded() / 1e6
        return Echo.number(rounded == rounded.rounded() && d != d.rounded() ? d : rounded)
    }

    /// `fit.json`: the parameters, the ranking, the residuals before and after, the verdict.
    package var json: JSONNode {
        func candidate(_ c: EditorFit.Candidate?) -> JSONNode {
            guard let c else { return .null }
            return .object([
                ("policy", .string(c.policy.rawValue)),
                ("values", .object(zip(result.parameters, c.values).map { ($0.key, .number($1)) })),
                ("residuals", TraceConformance.json(c.summary)),
            ])
        }
        return .object([
            (
                "parameters",
                .array(
                    result.parameters.map {
                        .object([("key", .string($0.key)), ("low", .number($0.low)), ("high", .number($0.high))])
                    })
            ),
            ("threshold", .number(threshold)),
            ("fits", .bool(!unreproduced)),
            ("before", TraceConformance.json(result.before)),
            ("best", candidate(result.best)),
            (
                "ranking",
                .array(
                    result.ranking.map { p in
                        .object([
                            ("policy", .string(p.policy.rawValue)), ("start", candidate(p.start)),
                            ("best", candidate(p.best)), ("evaluations", .number(p.evaluations)),
                            ("refused", .number(p.refused)), ("unusable", p.unusable.map { .string($0) } ?? .null),
                        ])
                    })
            ),
            ("verdict", .string(honesty)),
        ])
    }

    /// Recording `index`'s scenario file (`original`) with the best values: each editor
    /// section a parameter is in (and `policy` when the best policy is another) written whole
    /// from the fitted editor, the rest as the file gave it.
    package func fitted(_ original: JSONNode, index: Int) -> String? {
        guard let editors = fittedEditors, index < editors.count, let best = result.best else { return nil }
        let encoded = ScenarioEncoder.editor(editors[index])
        var sections = result.parameters.compactMap { $0.key.split(separator: ".").first.map(String.init) }
        if best.policy != recordings[index].loaded.scenario.editor.policy.kind { sections.append("policy") }
        var editor = original["editor"] ?? JSONNode(.object([]))
        for section in sections {
            guard let value = encoded[section] else { continue }
            editor = editor.setting([section], to: value)
        }
        var node = original
        if case .object(var members) = node.value {
            if let i = members.firstIndex(where: { $0.key == "editor" }) {
                members[i].node = editor
            } else {
                let at = members.firstIndex { $0.key == "fps" || $0.key == "script" } ?? members.count
                members.insert(JSONMember(key: "editor", node: editor), at: at)
            }
            node = JSONNode(.object(members))
        }
        return node.serialized(indent: 2) + "\n"
    }
}
