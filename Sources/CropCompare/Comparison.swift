import CropEngine
import CropGeometry
import CropJSON
import CropPipeline
import CropScenario

/// `cropreplay compare`: one script under several variants of the editor (policies, re-fit
/// timings, settle curves), with metrics whose definitions are in docs/compare.md.
package enum Comparison {
    package struct Row: Sendable {
        package var label: String
        package var frames: Int
        /// Frames whose shown state is invalid.
        package var framesInvalid: Int
        /// Largest uncovered extent of the target over all frames, in points.
        package var worstOvershoot: Double
        /// Seconds from the last release until nothing moves any more (nil: still moving at the end).
        package var settleLast: Double?
        /// The longest such time over every release.
        package var settleWorst: Double?
        package var finalZoom: Double
        package var finalCenter: Point
        package var finalAngle: Double
        /// Distance of the final centre from where the fingers left it (policy `none`), points.
        package var distanceFromIntent: Double
        package var crops: [String]
        package var trace: Trace
    }

    /// Replays under each variant and computes the metrics.
    package static func rows(_ loaded: LoadedScenario, variants: [Variant]) throws(ReplayFailure) -> [Row] {
        func trace(_ editor: EditorConfig) throws(ReplayFailure) -> Trace {
            var s = loaded.scenario
            s.editor = editor
            return try loaded.with(s).replay()
        }
        var intentEditor = loaded.scenario.editor
        intentEditor.policy.kind = .none
        let intent = try trace(intentEditor)
        guard let intentLast = intent.frames.last else { throw .internal("empty trace") }
        var rows: [Row] = []
        for v in variants {
            let t = try trace(v.editor)
            guard let last = t.frames.last else { continue }
            let settle = settleTimes(t)
            rows.append(
                Row(
                    label: v.label, frames: t.frames.count, framesInvalid: t.frames.filter { !$0.valid }.count,
                    worstOvershoot: t.frames.map { overshoot($0, editor: v.editor) }.max() ?? 0, settleLast: settle.last,
                    settleWorst: settle.worst, finalZoom: last.zoom, finalCenter: last.shown.center, finalAngle: last.angle,
                    distanceFromIntent: (last.shown.center - intentLast.shown.center).length,
                    crops: TraceFile(t).crops.map { "\($0.name) \(TraceCodec.rect($0.rect))" }, trace: t))
        }
        return rows
    }

    /// The layout a frame was shown with.
    package static func layout(_ f: FrameRecord, editor: EditorConfig) -> Layout {
        Layout(
            editor: editor, viewportWidth: f.viewportWidth, viewportHeight: f.viewportHeight,
            imageWidth: Int((f.imageRect.width / f.k).rounded()), imageHeight: Int((f.imageRect.height / f.k).rounded()))
    }

    static func overshoot(_ f: FrameRecord, editor: EditorConfig) -> Double {
        layout(f, editor: editor).overshoot(f.shown, box: f.box)
    }

    /// Time to settle after each release: from the frame where the last finger lifted (or a
    /// button acted) to the first frame from which the shown state and the box no longer change
    /// and nothing animates, bounded by the next gesture. Returns the last release's and the
    /// worst; nil for a release still moving at the end of the trace.
    package static func settleTimes(_ t: Trace) -> (last: Double?, worst: Double?) {
        let frames = t.frames
        var releases: [Int] = []
        for (i, f) in frames.enumerated()
        where !f.isTouching && (f.events.contains { $0.phase == .ended || $0.phase == .cancelled } || f.events.contains(.doubleTap)) {
            releases.append(i)
        }
        var times: [Double?] = []
        for (k, r) in releases.enumerated() {
            let bound = k + 1 < releases.count ? releases[k + 1] : frames.count
            var end = bound - 1
            // The next gesture's began also bounds it.
            if let began = (r + 1..<bound).first(where: { frames[$0].events.contains { $0.phase == .began } }) { end = began - 1 }
            // The first frame from which nothing animates and the shown state and box stay
            // as they are at the bound; none when the bound itself still animates.
            guard end >= r, !frames[end].animating else {
                times.append(nil)
                continue
            }
            var s = end
            while s > r, !frames[s - 1].animating, frames[s - 1].shown == frames[end].shown, frames[s - 1].box == frames[end].box {
                s -= 1
            }
            times.append(Double(s - r) / Double(t.fps))
        }
        guard let lastTime = times.last else { return (0, 0) }
        let known = times.compactMap { $0 }
        let worst: Double? = known.count == times.count ? known.max() : nil
        return (lastTime, worst)
    }

    static func n(_ d: Double, _ digits: Int = 2) -> String {
        var m = 1.0
        for _ in 0..<digits { m *= 10 }
        return String((d * m).rounded() / m)
    }

    static func seconds(_ d: Double?) -> String { d.map { n($0, 3) } ?? "never" }

    package static func markdown(_ rows: [Row]) -> String {
        var out =
            "| variant | frames invalid | worst overshoot (pt) | settle after last release (s) | worst settle (s) | final zoom | final centre (pt) | final angle | distance from intent (pt) | crops |\n"
        out += "|---|---|---|---|---|---|---|---|---|---|\n"
        for r in rows {
            out +=
                "| \(r.label) | \(r.framesInvalid) of \(r.frames) | \(n(r.worstOvershoot)) | \(seconds(r.settleLast)) | \(seconds(r.settleWorst)) | "
            out +=
                "\(n(r.finalZoom, 4)) | (\(n(r.finalCenter.x)), \(n(r.finalCenter.y))) | \(n(r.finalAngle)) | \(n(r.distanceFromIntent)) | \(r.crops.joined(separator: "; ")) |\n"
        }
        return out
    }

    package static func csv(_ rows: [Row]) -> String {
        var out =
            "variant,frames,frames_invalid,worst_overshoot_pt,settle_last_s,settle_worst_s,final_zoom,final_cx,final_cy,final_angle,distance_from_intent_pt,crops\n"
        for r in rows {
            let fields = [
                r.label, "\(r.frames)", "\(r.framesInvalid)", JSONNumber.format(r.worstOvershoot),
                r.settleLast.map(JSONNumber.format) ?? "",
                r.settleWorst.map(JSONNumber.format) ?? "", JSONNumber.format(r.finalZoom), JSONNumber.format(r.finalCenter.x),
                JSONNumber.format(r.finalCenter.y), JSONNumber.format(r.finalAngle), JSONNumber.format(r.distanceFromIntent),
                "\"\(r.crops.joined(separator: "; "))\"",
            ]
            out += fields.joined(separator: ",") + "\n"
        }
        return out
    }

    package static func json(_ rows: [Row], scenario: String) -> String {
        let items: [JSONNode] = rows.map { r in
            .object([
                ("variant", .string(r.label)), ("frames", .number(r.frames)), ("framesInvalid", .number(r.framesInvalid)),
                ("worstOvershoot", .number(r.worstOvershoot)), ("settleAfterLastRelease", .number(r.settleLast)),
                ("worstSettle", .number(r.settleWorst)), ("finalZoom", .number(r.finalZoom)),
                ("finalCenter", .array([.number(r.finalCenter.x), .number(r.finalCenter.y)])), ("finalAngle", .number(r.finalAngle)),
                ("distanceFromIntent", .number(r.distanceFromIntent)), ("crops", .array(r.crops.map { .string($0) })),
            ])
        }
        return JSONNode.object([("scenario", .string(scenario)), ("variants", .array(items))]).serialized(indent: 2) + "\n"
    }
}
