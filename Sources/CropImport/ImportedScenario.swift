import CropGeometry
import CropJSON

/// The scenario `import` writes: the editor, a snapshot at the start, `touches` steps for
/// the fingers (one frame per line), `wait` steps over gaps with no finger down, `until
/// settled` and a snapshot at the end.
///
/// Timing: frame n of the resampled recording is scenario frame n + 1 (after the starting
/// snapshot's frame 0). A `touches` step ends with a finger down, so its recognizer ends on
/// the frame after its last entry; the `wait` after it is one frame shorter than the gap.
package struct ImportedScenario {
    package var name: String
    package var preset: String?
    /// The editor object as JSON text (from `--editor`), or nil.
    package var editorJSON: String?
    package var fps: Int
    /// The `start` object as JSON text (the saved edit the session began on), or nil.
    package var startJSON: String?

    package init(name: String, preset: String?, editorJSON: String?, fps: Int, startJSON: String? = nil) {
        self.name = name
        self.preset = preset
        self.editorJSON = editorJSON
        self.fps = fps
        self.startJSON = startJSON
    }

    package func text(frames: [[Point]]) -> String {
        var steps: [String] = ["{\"snapshot\": \"start\"}"]
        var n = 0
        while n < frames.count {
            if frames[n].isEmpty {
                var gap = 0
                while n < frames.count && frames[n].isEmpty {
                    gap += 1
                    n += 1
                }
                // The previous touches step's end took the gap's first frame.
                if gap > 1 { steps.append("{\"wait\": \(JSONNumber.format(Double(gap - 1) / Double(fps)))}") }
                continue
            }
            var entries: [String] = []
            while n < frames.count && !frames[n].isEmpty {
                entries.append(
                    "["
                        + frames[n].map { "[\(JSONNumber.format($0.x)), \(JSONNumber.format($0.y))]" }.joined(
                            separator: ", ") + "]")
                n += 1
            }
            steps.append("{\"touches\": [\n      " + entries.joined(separator: ",\n      ") + "\n    ]}")
        }
        steps.append("{\"until\": \"settled\"}")
        steps.append("{\"snapshot\": \"end\"}")
        var out = "{\n  \"name\": \(JSONNode(.string(name)).serialized()),\n"
        if let preset { out += "  \"preset\": \(JSONNode(.string(preset)).serialized()),\n" }
        if let editorJSON { out += "  \"editor\": \(editorJSON),\n" }
        if let startJSON { out += "  \"start\": \(startJSON),\n" }
        out += "  \"fps\": \(fps),\n  \"script\": [\n    " + steps.joined(separator: ",\n    ") + "\n  ]\n}\n"
        return out
    }
}
