import CropEngine
import CropJSON

/// The comparison's columns, grouped as a designer reads them, each with its key (the same
/// in metrics.json and metrics.csv), what it means and which way a designer usually prefers it.
package struct MetricColumn: Sendable {
    package enum Group: String, CaseIterable, Sendable {
        case fingers = "follows the fingers"
        case valid = "stays valid"
        case settles = "settles"
        case feels = "feels"
        case final = "final state"
    }

    package var group: Group
    package var key: String
    package var header: String
    package var meaning: String
    package var prefer: String
    /// The value as metrics.md and the page show it (rounded).
    package var text: @Sendable (Comparison.Row) -> String
    /// The value in metrics.json and metrics.csv (full precision).
    package var json: @Sendable (Comparison.Row) -> JSONNode

    static func n(_ d: Double, _ digits: Int = 2) -> String {
        var m = 1.0
        for _ in 0..<digits { m *= 10 }
        return String((d * m).rounded() / m)
    }

    /// Seconds, or `never` for a replay that ends moving.
    static func seconds(_ d: Double?) -> String { d.map { n($0, 3) } ?? "never" }

    static func secondsNode(_ d: Double?) -> JSONNode { d.map { .number($0) } ?? .string("never") }

    package static let all: [MetricColumn] = [
        MetricColumn(
            group: .fingers, key: "trackingError", header: "tracking error (pt)",
            meaning:
                "the largest distance, while a pan or pinch is active, between the fingers and the image"
                + " point that was under them when the gesture began",
            prefer:
                "lower: 0 means the photo stays under the fingers; resistance (clamp, rubber band) shows"
                + " here on purpose",
            text: { n($0.metrics.trackingError) }, json: { .number($0.metrics.trackingError) }),
        MetricColumn(
            group: .valid, key: "finalValid", header: "final valid", meaning: "whether the last frame is valid",
            prefer: "yes: an editor that ends invalid leaves the box uncovered or the zoom out of its limits",
            text: { $0.metrics.finalValid ? "yes" : "no" }, json: { .bool($0.metrics.finalValid) }),
        MetricColumn(
            group: .valid, key: "framesInvalid", header: "frames invalid",
            meaning: "invalid frames over the common length (a shorter replay holds its last frame), and their share",
            prefer: "lower, though a rubber band is invalid on purpose while it stretches",
            text: { r in
                "\(r.metrics.framesInvalid) of \(r.metrics.framesCompared)"
                    + " (\(n(r.metrics.framesInvalidShare * 100, 1))%)"
            },
            json: { .number($0.metrics.framesInvalid) }),
        MetricColumn(
            group: .valid, key: "framesInvalidShare", header: "share invalid",
            meaning: "framesInvalid / frames compared (0 to 1)",
            prefer: "lower", text: { n($0.metrics.framesInvalidShare, 3) },
            json: { .number($0.metrics.framesInvalidShare) }),
        MetricColumn(
            group: .valid, key: "worstOvershoot", header: "worst overshoot (pt)",
            meaning:
                "the largest distance by which the box (the viewport for constraint viewport) sticks out of"
                + " what covers it",
            prefer: "lower: how far the photo is pulled past its edge", text: { n($0.metrics.worstOvershoot) },
            json: { .number($0.metrics.worstOvershoot) }),
        MetricColumn(
            group: .valid, key: "zoomOvershoot", header: "zoom overshoot (octaves)",
            meaning:
                "the largest |log2(zoom / zoom clamped to its limits)|: 1 is twice the maximum or half the minimum",
            prefer: "lower: how far a pinch is let past the zoom limits", text: { n($0.metrics.zoomOvershoot, 3) },
            json: { .number($0.metrics.zoomOvershoot) }),
        MetricColumn(
            group: .settles, key: "settleWithin", header: "settles within (s)",
            meaning:
                "from the last release until every corner of the photo stays within 0.5 pt of its last place"
                + " and the zoom within 0.1%; never: the replay ends moving",
            prefer: "shorter is snappier; 0 with a large jump is an abrupt snap",
            text: { seconds($0.metrics.settleWithin) },
            json: { secondsNode($0.metrics.settleWithin) }),
        MetricColumn(
            group: .settles, key: "animationEnds", header: "animation ends (s)",
            meaning:
                "from the last release until nothing animates or changes any more (the curve's whole tail);"
                + " never: the replay ends moving",
            prefer: "informative: a long tail under 0.5 pt is invisible", text: { seconds($0.metrics.animationEnds) },
            json: { secondsNode($0.metrics.animationEnds) }),
        MetricColumn(
            group: .feels, key: "maxJump", header: "max jump (pt)",
            meaning: "the largest displacement of a corner of the photo between two consecutive frames",
            prefer: "lower: a large jump is a visible teleport", text: { n($0.metrics.maxJump) },
            json: { .number($0.metrics.maxJump) }),
        MetricColumn(
            group: .feels, key: "peakSpeedAfterRelease", header: "peak speed after release (pt/s)",
            meaning:
                "the largest corner displacement between consecutive frames after the first release frame,"
                + " times fps (an instant snap, made on the release frame itself, shows in max jump)",
            prefer: "moderate: too high reads as a jump, too low as sluggish",
            text: { n($0.metrics.peakSpeedAfterRelease, 1) },
            json: { .number($0.metrics.peakSpeedAfterRelease) }),
        MetricColumn(
            group: .feels, key: "reversals", header: "reversals",
            meaning: "after the first release, how often the centre's x or y motion, or the zoom's, changes direction",
            prefer: "0 for no bounce; 1 or 2 is a deliberate bounce, more is wobble",
            text: { "\($0.metrics.reversals)" },
            json: { .number($0.metrics.reversals) }),
        final(TraceField.zoom, digits: 4),
        MetricColumn(
            group: .final, key: "finalCenter", header: "centre (pt)", meaning: "the photo's centre on the last frame",
            prefer: "",
            text: { "(\(n($0.finalCenter.x)), \(n($0.finalCenter.y)))" },
            json: { .array([.number($0.finalCenter.x), .number($0.finalCenter.y)]) }),
        final(TraceField.angle, digits: 2),
        MetricColumn(
            group: .final, key: "crops", header: "crops", meaning: "each crop's name and rect", prefer: "",
            text: { $0.crops.joined(separator: "; ") }, json: { .array($0.crops.map { .string($0) }) }),
    ]

    /// A number field of the trace on the last frame (`finalZoom`), titled and read as the field declares.
    static func final(_ field: TraceField, digits: Int) -> MetricColumn {
        @Sendable func value(_ row: Comparison.Row) -> Double { row.trace.frames.last.flatMap(field.number) ?? 0 }
        return MetricColumn(
            group: .final, key: "final" + field.name.prefix(1).uppercased() + field.name.dropFirst(),
            header: field.title,
            meaning: "the \(field.name) on the last frame", prefer: "", text: { n(value($0), digits) },
            json: { .number(value($0)) })
    }

    /// The columns the tables show (the share is shown inside `framesInvalid`).
    package static var shown: [MetricColumn] { all.filter { $0.key != "framesInvalidShare" } }
}
