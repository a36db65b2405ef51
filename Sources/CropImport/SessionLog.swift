import CropGeometry
import CropJSON
import CropScenario

/// A recording of a real app's crop screen, as `SessionRecorder` writes it (docs/app.md,
/// "Recording a session"): JSON lines, a header first, then the recognizers' callbacks and one
/// record per displayed frame, each with its time `t` in seconds. Every error names the
/// record's line.
///
/// Frames: frame 0 is the first frame record; a frame record at time `t` shows frame
/// `round((t - t0) * fps)` (a late display link skips frames; two records on one frame are an
/// error). A callback at time `t` is applied on frame `max(1, ceil((t - t0) * fps))`: the first
/// frame shown at or after it. Callbacks after the last frame record show on no frame and are
/// left out (`trailing` counts them).
package struct SessionLog: Sendable {
    package var fps: Int
    package var viewport: Size
    package var imageWidth: Int
    package var imageHeight: Int
    /// The callbacks, each on the frame it is applied on, in the order recorded.
    package var events: [Event]
    /// The displayed frames in order, each with its frame number.
    package var frames: [Shown]
    /// Callbacks recorded after the last frame record, left out.
    package var trailing = 0

    /// One recognizer callback.
    package struct Event: Sendable {
        package var line: Int
        package var time: Double
        package var frame: Int
        package var event: RawEvent
    }

    /// One displayed frame: what the screen showed.
    package struct Shown: Sendable {
        package var line: Int
        /// Seconds since frame 0 (as measured: with the display link's jitter).
        package var time: Double
        package var frame: Int
        package var photo: Rect
        package var angle: Double
        package var turns: Int
        package var mirrored: Bool
        package var box: Rect
    }

    /// The version `SessionRecorder` writes.
    package static let version = 1

    package static func parse(_ text: String) throws(ImportError) -> SessionLog {
        var records: [(node: JSONNode, reading: JSONReading)] = []
        for (i, line) in LogLines.split(text).enumerated() {
            guard !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { continue }
            records.append((try parseJSON(String(line), lineOffset: i), JSONReading(lineOffset: i)))
        }
        guard let (headerNode, h) = records.first else {
            throw ImportError(line: 1, "empty recording: expected the header {\"cropReplayRecording\": 1, ...}")
        }
        var log = try header(headerNode, h)
        var lastTime = -Double.infinity
        var active: [GestureKind: Bool] = [:]
        var pending: [(line: Int, time: Double, event: RawEvent)] = []
        var t0: Double?
        for (node, r) in records.dropFirst() {
            _ = try r.object(node, "a record")
            let line = node.line + r.lineOffset
            let tNode = try r.member(node, "t", in: "the record")
            let t = try r.number(tNode, "a time in seconds")
            guard t >= lastTime else {
                throw r.error(
                    tNode,
                    "t \(JSONNumber.format(t)) is earlier than the previous record's \(JSONNumber.format(lastTime))")
            }
            lastTime = t
            if let photo = node["photo"] {
                let start = t0 ?? t
                t0 = start
                let frame = Int(((t - start) * Double(log.fps)).rounded())
                if let previous = log.frames.last, frame <= previous.frame {
                    throw r.error(
                        tNode,
                        "this frame record falls on frame \(frame), which the record on line \(previous.line) showed"
                            + " (frame records less than a frame apart)")
                }
                guard frame <= Limits.maxFrames else {
                    throw r.error(tNode, "frame \(frame) is past the limit of \(Limits.maxFrames) frames")
                }
                let turnsNode = try r.member(node, "turns", in: "the frame record")
                let turns = try r.number(turnsNode, "quarter turns")
                guard turns == turns.rounded(), (0...3).contains(turns) else {
                    throw r.error(turnsNode, "expected quarter turns: an integer from 0 to 3")
                }
                let mirroredNode = try r.member(node, "mirrored", in: "the frame record")
                guard case .bool(let mirrored) = mirroredNode.value else {
                    throw r.error(mirroredNode, "expected mirrored: true or false")
                }
                log.frames.append(
                    Shown(
                        line: line, time: t - start, frame: frame, photo: try rect(photo, r, "the photo's rect"),
                        angle: try angle(try r.member(node, "angle", in: "the frame record"), r),
                        turns: Int(turns), mirrored: mirrored,
                        box: try rect(try r.member(node, "box", in: "the frame record"), r, "the box")))
                for p in pending {
                    let at = max(1, Int(((p.time - start) * Double(log.fps) - 1e-9).rounded(.up)))
                    var e = p.event
                    e.frame = at
                    log.events.append(Event(line: p.line, time: p.time, frame: at, event: e))
                }
                pending = []
                continue
            }
            guard
                let (kind, phaseNode) = GestureKind.allCases.lazy.compactMap({ k in node[k.rawValue].map { (k, $0) } })
                    .first
            else {
                throw r.error(
                    node, "expected a frame record (\"photo\") or a callback (\"pan\", \"pinch\" or \"rotation\")")
            }
            let phaseName = try r.string(phaseNode, "a recognizer state")
            guard let phase = GesturePhase(rawValue: phaseName) else {
                throw r.error(
                    phaseNode,
                    "expected a recognizer state (\(GesturePhase.allCases.map(\.rawValue).joined(separator: ", "))),"
                        + " got \(JSONNode.quote(Echo.cap(phaseName)))")
            }
            let wasActive = active[kind] ?? false
            switch phase {
            case .began where wasActive:
                throw r.error(phaseNode, "\(kind.rawValue) began again before it ended")
            case .changed, .ended, .cancelled:
                guard wasActive else {
                    throw r.error(phaseNode, "\(kind.rawValue) \(phase.rawValue) without began")
                }
            default: break
            }
            active[kind] = phase == .began || phase == .changed
            var e = RawEvent(frame: 1, gesture: kind, phase: phase)
            e.location = try point(try r.member(node, "location", in: "the \(kind.rawValue) record"), r, "a location")
            switch kind {
            case .pan:
                e.translation = try point(
                    try r.member(node, "translation", in: "the pan record"), r, "a translation")
                if phase == .ended, let v = node["velocity"] { e.velocity = try point(v, r, "a velocity") }
            case .pinch:
                let sNode = try r.member(node, "scale", in: "the pinch record")
                let s = try r.number(sNode, "a scale")
                guard ValueRange.scales.contains(s) else {
                    throw r.error(sNode, "expected a scale \(ValueRange.scales.text), got \(Echo.given(s))")
                }
                e.scale = s
            case .rotation:
                let aNode = try r.member(node, "radians", in: "the rotation record")
                let radians = try r.number(aNode, "an angle in radians")
                guard abs(radians) <= 1000 else {
                    throw r.error(aNode, "expected an angle in radians within +-1000, got \(Echo.given(radians))")
                }
                e.rotation = radians * 180 / Double.pi
            }
            pending.append((line, t, e))
        }
        log.trailing = pending.count
        guard let last = log.frames.last else {
            throw ImportError(line: headerNode.line, "the recording has no frame record (\"photo\")")
        }
        guard !log.events.isEmpty else {
            throw ImportError(
                line: last.line,
                "the recording has \(log.frames.count) frames but no callback before its last frame (line"
                    + " \(last.line)): nothing to replay")
        }
        return log
    }

    /// The first line: `{"cropReplayRecording": 1, "fps": 60, "viewport": [w, h], "image": [w, h]}`.
    static func header(_ node: JSONNode, _ r: JSONReading) throws(ImportError) -> SessionLog {
        _ = try r.object(node, "the header")
        let vNode = try r.member(node, "cropReplayRecording", in: "the header (the first line)")
        guard case .number(let v, _) = vNode.value, v == Double(version) else {
            throw r.error(vNode, "expected \"cropReplayRecording\": \(version) (the version this CropReplay reads)")
        }
        let fpsNode = try r.member(node, "fps", in: "the header")
        let fps = try r.number(fpsNode, "frames per second")
        guard fps == fps.rounded(), (1...240).contains(fps) else {
            throw r.error(fpsNode, "expected frames per second: an integer from 1 to 240")
        }
        let viewport = try point(try r.member(node, "viewport", in: "the header"), r, "the viewport [w, h] in points")
        guard ValueRange.viewportSide.contains(viewport.x), ValueRange.viewportSide.contains(viewport.y) else {
            throw r.error(node, "expected the viewport [w, h] in points, each \(ValueRange.viewportSide.text)")
        }
        let image = try point(try r.member(node, "image", in: "the header"), r, "the image's [w, h] in pixels")
        let sides = 1...Double(Limits.maxImageSide)
        guard image.x == image.x.rounded(), image.y == image.y.rounded(), sides.contains(image.x),
            sides.contains(image.y)
        else {
            throw r.error(
                node, "expected the image's [w, h] in pixels, each an integer from 1 to \(Limits.maxImageSide)")
        }
        return SessionLog(
            fps: Int(fps), viewport: Size(viewport.x, viewport.y), imageWidth: Int(image.x), imageHeight: Int(image.y),
            events: [], frames: [])
    }

    static func point(_ node: JSONNode, _ r: JSONReading, _ what: String) throws(ImportError) -> Point {
        let items = try r.array(node, what)
        guard items.count == 2 else { throw r.error(node, "expected \(what): two numbers, got \(items.count)") }
        let p = Point(try r.number(items[0], what), try r.number(items[1], what))
        guard abs(p.x) <= Limits.maxCoordinate, abs(p.y) <= Limits.maxCoordinate else {
            throw r.error(node, "expected \(what) within +-\(Echo.number(Limits.maxCoordinate))")
        }
        return p
    }

    /// A frame record's angle in degrees, within +-1e6 as a scenario's angles are.
    static func angle(_ node: JSONNode, _ r: JSONReading) throws(ImportError) -> Double {
        let d = try r.number(node, "an angle in degrees")
        guard abs(d) <= Limits.maxCoordinate else {
            throw r.error(node, "expected an angle in degrees within +-\(Echo.number(Limits.maxCoordinate))")
        }
        return d
    }

    static func rect(_ node: JSONNode, _ r: JSONReading, _ what: String) throws(ImportError) -> Rect {
        let items = try r.array(node, what)
        guard items.count == 4 else { throw r.error(node, "expected \(what) [x, y, w, h], got \(items.count) numbers") }
        var v: [Double] = []
        for item in items {
            let d = try r.number(item, what)
            guard abs(d) <= Limits.maxCoordinate else {
                throw r.error(item, "expected \(what) within +-\(Echo.number(Limits.maxCoordinate))")
            }
            v.append(d)
        }
        guard v[2] >= 0, v[3] >= 0 else { throw r.error(node, "expected \(what) with a width and height >= 0") }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// The scenario that replays the callbacks: the editor (`preset` and `editorJSON`, an
    /// editor object's text, with the recording's viewport size and the image as a test card
    /// of the photo's size), one raw `events` step with each callback on its frame, and a
    /// `wait` to the last frame shown.
    package func scenarioText(name: String, preset: String?, editorJSON: JSONNode?) -> String {
        var editor: [JSONMember] = []
        if case .object(let members)? = editorJSON?.value { editor = members }
        var viewport: [JSONMember] = []
        if let i = editor.firstIndex(where: { $0.key == "viewport" }) {
            if case .object(let members) = editor[i].node.value { viewport = members }
            editor.remove(at: i)
        }
        viewport.removeAll { $0.key == "width" || $0.key == "height" }
        viewport.insert(
            contentsOf: [
                JSONMember(key: "width", node: .number(self.viewport.width)),
                JSONMember(key: "height", node: .number(self.viewport.height)),
            ], at: 0)
        editor.removeAll { $0.key == "image" }
        editor.insert(JSONMember(key: "viewport", node: JSONNode(.object(viewport))), at: 0)
        let testcard = JSONNode.array([.number(imageWidth), .number(imageHeight)])
        editor.insert(JSONMember(key: "image", node: .object([("testcard", testcard)])), at: 1)
        let n = JSONNumber.format
        let lines = events.map { item -> String in
            let e = item.event
            var fields = [
                "\"frame\": \(e.frame)", "\"gesture\": \"\(e.gesture.rawValue)\"", "\"phase\": \"\(e.phase.rawValue)\"",
            ]
            if let t = e.translation { fields.append("\"translation\": [\(n(t.x)), \(n(t.y))]") }
            if let s = e.scale { fields.append("\"scale\": \(n(s))") }
            if let a = e.rotation { fields.append("\"rotation\": \(n(a))") }
            if let l = e.location { fields.append("\"location\": [\(n(l.x)), \(n(l.y))]") }
            if let v = e.velocity { fields.append("\"velocity\": [\(n(v.x)), \(n(v.y))]") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        var steps = ["{\"events\": [\n      " + lines.joined(separator: ",\n      ") + "\n    ]}"]
        let lastEvent = events.last?.frame ?? 0
        let lastFrame = frames.last?.frame ?? 0
        if lastFrame > lastEvent { steps.append("{\"wait\": \(n(Double(lastFrame - lastEvent) / Double(fps)))}") }
        var out = "{\n  \"name\": \(JSONNode.quote(name)),\n"
        if let preset { out += "  \"preset\": \(JSONNode.quote(preset)),\n" }
        out += "  \"editor\": \(JSONNode(.object(editor)).serialized(indent: 2, level: 1)),\n"
        out += "  \"fps\": \(fps),\n  \"script\": [\n    " + steps.joined(separator: ",\n    ") + "\n  ]\n}\n"
        return out
    }
}
