import CropReplayEngine

/// The events a view model sent, each with the frame it was applied on, written as a scenario
/// that replays them: one raw `events` step (see docs/scenarios.md of CropReplay), then a
/// `wait` to the last frame shown. `cropreplay run` of that file traces the frames the app
/// showed, and `cropreplay check` keeps them.
public struct SessionRecording: Sendable {
    public let preset: String
    public let imageWidth: Int
    public let imageHeight: Int
    public let fps: Int
    /// The events in the order sent, with the frame each was applied on (1 or more).
    public private(set) var events: [(frame: Int, event: GestureEvent)] = []
    /// The last frame shown.
    public internal(set) var lastFrame = 0

    init(preset: String, imageWidth: Int, imageHeight: Int, fps: Int) {
        self.preset = preset
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.fps = fps
    }

    mutating func append(_ event: GestureEvent, frame: Int) { events.append((frame, event)) }

    /// Forgets the events of a frame the model refused (it dropped them too).
    mutating func dropEvents(of frame: Int) { events.removeAll { $0.frame == frame } }

    /// The scenario, as JSON text (one event a line).
    public func scenarioJSON(name: String) -> String {
        var script: [String] = []
        if !events.isEmpty {
            script.append(
                "{\"events\": [\n    "
                    + events.map { Self.json($0.event, frame: $0.frame) }.joined(separator: ",\n    ") + "\n  ]}")
        }
        let lastEvent = events.last?.frame ?? 0
        if lastFrame > lastEvent {
            script.append("{\"wait\": \(Self.number(Double(lastFrame - lastEvent) / Double(fps)))}")
        }
        return """
            {"name": \(Self.quoted(name)), "preset": \(Self.quoted(preset)), "fps": \(fps),
             "editor": {"image": {"testcard": [\(imageWidth), \(imageHeight)]}},
             "script": [
              \(script.joined(separator: ",\n  "))
             ]}

            """
    }

    static func json(_ e: GestureEvent, frame: Int) -> String {
        var fields = [
            "\"frame\": \(frame)", "\"gesture\": \"\(e.gesture.rawValue)\"", "\"phase\": \"\(e.phase.rawValue)\"",
            "\"translation\": \(pair(e.translation))", "\"scale\": \(number(e.scale))",
            "\"rotation\": \(number(e.rotation))",
        ]
        if let location = e.location { fields.append("\"location\": \(pair(location))") }
        if let velocity = e.velocity { fields.append("\"velocity\": \(pair(velocity))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func pair(_ p: Point) -> String { "[\(number(p.x)), \(number(p.y))]" }

    /// Shortest text that reads back as the same number (integers without a fraction).
    static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u00" + (hex.count == 1 ? "0" : "") + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
