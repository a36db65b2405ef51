import CropGeometry
import CropScenario

/// Writes a trace as `trace.json` (SPEC section 11): one frame per line so that
/// goldens diff well; numbers in the shortest form that round-trips.
public enum TraceJSON {
    public static func encode(_ trace: Trace) -> String {
        var out = "{\n"
        out += "  \"scenario\": \(JSONNode.quote(trace.scenario)),\n"
        out += "  \"engine\": \(JSONNode.quote(EngineVersion.current)),\n"
        out += "  \"scenarioHash\": \(JSONNode.quote(trace.scenarioHash)),\n"
        out += "  \"fps\": \(trace.fps),\n"
        out += "  \"frames\": [\n"
        for (i, f) in trace.frames.enumerated() {
            out += "    " + frame(f) + (i + 1 < trace.frames.count ? ",\n" : "\n")
        }
        out += "  ],\n"
        let snaps = trace.snapshots.map { "\(JSONNode.quote($0.name)): \($0.frame)" }
        out += "  \"snapshots\": {" + snaps.joined(separator: ", ") + "},\n"
        out += "  \"crops\": ["
        out += trace.crops.map { c in
            "{\"name\": \(JSONNode.quote(c.name)), \"frame\": \(c.frame), \"rect\": [\(c.x), \(c.y), \(c.width), \(c.height)], \"file\": \(JSONNode.quote(c.file))}"
        }.joined(separator: ", ")
        out += "]\n}\n"
        return out
    }

    static func n(_ d: Double) -> String { JSONNumber.format(d) }

    static func frame(_ f: FrameRecord) -> String {
        let r = f.imageRect
        let events = f.events.map { "\"\($0.description)\"" }.joined(separator: ", ")
        return "{\"frame\": \(f.frame), \"t\": \(n(f.t)), \"pan\": \"\(f.pan.rawValue)\", \"pinch\": \"\(f.pinch.rawValue)\", "
            + "\"zoom\": \(n(f.zoom)), \"k\": \(n(f.k)), \"imageRect\": [\(n(r.x)), \(n(r.y)), \(n(r.width)), \(n(r.height))], "
            + "\"valid\": \(f.valid), \"mask\": \(n(f.mask)), \"animating\": \(f.animating), \"events\": [\(events)]}"
    }
}
