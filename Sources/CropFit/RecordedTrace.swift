import CropEngine
import CropGeometry
import CropImport
import CropJSON
import CropScenario

/// What a real app's screen showed, frame by frame (`import session` writes it beside the
/// scenario; `conform --trace` and `fit` read it): the recorded frames only (a dropped frame
/// has none), each with the fields `trace.json` calls `imageRect`, `angle`, `turns`,
/// `mirrored` and `box` (docs/fit.md).
package struct RecordedTrace: Sendable, Equatable {
    /// The recording's name (the scenario's).
    package var name: String
    package var fps: Int
    /// In frame order, frame numbers increasing.
    package var frames: [Frame]

    /// One displayed frame.
    package struct Frame: Sendable, Equatable {
        package var frame: Int
        /// Seconds since frame 0 as the app measured it (with its display link's jitter).
        package var t: Double
        package var imageRect: Rect
        package var angle: Double
        package var turns: Int
        package var mirrored: Bool
        package var box: Rect

        package init(
            frame: Int, t: Double, imageRect: Rect, angle: Double, turns: Int, mirrored: Bool, box: Rect
        ) {
            self.frame = frame
            self.t = t
            self.imageRect = imageRect
            self.angle = angle
            self.turns = turns
            self.mirrored = mirrored
            self.box = box
        }
    }

    package init(name: String, fps: Int, frames: [Frame]) {
        self.name = name
        self.fps = fps
        self.frames = frames
    }

    /// The frames of a parsed recording.
    package init(name: String, log: SessionLog) {
        self.init(
            name: name, fps: log.fps,
            frames: log.frames.map {
                Frame(
                    frame: $0.frame, t: $0.time, imageRect: $0.photo, angle: $0.angle, turns: $0.turns,
                    mirrored: $0.mirrored, box: $0.box)
            })
    }

    /// The frame fields a recording holds, named as `trace.json` names them.
    static let fields = [TraceField.imageRect, .angle, .turns, .mirrored, .box].map(\.name)
    static let frameKeys = [TraceField.frame.name, TraceField.t.name] + fields
    static let topKeys = ["recorded", "fps", "frames"]

    /// The file's text: one frame a line.
    package var json: String {
        let n = JSONNumber.format
        func rect(_ r: Rect) -> String { "[\(n(r.x)), \(n(r.y)), \(n(r.width)), \(n(r.height))]" }
        let lines = frames.map { f in
            "{\"frame\": \(f.frame), \"t\": \(n(f.t)), \"imageRect\": \(rect(f.imageRect)), \"angle\": \(n(f.angle)),"
                + " \"turns\": \(f.turns), \"mirrored\": \(f.mirrored), \"box\": \(rect(f.box))}"
        }
        return "{\n  \"recorded\": \(JSONNode.quote(name)),\n  \"fps\": \(fps),\n  \"frames\": [\n    "
            + lines.joined(separator: ",\n    ") + "\n  ]\n}\n"
    }

    /// Reads a recorded trace; errors name the file and the JSON path (`frames[3].imageRect`).
    package static func decode(_ bytes: [UInt8], file: String) throws(ScenarioError) -> RecordedTrace {
        let top = try Field.root(bytes, file: file).object(allowed: topKeys)
        func required(_ key: String, _ object: [String: Field], _ at: Field?) throws(ScenarioError) -> Field {
            guard let f = object[key] else {
                throw ScenarioError(
                    file: file, place: at.map(\.path),
                    message: "expected \"\(key)\" (a recorded trace: see docs/fit.md)")
            }
            return f
        }
        let name = try required("recorded", top, nil).string()
        let fps = try required("fps", top, nil).integer(min: 1, max: 240)
        var frames: [Frame] = []
        for item in try required("frames", top, nil).array() {
            let f = try item.object(allowed: frameKeys)
            let number = try required("frame", f, item).integer(min: 0, max: Limits.maxFrames)
            if let last = frames.last, number <= last.frame {
                throw item.error("frame \(number) after frame \(last.frame): expected increasing frame numbers")
            }
            frames.append(
                Frame(
                    frame: number, t: try f["t"]?.number() ?? Double(number) / Double(fps),
                    imageRect: try rect(required("imageRect", f, item)),
                    angle: try required("angle", f, item).number(in: .points, what: "an angle in degrees"),
                    turns: try required("turns", f, item).integer(min: 0, max: 3),
                    mirrored: try required("mirrored", f, item).bool(), box: try rect(required("box", f, item))))
        }
        guard !frames.isEmpty else {
            throw ScenarioError(file: file, place: "frames", message: "expected at least one recorded frame")
        }
        return RecordedTrace(name: name, fps: fps, frames: frames)
    }

    /// Why the recording cannot be compared with `scenario`'s replay (another frame rate), if so.
    package func mismatch(_ scenario: Scenario, file: String) -> String? {
        guard fps != scenario.fps else { return nil }
        return "\(file): recorded at \(fps) fps, but the scenario \(scenario.file) replays at \(scenario.fps) fps"
    }

    static func rect(_ f: Field) throws(ScenarioError) -> Rect {
        let items = try f.array()
        guard items.count == 4 else { throw f.error("expected [x, y, w, h], got \(items.count) items") }
        var v: [Double] = []
        for item in items { v.append(try item.number(in: .points, what: "a number")) }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}
