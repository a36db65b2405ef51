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
        out.write("  \"engine\": \(JSONNode.quote(trace.engine)),\n")
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
        let top = try Field.root(bytes, file: file).object(allowed: topKeys)
        func required(_ key: String, in object: [String: Field], at field: Field?) throws(ScenarioError) -> Field {
            guard let f = object[key] else {
                throw ScenarioError(
                    file: file, place: field?.path.isEmpty == false ? field?.path : nil, message: "expected \"\(key)\"")
            }
            return f
        }
        var frames: [TraceFile.Frame] = []
        for item in try required("frames", in: top, at: nil).array() {
            frames.append(try frame(item))
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

    /// One frame's values, each field read as its kind says. A value of the expected type is
    /// taken straight from the JSON; anything else goes through `Field`, which throws the
    /// error naming its path (the same checks: finite numbers, integers in range, four numbers
    /// in a rect, strings in the events).
    static func frame(_ item: Field) throws(ScenarioError) -> TraceFile.Frame {
        let nodes = try members(item)
        var values: [TraceFile.Frame.Value] = []
        values.reserveCapacity(TraceField.valueCount)
        for (field, node) in zip(TraceField.all, nodes) {
            guard let node else {
                if !field.optional {
                    throw ScenarioError(
                        file: item.file, place: item.path.isEmpty ? nil : item.path,
                        message: "expected \"\(field.name)\"")
                }
                for _ in 0..<field.width { values.append(.absent) }
                continue
            }
            let value = node.value
            func slow() -> Field { item.child(field.name, node) }
            switch field.kind {
            case .integer(let range, _):
                if case .number(let d, _) = value, d == d.rounded(), d >= Double(range.lowerBound),
                    d <= Double(range.upperBound)
                {
                    values.append(.number(d))
                } else {
                    values.append(.number(Double(try slow().integer(min: range.lowerBound, max: range.upperBound))))
                }
            case .number:
                if case .number(let d, _) = value, d.isFinite {
                    values.append(.number(d))
                } else {
                    values.append(.number(try slow().number()))
                }
            case .phase:
                if case .string(let s) = value {
                    values.append(.text(s))
                } else {
                    values.append(.text(try slow().string()))
                }
            case .flag:
                if case .bool(let b) = value {
                    values.append(.flag(b))
                } else {
                    values.append(.flag(try slow().bool()))
                }
            case .rect:
                if let r = numbers(value) {
                    for d in r { values.append(.number(d)) }
                } else {
                    let r = try rectangle(slow())
                    for d in [r.x, r.y, r.width, r.height] { values.append(.number(d)) }
                }
            case .events:
                if let events = strings(value) {
                    values.append(.list(events))
                } else {
                    values.append(
                        .list(try slow().array().map { (e: Field) throws(ScenarioError) -> String in try e.string() }))
                }
            }
        }
        return TraceFile.Frame(values: values)
    }

    /// Four finite numbers, or nil.
    static func numbers(_ value: JSONValue) -> [Double]? {
        guard case .array(let items) = value, items.count == 4 else { return nil }
        var out: [Double] = []
        for item in items {
            guard case .number(let d, _) = item.value, d.isFinite else { return nil }
            out.append(d)
        }
        return out
    }

    /// An array of strings, or nil.
    static func strings(_ value: JSONValue) -> [String]? {
        guard case .array(let items) = value else { return nil }
        var out: [String] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard case .string(let s) = item.value else { return nil }
            out.append(s)
        }
        return out
    }

    /// The frame's member for each field of `TraceField.all`, nil where absent. A file this
    /// codec wrote lists them in that order, read in one walk; any other object (other order,
    /// unknown or repeated keys) goes through `Field.object(allowed:)`, which names an unknown key.
    static func members(_ item: Field) throws(ScenarioError) -> [JSONNode?] {
        if case .object(let members) = item.node.value {
            var out: [JSONNode?] = []
            out.reserveCapacity(TraceField.all.count)
            var m = 0
            for field in TraceField.all {
                if m < members.count && members[m].key == field.name {
                    out.append(members[m].node)
                    m += 1
                } else {
                    out.append(nil)
                }
            }
            if m == members.count { return out }
        }
        let object = try item.object(allowed: frameKeys)
        return TraceField.all.map { object[$0.name]?.node }
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
