import CropGeometry
import CropJSON
import CropScenario

/// What a `trace.json` holds (docs/outputs.md), as values: written by `run` and `record`,
/// read back from goldens, and compared field by field by `check`.
public struct TraceFile: Equatable, Sendable {
    /// The scenario's name.
    public var scenario: String
    /// The engine version that wrote it (absent in hand-made files).
    public var engine: String?
    /// The canonical hash of the scenario it was recorded from.
    public var scenarioHash: String?
    /// Frames per second.
    public var fps: Int
    /// Every frame's fields, 0 first.
    public var frames: [Frame]
    /// Snapshot names and frames, in script order.
    public var snapshots: [Snapshot]
    /// The crops, in script order.
    public var crops: [Crop]

    /// One frame's trace fields (`TraceField.all`), as the values the comparison reads. Fields
    /// added after a file was written read as `.absent`, so that such a file still decodes
    /// (and then differs from a current replay by them).
    public struct Frame: Equatable, Sendable {
        /// Each field's values in `TraceField.all` order (a rect's four numbers in a row; an
        /// integer as a number); see `TraceField.offsets`.
        package var values: [Value]

        package init(values: [Value]) { self.values = values }

        /// The value of a one-value field (`.absent` for a rect: read its numbers by `fields`).
        package subscript(field: TraceField) -> Value {
            guard field.width == 1, let i = TraceField.value(named: field.name)?.index else { return .absent }
            return values[i]
        }
    }

    /// A snapshot's name and the frame it shows.
    public struct Snapshot: Equatable, Sendable {
        /// The snapshot's name.
        public var name: String
        /// The frame it shows.
        public var frame: Int
    }

    /// A crop as the file lists it.
    public struct Crop: Equatable, Sendable {
        /// The crop's name.
        public var name: String
        /// The frame it was taken on.
        public var frame: Int
        /// Its rect in oriented image pixels.
        public var rect: CropRect
        /// Its path relative to the output folder (`crops/name.png`).
        public var file: String
    }

    /// A crop's rect: integral pixels at angle 0, or the box's four corners in oriented
    /// image pixels at any other angle (docs/scenarios.md).
    public enum CropRect: Equatable, Sendable {
        /// An upright crop: a rect of oriented-image pixels.
        case pixels(x: Int, y: Int, width: Int, height: Int)
        /// A crop at an angle: the box's four corners, top-left first, clockwise.
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
        crops = trace.crops.map(Crop.init)
    }
}

extension TraceFile.Crop {
    /// A replay's crop as the file lists it.
    package init(_ c: CropRecord) {
        switch c.region {
        case .pixels(let x, let y, let w, let h): rect = .pixels(x: x, y: y, width: w, height: h)
        case .turned(let corners, _, _, _, _): rect = .quad(corners)
        }
        name = c.name
        frame = c.frame
        file = c.file
    }
}

extension TraceFile.Frame {
    /// A replay's frame, read through `TraceField.all`.
    package init(_ f: FrameRecord) {
        var values: [Value] = []
        values.reserveCapacity(TraceField.valueCount)
        for field in TraceField.all {
            switch field.kind {
            case .integer(_, let read): values.append(.number(Double(read(f))))
            case .number(let read): values.append(.number(read(f)))
            case .phase(let read): values.append(.text(read(f).rawValue))
            case .flag(let read): values.append(.flag(read(f)))
            case .rect(let read):
                let r = read(f)
                values.append(.number(r.x))
                values.append(.number(r.y))
                values.append(.number(r.width))
                values.append(.number(r.height))
            case .events(let read): values.append(.list(read(f).map(\.description)))
            }
        }
        self.values = values
    }

    /// A field's value, for comparisons and reports.
    public enum Value: Equatable, Sendable, CustomStringConvertible {
        /// A number (integers too).
        case number(Double)
        /// A text, such as a recognizer's phase.
        case text(String)
        /// A flag.
        case flag(Bool)
        /// A list of texts, such as the frame's events.
        case list([String])
        /// Not in the file.
        case absent

        /// The value as the trace writes it (texts quoted).
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

    /// Every field in file order with its name (`imageRect.x`), for field-by-field comparison;
    /// an absent rect is one `.absent` value under the rect's name.
    public var fields: [(name: String, value: Value)] {
        var out: [(name: String, value: Value)] = []
        for (field, offset) in zip(TraceField.all, TraceField.offsets) {
            if field.width > 1 && values[offset] == .absent {
                out.append((field.name, .absent))
                continue
            }
            for (i, name) in field.valueNames.enumerated() { out.append((name, values[offset + i])) }
        }
        return out
    }
}
