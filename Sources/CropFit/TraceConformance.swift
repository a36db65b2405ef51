import CropEngine
import CropGoldens
import CropJSON
import CropPipeline
import CropScenario

/// `conform --trace RECORDED.json S.json`: the scenario's replay (on the reference, or a
/// registered model) against what the app showed, in `conform`'s words: the first departing
/// frame and field, then the corners' error per phase of the interaction and overall.
package struct TraceConformance: Sendable {
    package var name: String
    package var residuals: Residuals
    /// Frames the recording holds and the replay's frame count.
    package var recordedFrames: Int
    package var replayedFrames: Int
    package var tolerance: Double

    /// Replays `loaded` and compares it with `recorded`; a departure is a corner (of the photo
    /// or the box) more than `tolerance` points away, or other turns or mirror.
    package init(_ loaded: LoadedScenario, recorded: RecordedTrace, tolerance: Double = 1) throws(ReplayFailure) {
        let trace = try loaded.replay()
        name = loaded.scenario.name
        residuals = Residuals.compare(trace, recorded, tolerance: tolerance)
        recordedFrames = recorded.frames.count
        replayedFrames = trace.frames.count
        self.tolerance = tolerance
    }

    package var departs: Bool { residuals.departure != nil }

    /// The report's lines: the outcome, then the residuals.
    package var lines: [String] {
        var out: [String] = []
        if let d = residuals.departure {
            out.append("DEPARTS \(name): \(d.description)")
        } else {
            out.append(
                "CONFORMS \(name) (\(residuals.frames.count) recorded frames within \(Echo.number(tolerance)) pt)")
        }
        let o = residuals.overall
        var corners = "  corners: RMS \(Self.points(o.rms)), max \(Self.points(o.max))"
        if let f = o.maxFrame { corners += " at frame \(f)" }
        corners += " over \(residuals.frames.count) recorded frames of \(replayedFrames)"
        if residuals.unmatched > 0 { corners += " (\(residuals.unmatched) recorded frames past the replay's end)" }
        out.append(corners)
        out += Self.phaseLines(residuals.phases)
        return out
    }

    /// One line per phase that has frames: `  stretching, while dragging past the edge (the
    /// rubber band): 12 frames, RMS 0.81 pt, max 1.90 pt at frame 30`.
    package static func phaseLines(_ phases: [Residuals.Phase: Residuals.Summary]) -> [String] {
        Residuals.Phase.allCases.compactMap { p in
            guard let s = phases[p], s.frames > 0 else { return nil }
            return "  \(p.rawValue), \(p.meaning): \(s.frames) frames, RMS \(points(s.rms)), max \(points(s.max))"
                + (s.maxFrame.map { " at frame \($0)" } ?? "")
        }
    }

    /// `0.25 pt`: two decimals.
    package static func points(_ d: Double) -> String { "\(TraceDiff.fixed(d, 2)) pt" }

    /// `conformance.json`'s shape for one recording.
    package var json: JSONNode {
        var members: [(String, JSONNode)] = [
            ("name", .string(name)), ("conforms", .bool(!departs)), ("tolerance", .number(tolerance)),
            ("recordedFrames", .number(recordedFrames)), ("replayedFrames", .number(replayedFrames)),
            ("overall", Self.json(residuals.overall)),
        ]
        members.append(
            (
                "phases",
                .object(
                    Residuals.Phase.allCases.compactMap { p in residuals.phases[p].map { (p.rawValue, Self.json($0)) } }
                )
            ))
        if let d = residuals.departure {
            members.append(
                (
                    "departure",
                    .object([
                        ("frame", .number(Double(d.frame ?? 0))), ("field", .string(d.field)),
                        ("text", .string(d.description)),
                    ])
                ))
        }
        return .object(members)
    }

    package static func json(_ s: Residuals.Summary) -> JSONNode {
        .object([
            ("frames", .number(s.frames)), ("rms", .number(s.rms)), ("max", .number(s.max)),
            ("maxFrame", s.maxFrame.map { .number($0) } ?? .null),
        ])
    }
}
