import CropGeometry
import CropJSON
import CropScenario

/// Reads and writes `trace.json` (docs/outputs.md): one frame per line so that goldens
/// diff well, numbers in the shortest form that round-trips (never `inf` or `nan`).
package enum TraceCodec {
    package static func encode(_ trace: Trace) -> String { encode(TraceFile(trace)) }

    package static func encode(_ file: TraceFile) -> String {
        var out = "{\n"
        out += "  \"scenario\": \(JSONNode.quote(file.scenario)),\n"
        if let engine = file.engine { out += "  \"engine\": \(JSONNode.quote(engine)),\n" }
        if let hash = file.scenarioHash { out += "  \"scenarioHash\": \(JSONNode.quote(hash)),\n" }
        out += "  \"fps\": \(file.fps),\n"
        out += "  \"frames\": [\n"
        for (i, f) in file.frames.enumerated() {
            out += "    " + frame(f) + (i + 1 < file.frames.count ? ",\n" : "\n")
        }
        out += "  ],\n"
        let snaps = file.snapshots.map { "\(JSONNode.quote($0.name)): \($0.frame)" }
        out += "  \"snapshots\": {" + snaps.joined(separator: ", ") + "},\n"
        out += "  \"crops\": ["
        out += file.crops.map { c in
            "{\"name\": \(JSONNode.quote(c.name)), \"frame\": \(c.frame), \"rect\": \(rect(c.rect)),"
                + " \"file\": \(JSONNode.quote(c.file))}"
        }.joined(separator: ", ")
        out += "]\n}\n"
        return out
    }

    static func n(_ d: Double) -> String { JSONNumber.format(d) }

    package static func rect(_ r: TraceFile.CropRect) -> String {
        switch r {
        case .pixels(let x, let y, let w, let h): return "[\(x), \(y), \(w), \(h)]"
        case .quad(let corners): return "[" + corners.map { "[\(n($0.x)), \(n($0.y))]" }.joined(separator: ", ") + "]"
        }
    }

    static func frame(_ f: TraceFile.Frame) -> String {
        let r = f.imageRect
        let events = f.events.map { JSONNode.quote($0) }.joined(separator: ", ")
        var out = "{\"frame\": \(f.frame), \"t\": \(n(f.t)), \"pan\": \"\(f.pan)\", \"pinch\": \"\(f.pinch)\", "
        if let rotation = f.rotation { out += "\"rotation\": \"\(rotation)\", " }
        out +=
            "\"zoom\": \(n(f.zoom)), \"k\": \(n(f.k)), \"imageRect\": [\(n(r.x)), \(n(r.y)), \(n(r.width)),"
            + " \(n(r.height))], "
        if let angle = f.angle { out += "\"angle\": \(n(angle)), " }
        if let turns = f.turns { out += "\"turns\": \(turns), " }
        if let mirrored = f.mirrored { out += "\"mirrored\": \(mirrored), " }
        if let b = f.box { out += "\"box\": [\(n(b.x)), \(n(b.y)), \(n(b.width)), \(n(b.height))], " }
        out += "\"valid\": \(f.valid), \"mask\": \(n(f.mask)), \"animating\": \(f.animating), \"events\": [\(events)]}"
        return out
    }

    // MARK: - Reading

    static let topKeys = ["scenario", "engine", "scenarioHash", "fps", "frames", "snapshots", "crops"]
    static let frameKeys = [
        "frame", "t", "pan", "pinch", "rotation", "zoom", "k", "imageRect", "angle", "turns", "mirrored", "box",
        "valid",
        "mask", "animating", "events",
    ]
    static let cropKeys = ["name", "frame", "rect", "file"]

    /// Decodes a trace file; errors name the file and the `line:col` (syntax) or JSON path.
    package static func decode(_ bytes: [UInt8], file: String) throws(ScenarioError) -> TraceFile {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes: bytes) } catch {
            throw ScenarioError(file: file, place: "\(error.line):\(error.column)", message: error.message)
        }
        let top = try Field(node: root, path: "", file: file).object(allowed: topKeys)
        func required(_ key: String, in object: [String: Field], at field: Field?) throws(ScenarioError) -> Field {
            guard let f = object[key] else {
                throw ScenarioError(
                    file: file, place: field?.path.isEmpty == false ? field?.path : nil, message: "expected \"\(key)\"")
            }
            return f
        }
        var frames: [TraceFile.Frame] = []
        for item in try required("frames", in: top, at: nil).array() {
            let f = try item.object(allowed: frameKeys)
            func req(_ key: String) throws(ScenarioError) -> Field { try required(key, in: f, at: item) }
            frames.append(
                TraceFile.Frame(
                    frame: try req("frame").integer(min: 0, max: Int(Int32.max)),
                    t: try req("t").number(),
                    pan: try req("pan").string(),
                    pinch: try req("pinch").string(),
                    rotation: try f["rotation"]?.string(),
                    zoom: try req("zoom").number(),
                    k: try req("k").number(),
                    imageRect: try rectangle(req("imageRect")),
                    angle: try f["angle"]?.number(),
                    turns: try f["turns"]?.integer(min: 0, max: 3),
                    mirrored: try f["mirrored"]?.bool(),
                    box: try f["box"].map { (b: Field) throws(ScenarioError) -> Rect in try rectangle(b) },
                    valid: try req("valid").bool(),
                    mask: try req("mask").number(),
                    animating: try req("animating").bool(),
                    events: try req("events").array().map { (e: Field) throws(ScenarioError) -> String in try e.string()
                    }
                ))
        }
        var snapshots: [TraceFile.Snapshot] = []
        let snapField = try required("snapshots", in: top, at: nil)
        guard case .object(let members) = snapField.node.value else {
            throw snapField.error("expected an object of snapshot frames")
        }
        for m in members {
            snapshots.append(
                TraceFile.Snapshot(
                    name: m.key, frame: try snapField.child(m.key, m.node).integer(min: 0, max: Int(Int32.max))))
        }
        var crops: [TraceFile.Crop] = []
        for item in try required("crops", in: top, at: nil).array() {
            let c = try item.object(allowed: cropKeys)
            func req(_ key: String) throws(ScenarioError) -> Field { try required(key, in: c, at: item) }
            crops.append(
                TraceFile.Crop(
                    name: try req("name").string(), frame: try req("frame").integer(min: 0, max: Int(Int32.max)),
                    rect: try cropRect(req("rect")), file: try req("file").string()))
        }
        return TraceFile(
            scenario: try required("scenario", in: top, at: nil).string(), engine: try top["engine"]?.string(),
            scenarioHash: try top["scenarioHash"]?.string(),
            fps: try required("fps", in: top, at: nil).integer(min: 1, max: 240),
            frames: frames, snapshots: snapshots, crops: crops)
    }

    static func rectangle(_ f: Field) throws(ScenarioError) -> Rect {
        let items = try f.array()
        guard items.count == 4 else { throw f.error("expected [x, y, w, h], got \(items.count) items") }
        return Rect(
            x: try items[0].number(), y: try items[1].number(), width: try items[2].number(),
            height: try items[3].number())
    }

    static func cropRect(_ f: Field) throws(ScenarioError) -> TraceFile.CropRect {
        let items = try f.array()
        if items.count == 4, case .array = items[0].node.value {
            return .quad(try items.map { (p: Field) throws(ScenarioError) -> Point in try p.point() })
        }
        guard items.count == 4 else {
            throw f.error("expected [x, y, w, h] or four [u, v] corners, got \(items.count) items")
        }
        var v: [Int] = []
        for item in items { v.append(try item.integer(min: Int(Int32.min), max: Int(Int32.max))) }
        return .pixels(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}
