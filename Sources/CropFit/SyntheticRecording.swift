import CropEngine
import CropGeometry
import CropJSON
import CropPipeline
import CropScenario

/// Recordings made without a device (docs/fit.md, "Testing without a device"): a script of
/// recognizer callbacks replayed on an editor whose parameters the caller knows (and the fit
/// does not), written in the recording format as a device would: callbacks between frames,
/// the display link's jitter, dropped frames and noise on every recorded coordinate.
package struct SyntheticRecording: Sendable {
    package var fps = 60
    /// Seconds either way a displayed frame's time may be off its slot (below half a frame).
    package var jitter = 0.002
    /// The share of frames after frame 0 the display link drops.
    package var dropRate = 0.05
    /// Points either way (uniform) added to every recorded coordinate of the photo and the box.
    package var noise = 0.25
    package var seed: UInt64 = 1

    package init() {}

    /// A one-finger drag from `start` by `by` over `frames` frames (callbacks on frames 1 to
    /// `frames` + 1), released with `velocity` points per second.
    package static func drag(from start: Point, by: Point, frames: Int, velocity: Point) -> [RawEvent] {
        var out: [RawEvent] = []
        for i in 0...frames {
            let f = Double(i) / Double(frames)
            let phase: GesturePhase = i == 0 ? .began : i == frames ? .ended : .changed
            out.append(
                RawEvent(
                    frame: i + 1, gesture: .pan, phase: phase, translation: by * f, location: start + by * f,
                    velocity: i == frames ? velocity : nil))
        }
        return out
    }

    /// A pinch about `at` to `scale` over `frames` frames, starting on frame `first`.
    package static func pinch(at: Point, to scale: Double, frames: Int, first: Int = 1) -> [RawEvent] {
        (0...frames).map { i in
            let phase: GesturePhase = i == 0 ? .began : i == frames ? .ended : .changed
            return RawEvent(
                frame: first + i, gesture: .pinch, phase: phase,
                scale: 1 + (scale - 1) * Double(i) / Double(frames), location: at)
        }
    }

    /// Three sessions on circle-avatar-bounce (callbacks of 2 seconds' recordings): a drag
    /// past the bottom edge held there, a fling to the left over a wide photo (room for the
    /// momentum to run out before the edge), a pinch in below the minimum zoom. The tests'
    /// recoveries and `cropreplay-bench --fit` use them.
    package static var threeSessions: [(events: [RawEvent], image: (Int, Int))] {
        [
            (drag(from: Point(195, 420), by: Point(30, 260), frames: 30, velocity: Point(0, 0)), (1200, 800)),
            (drag(from: Point(250, 400), by: Point(-60, 0), frames: 10, velocity: Point(-1500, 0)), (3000, 800)),
            (pinch(at: Point(195, 420), to: 0.6, frames: 20), (1200, 800)),
        ]
    }

    /// The scenario text that replays `events` for `seconds` on `preset` with the editor keys of
    /// `editor` (a JSON object's text) and a test card of `image` pixels.
    package func scenario(
        _ events: [RawEvent], seconds: Double, preset: String, editor: String = "{}", image: (Int, Int) = (1200, 800)
    ) -> String {
        let n = JSONNumber.format
        let lines = events.map { e in
            var fields = [
                "\"frame\": \(e.frame)", "\"gesture\": \"\(e.gesture.rawValue)\"", "\"phase\": \"\(e.phase.rawValue)\"",
            ]
            if let t = e.translation { fields.append("\"translation\": [\(n(t.x)), \(n(t.y))]") }
            if let s = e.scale { fields.append("\"scale\": \(n(s))") }
            if let l = e.location { fields.append("\"location\": [\(n(l.x)), \(n(l.y))]") }
            if let v = e.velocity { fields.append("\"velocity\": [\(n(v.x)), \(n(v.y))]") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let last = events.map(\.frame).max() ?? 0
        let total = Int((seconds * Double(fps)).rounded())
        var editorNode = (try? JSONParser.parse(editor)) ?? JSONNode(.object([]))
        if case .object(var members) = editorNode.value {
            members.removeAll { $0.key == "image" }
            members.append(
                JSONMember(key: "image", node: .object([("testcard", .array([.number(image.0), .number(image.1)]))])))
            editorNode = JSONNode(.object(members))
        }
        return """
            {"name": "synthetic", "preset": \(JSONNode.quote(preset)), "fps": \(fps),
             "editor": \(editorNode.serialized()),
             "script": [{"events": [\(lines.joined(separator: ", "))]}\(total > last ? ", {\"wait\": \(n(Double(total - last) / Double(fps)))}" : "")]}
            """
    }

    /// The recording (JSON lines) of `scenario` replayed on the reference (or on the registered
    /// editor `model`): what an app running that editor would have recorded through
    /// `SessionRecorder`.
    package func record(scenario text: String, registrations: Registrations = .builtIn, model: String? = nil)
        throws(ReplayFailure) -> String
    {
        let loaded = try LoadedScenario.load(
            text: text, file: "<synthetic>", name: "synthetic", registrations: registrations
        ).driving(model)
        let trace = try loaded.replay()
        var events: [RawEvent] = []
        for step in loaded.scenario.script { if case .events(let e) = step.kind { events += e } }
        var random = SplitMix64(seed: seed)
        func spread(_ d: Double) -> Double { (random.unit() * 2 - 1) * d }
        let t0 = 100.0
        let fps = Double(trace.fps)
        var recorder = SessionRecorder(
            fps: trace.fps,
            viewport: Size(loaded.scenario.editor.viewport.width, loaded.scenario.editor.viewport.height),
            imageWidth: loaded.image.width, imageHeight: loaded.image.height)
        var next = 0
        for f in trace.frames {
            // The callbacks applied on this frame come between the previous frame and this one.
            while next < events.count, events[next].frame <= f.frame {
                let e = events[next]
                let t = t0 + (Double(e.frame - 1) + 0.2 + 0.6 * random.unit()) / fps
                let location = e.location ?? .zero
                switch e.gesture {
                case .pan:
                    recorder.pan(
                        e.phase, time: t, translation: e.translation ?? .zero, location: location, velocity: e.velocity)
                case .pinch: recorder.pinch(e.phase, time: t, scale: e.scale ?? 1, location: location)
                case .rotation:
                    recorder.rotation(
                        e.phase, time: t, radians: (e.rotation ?? 0) * Double.pi / 180, location: location)
                }
                next += 1
            }
            let dropped = f.frame > 0 && random.unit() < dropRate
            let wobble = spread(jitter)
            if dropped { continue }
            func noisy(_ r: Rect) -> Rect {
                Rect(
                    x: r.x + spread(noise), y: r.y + spread(noise), width: r.width + spread(noise),
                    height: r.height + spread(noise))
            }
            recorder.frame(
                time: t0 + Double(f.frame) / fps + wobble, photo: noisy(f.imageRect), angle: f.angle,
                turns: f.orientation.turns, mirrored: f.orientation.mirrored, box: noisy(f.box))
        }
        return recorder.text
    }
}
