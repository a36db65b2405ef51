import CropGeometry
import CropJSON
import CropScenario

/// What a `trace.json` holds (docs/outputs.md), as values: written by `run` and `record`,
/// read back from goldens, and compared field by field by `check`.
public struct TraceFile: Equatable, Sendable {
    public var scenario: String
    /// The engine version that wrote it (absent in hand-made files).
    public var engine: String?
    /// The canonical hash of the scenario it was recorded from.
    public var scenarioHash: String?
    public var fps: Int
    public var frames: [Frame]
    /// Snapshot names and frames, in script order.
    public var snapshots: [Snapshot]
    public var crops: [Crop]

    /// One frame's trace fields. The fields of docs/scenarios.md are optional so that files
    /// written before them still decode (and then differ from a current replay by them).
    public struct Frame: Equatable, Sendable {
        public var frame: Int
        public var t: Double
        public var pan: String
        public var pinch: String
        public var rotation: String?
        public var zoom: Double
        public var k: Double
        public var imageRect: Rect
        public var angle: Double?
        public var turns: Int?
        public var mirrored: Bool?
        public var box: Rect?
        public var valid: Bool
        public var mask: Double
        public var animating: Bool
        public var events: [String]
    }

    public struct Snapshot: Equatable, Sendable {
        public var name: String
        public var frame: Int
    }

    public struct Crop: Equatable, Sendable {
        public var name: String
        public var frame: Int
        public var rect: CropRect
        public var file: String
    }

    /// A crop's rect: integral pixels at angle 0, or the box's four corners in oriented
    /// image pixels at any other angle (docs/scenarios.md).
    public enum CropRect: Equatable, Sendable {
        case pixels(x: Int, y: Int, width: Int, height: Int)
        case quad([Point])
    }
}

extension TraceFile {
    /// The file a replay writes.
    package init(_ trace: Trace) {
        scenario = trace.scenario
        engine = trace.engine
        scenarioHash = trace.scenarioHash
        fps = trace.fps
        frames = trace.frames.map(Frame.init)
        snapshots = trace.snapshots.map { Snapshot(name: $0.name, frame: $0.frame) }
        crops = trace.crops.map { c in
            let rect: CropRect
            switch c.region {
            case .pixels(let x, let y, let w, let h): rect = .pixels(x: x, y: y, width: w, height: h)
            case .turned(let corners, _, _, _, _): rect = .quad(corners)
            }
            return Crop(name: c.name, frame: c.frame, rect: rect, file: c.file)
        }
    }
}

extension TraceFile.Frame {
    package init(_ f: FrameRecord) {
        frame = f.frame
        t = f.t
        pan = f.pan.rawValue
        pinch = f.pinch.rawValue
        rotation = f.rotation.rawValue
        zoom = f.zoom
        k = f.k
        imageRect = f.imageRect
        angle = f.angle
        turns = f.orientation.turns
        mirrored = f.orientation.mirrored
        box = f.box
        valid = f.valid
        mask = f.mask
        animating = f.animating
        events = f.events.map(\.description)
    }

    /// A field's value, for comparisons and reports.
    public enum Value: Equatable, Sendable, CustomStringConvertible {
        case number(Double)
        case text(String)
        case flag(Bool)
        case list([String])
        /// Not in the file.
        case absent

        public var description: String {
            switch self {
            case .number(let d): return JSONNumber.format(d)
            case .text(let s): return "\"\(s)\""
            case .flag(let b): return b ? "true" : "false"
            case .list(let items): return "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            case .absent: return "(absent)"
            }
        }
    }

    /// Every field in file order with its name (`imageRect.x`), for field-by-field comparison.
    public var fields: [(name: String, value: Value)] {
        func rect(_ name: String, _ r: Rect?) -> [(String, Value)] {
            guard let r else { return [(name, .absent)] }
            return [
                ("\(name).x", .number(r.x)), ("\(name).y", .number(r.y)), ("\(name).w", .number(r.width)),
                ("\(name).h", .number(r.height)),
            ]
        }
        var out: [(String, Value)] = [
            ("frame", .number(Double(frame))), ("t", .number(t)), ("pan", .text(pan)), ("pinch", .text(pinch)),
            ("rotation", rotation.map { .text($0) } ?? .absent), ("zoom", .number(zoom)), ("k", .number(k)),
        ]
        out += rect("imageRect", imageRect)
        out += [
            ("angle", angle.map { .number($0) } ?? .absent), ("turns", turns.map { .number(Double($0)) } ?? .absent),
            ("mirrored", mirrored.map { .flag($0) } ?? .absent),
        ]
        out += box == nil && angle == nil ? [("box", .absent)] : rect("box", box)
        out += [
            ("valid", .flag(valid)), ("mask", .number(mask)), ("animating", .flag(animating)),
            ("events", .list(events)),
        ]
        return out.map { (name: $0.0, value: $0.1) }
    }
}
