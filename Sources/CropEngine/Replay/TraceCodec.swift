import CropGeometry
import CropJSON
import CropScenario

/// Reads and writes `trace.json` (docs/outputs.md): one frame per line so that goldens
/// diff well, numbers in the shortest form that round-trips (never `inf` or `nan`).
package enum TraceCodec {
    /// A replay's `trace.json`.
    package static func encode(_ trace: Trace) -> String {
        // Written as bytes (cheaper to append to than a String); a frame's line is about 400.
        var out: [UInt8] = []
        out.reserveCapacity(512 * (trace.frames.count + 1))
        out.write("{\n")
        out.write("  \"scenario\": \(JSONNode.quote(trace.scenario)),\n")
        out.write("  \"engine\": \(JSONNode.quote(EngineVersion.current)),\n")
        out.write("  \"scenarioHash\": \(JSONNode.quote(trace.scenarioHash)),\n")
        out.write("  \"fps\": \(trace.fps),\n")
        out.write("  \"frames\": [\n")
        for (i, f) in trace.frames.enumerated() {
            out.write("    ")
            frame(f, into: &out)
            out.write(i + 1 < trace.frames.count ? ",\n" : "\n")
        }
        out.write("  ],\n")
        let snaps = trace.snapshots.map { "\(JSONNode.quote($0.name)): \($0.frame)" }
        out.write("  \"snapshots\": {" + snaps.joined(separator: ", ") + "},\n")
        out.write("  \"crops\": [")
        out.write(
            trace.crops.map(TraceFile.Crop.init).map { c in
                "{\"name\": \(JSONNode.quote(c.name)), \"frame\": \(c.frame), \"rect\": \(rect(c.rect)),"
                    + " \"file\": \(JSONNode.quote(c.file))}"
            }.joined(separator: ", "))
        out.write("]\n}\n")
        return String(decoding: out, as: UTF8.self)
    }

    static func n(_ d: Double) -> String { JSONNumber.format(d) }

    package static func rect(_ r: TraceFile.CropRect) -> String {
        switch r {
        case .pixels(let x, let y, let w, let h): return "[\(x), \(y), \(w), \(h)]"
        case .quad(let corners): return "[" + corners.map { "[\(n($0.x)), \(n($0.y))]" }.joined(separator: ", ") + "]"
        }
    }

    /// One frame: every field of `TraceField.all`, in that order.
    static func frame(_ f: FrameRecord, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (i, field) in TraceField.all.enumerated() {
            if i > 0 { out.write(", ") }
            out.write(field.key)
            switch field.kind {
            case .integer(_, let read): out.write(String(read(f)))
            case .number(let read): out.write(n(read(f)))
            case .phase(let read):
                out.append(UInt8(ascii: "\""))
                out.write(read(f).rawValue)
                out.append(UInt8(ascii: "\""))
            case .flag(let read): out.write(read(f) ? "true" : "false")
            case .rect(let read):
                let r = read(f)
                out.append(UInt8(ascii: "["))
                out.write(n(r.x))
                out.write(", ")
                out.write(n(r.y))
                out.write(", ")
                out.write(n(r.width))
                out.write(", ")
                out.write(n(r.height))
                out.append(UInt8(ascii: "]"))
            case .events(let read):
                out.append(UInt8(ascii: "["))
                for (k, event) in read(f).enumerated() {
                    if k > 0 { out.write(", ") }
                    out.write(JSONNode.quote(event.description))
                }
                out.append(UInt8(ascii: "]"))
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    // MARK: - Reading

    static let topKeys = TraceKeys.all.map(\.name)
    static let frameKeys = TraceField.all.map(\.name)
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
            var values: [TraceFile.Frame.Value] = []
            values.reserveCapacity(TraceField.valueCount)
            for field in TraceField.all {
                guard let v = f[field.name] else {
                    if !field.optional { _ = try required(field.name, in: f, at: item) }
                    for _ in 0..<field.width { values.append(.absent) }
                    continue
                }
                switch field.kind {
                case .integer(let range, _):
                    values.append(.number(Double(try v.integer(min: range.lowerBound, max: range.upperBound))))
                case .number: values.append(.number(try v.number()))
                case .phase: values.append(.text(try v.string()))
                case .flag: values.append(.flag(try v.bool()))
                case .rect:
                    let r = try rectangle(v)
                    values.append(.number(r.x))
                    values.append(.number(r.y))
                    values.append(.number(r.width))
                    values.append(.number(r.height))
                case .events:
                    values.append(
                        .list(try v.array().map { (e: Field) throws(ScenarioError) -> String in try e.string() }))
                }
            }
            frames.append(TraceFile.Frame(values: values))
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

extension [UInt8] {
    /// Appends a string's UTF-8 bytes.
    fileprivate mutating func write(_ s: String) { append(contentsOf: s.utf8) }
}
