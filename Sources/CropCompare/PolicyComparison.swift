import CropEngine
import CropGeometry
import CropJSON
import CropPipeline
import CropScenario
import Foundation

/// `cropreplay compare`: one script under several policies (all other editor
/// settings unchanged), with metrics, a side-by-side animation and plots.
package enum PolicyComparison {
    package struct Row: Sendable {
        package var policy: PolicyKind
        package var frames: Int
        package var framesInvalid: Int
        /// Largest uncovered extent of the target, in points.
        package var worstOvershoot: Double
        /// Seconds from the last release until the state stops changing; nil when it never settles in the trace.
        package var timeToSettle: Double?
        package var finalZoom: Double
        package var finalCenter: Point
        /// Distance of the final centre from where the fingers left it (policy `none`), points.
        package var distanceFromIntent: Double
        package var finalZoomOverIntent: Double
        package var crops: [String]
        package var trace: Trace
    }

    /// Replays under each policy and computes the metrics.
    package static func rows(_ loaded: LoadedScenario, policies: [PolicyKind]) throws(ReplayFailure) -> [Row] {
        func traceFor(_ kind: PolicyKind) throws(ReplayFailure) -> Trace {
            var s = loaded.scenario
            s.editor.policy.kind = kind
            return try LoadedScenario(scenario: s, image: loaded.image).replay()
        }
        let intent = try traceFor(.none)
        guard let intentLast = intent.frames.last else { throw .internal("empty trace") }
        var rows: [Row] = []
        for kind in policies {
            let trace = kind == .none ? intent : try traceFor(kind)
            guard let last = trace.frames.last else { continue }
            var invalid = 0
            var worst = 0.0
            for f in trace.frames {
                if !f.valid { invalid += 1 }
                worst = max(worst, overshoot(f, editor: loaded.scenario.editor))
            }
            rows.append(
                Row(
                    policy: kind, frames: trace.frames.count, framesInvalid: invalid, worstOvershoot: worst,
                    timeToSettle: settleTime(trace), finalZoom: last.zoom, finalCenter: last.shown.center,
                    distanceFromIntent: (last.shown.center - intentLast.shown.center).length,
                    finalZoomOverIntent: last.zoom / intentLast.zoom,
                    crops: TraceFile(trace).crops.map { "\($0.name) \(TraceCodec.rect($0.rect))" }, trace: trace))
        }
        return rows
    }

    /// The layout a frame was shown with.
    static func layout(_ f: FrameRecord, editor: EditorConfig) -> Layout {
        Layout(
            editor: editor, viewportWidth: f.viewportWidth, viewportHeight: f.viewportHeight,
            imageWidth: Int((f.imageRect.width / f.k).rounded()), imageHeight: Int((f.imageRect.height / f.k).rounded()))
    }

    static func overshoot(_ f: FrameRecord, editor: EditorConfig) -> Double {
        layout(f, editor: editor).overshoot(f.shown, box: f.box)
    }

    static func settleTime(_ trace: Trace) -> Double? {
        guard let release = trace.frames.lastIndex(where: { f in f.events.contains { $0.phase == .ended || $0.phase == .cancelled } }),
            let last = trace.frames.last, !last.animating
        else { return nil }
        var settled = trace.frames.count - 1
        while settled > release && trace.frames[settled - 1].shown.isClose(to: last.shown) && !trace.frames[settled - 1].animating {
            settled -= 1
        }
        return Double(settled - release) / Double(trace.fps)
    }

    static func n(_ d: Double, _ digits: Int = 2) -> String {
        let m = pow(10.0, Double(digits))
        return String((d * m).rounded() / m)
    }

    package static func markdown(_ rows: [Row]) -> String {
        var out =
            "| policy | frames invalid | worst overshoot (pt) | time to settle (s) | final zoom | final centre (pt) | distance from intent (pt) | crops |\n"
        out += "|---|---|---|---|---|---|---|---|\n"
        for r in rows {
            out +=
                "| \(r.policy.rawValue) | \(r.framesInvalid) of \(r.frames) | \(n(r.worstOvershoot)) | \(r.timeToSettle.map { n($0, 3) } ?? "never") | \(n(r.finalZoom, 4)) | (\(n(r.finalCenter.x)), \(n(r.finalCenter.y))) | \(n(r.distanceFromIntent)) | \(r.crops.joined(separator: "; ")) |\n"
        }
        return out
    }

    package static func csv(_ rows: [Row]) -> String {
        var out =
            "policy,frames,frames_invalid,worst_overshoot_pt,time_to_settle_s,final_zoom,final_cx,final_cy,distance_from_intent_pt,crops\n"
        for r in rows {
            out +=
                "\(r.policy.rawValue),\(r.frames),\(r.framesInvalid),\(JSONNumber.format(r.worstOvershoot)),\(r.timeToSettle.map { JSONNumber.format($0) } ?? ""),"
            out +=
                "\(JSONNumber.format(r.finalZoom)),\(JSONNumber.format(r.finalCenter.x)),\(JSONNumber.format(r.finalCenter.y)),\(JSONNumber.format(r.distanceFromIntent)),\"\(r.crops.joined(separator: "; "))\"\n"
        }
        return out
    }

    package static func json(_ rows: [Row], scenario: String) -> String {
        let items = rows.map { r in
            "  {\"policy\": \"\(r.policy.rawValue)\", \"frames\": \(r.frames), \"framesInvalid\": \(r.framesInvalid), \"worstOvershoot\": \(JSONNumber.format(r.worstOvershoot)), "
                + "\"timeToSettle\": \(r.timeToSettle.map { JSONNumber.format($0) } ?? "null"), \"finalZoom\": \(JSONNumber.format(r.finalZoom)), "
                + "\"finalCenter\": [\(JSONNumber.format(r.finalCenter.x)), \(JSONNumber.format(r.finalCenter.y))], "
                + "\"distanceFromIntent\": \(JSONNumber.format(r.distanceFromIntent)), \"crops\": [\(r.crops.map { JSONNode.quote($0) }.joined(separator: ", "))]}"
        }
        return "{\"scenario\": \(JSONNode.quote(scenario)), \"policies\": [\n" + items.joined(separator: ",\n") + "\n]}\n"
    }
}
