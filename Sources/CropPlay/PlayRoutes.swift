import CropBitmap
import CropEngine
import CropGeometry
import CropHTTP
import CropImageIO
import CropJSON
import CropScenario

/// The playground's HTTP interface (one page and a small JSON API; no file is served from
/// disk, so nothing outside the scenario's folder is ever readable):
///
/// - `GET /`: the page. `GET /api/state`: the editor, the panel's controls (`PlayControls`),
///   fps, viewport, scale and what the photo is.
/// - `POST /api/tick` `{"frames": n, "touches": [[id, x, y], ...]}` (touches omitted: unchanged)
///   advances n frames and answers the frame as PNG, its trace values in `X-Frame` (JSON).
/// - `POST /api/button` `{"quarterTurn": "clockwise"}`, `{"flip": "horizontal"}`,
///   `{"aspect": [w, h] | "original" | "free"}`, `{"doubleTap": [x, y]}`, `{"restore": true}`:
///   a step, read and checked as in a scenario file.
/// - `POST /api/editor` (an editor object; its `image` is kept), `POST /api/start` (a `start`
///   object, or null for none: the saved edit the session begins on, shown at once; `GET
///   /api/state` gives it as `start`, and its form under `schema.definitions.start`), `POST /api/reset`,
/// - `POST /api/apply` `{"editor": {...}}` (the panel's form; the editor's `image` and
///   `faces` are kept) validated as a scenario's,
///   `POST /api/record`, `POST /api/stop` (answers `{"scenario": text, "cdp": text}`),
///   `GET /api/recording/scenario.json`, `GET /api/recording/cdp.jsonl`, and
///   `GET /api/recording/trace.json` (the live frames of the recording as a replay's trace).
///
/// `GET /api/state`'s `model` names the editor model driven (`reference`, or the registered
/// model of `play --model NAME`).
package final class PlayRoutes {
    package let session: PlaySession
    /// The recorded scenario's name.
    package var recordingName = "recorded"
    /// The server's time to answer each of the last `timeWindow` ticks that showed a frame
    /// (advance, render, PNG), in seconds, oldest first.
    private var tickTimes: [Double] = []
    package static let timeWindow = 60

    package init(session: PlaySession) { self.session = session }

    /// The paths served (another method on one of them is a 405, another path a 404).
    static let paths: Set<String> = [
        "/", "/index.html", "/api/state", "/api/tick", "/api/button", "/api/editor", "/api/apply", "/api/start",
        "/api/reset",
        "/api/record", "/api/stop",
        "/api/recording/scenario.json", "/api/recording/cdp.jsonl", "/api/recording/trace.json",
    ]

    package func handle(_ r: HTTPRequest) -> HTTPResponse {
        switch (r.method, r.path) {
        case ("GET", "/"), ("GET", "/index.html"): return .text(200, PlayPage.html, type: "text/html; charset=utf-8")
        case ("GET", "/api/state"): return json(200, state())
        case ("POST", "/api/tick"): return tick(r.body)
        case ("POST", "/api/button"): return button(r.body)
        case ("POST", "/api/editor"): return editor(r.body)
        case ("POST", "/api/start"): return start(r.body)
        case ("POST", "/api/apply"): return apply(r.body)
        case ("POST", "/api/reset"):
            return perform { () throws(PlayError) in try session.reset() }
        case ("POST", "/api/record"):
            return perform { () throws(PlayError) in try session.startRecording() }
        case ("POST", "/api/stop"): return stop()
        case ("GET", "/api/recording/scenario.json"):
            guard let rec = session.lastRecording else { return error(404, "nothing recorded yet") }
            return download(rec.scenario, name: recordingName + ".json", type: "application/json")
        case ("GET", "/api/recording/cdp.jsonl"):
            guard let rec = session.lastRecording else { return error(404, "nothing recorded yet") }
            return download(rec.cdp, name: recordingName + ".cdp.jsonl", type: "application/x-ndjson")
        case ("GET", "/api/recording/trace.json"):
            guard let trace = session.lastRecordingTrace else { return error(404, "nothing recorded yet") }
            return download(trace, name: recordingName + ".live-trace.json", type: "application/json")
        case (_, let path) where Self.paths.contains(path):
            return error(405, "\(r.method) is not allowed on \(r.path)")
        default: return error(404, "no such page")
        }
    }

    // MARK: - Handlers

    private func state() -> JSONNode {
        let e = session.editor
        return .object([
            ("name", .string(session.base.scenario.name)),
            ("fps", .number(Double(session.fps))),
            ("viewport", .array([.number(e.viewport.width), .number(e.viewport.height)])),
            ("scale", .number(Double(e.viewport.scale))),
            ("image", .string(session.imageLabel)),
            ("model", .string(session.modelName ?? Registrations.reference)),
            ("editor", ScenarioEncoder.editor(e)),
            ("start", session.start.map(ScenarioEncoder.start) ?? .null),
            ("schema", ScenarioSchema.generate(extensions: session.base.registrations.names)),
            ("controls", PlayControls.json(extensions: session.base.registrations.names)),
            ("recording", .bool(session.isRecording)),
            ("rotates", .bool(e.rotation.gesture)),
        ])
    }

    private func tick(_ body: [UInt8]) -> HTTPResponse {
        let started = HTTPServer.now()
        let node: JSONNode
        do { node = try JSONParser.parse(bytes: body) } catch { return self.error(400, "the tick: \(error.message)") }
        guard case .object = node.value else {
            return error(400, "the tick: expected a JSON object {\"frames\": n, \"touches\": [...]}")
        }
        var frames = 1
        if let f = node["frames"] {
            guard case .number(let d, _) = f.value, d >= 0, d <= 30, d == d.rounded() else {
                return error(400, "frames: expected a whole number 0 to 30")
            }
            frames = Int(d)
        }
        if let t = node["touches"] {
            guard case .array(let items) = t.value, items.count <= 10 else {
                return error(400, "touches: expected at most 10 [id, x, y]")
            }
            var touches: [(pageId: String, point: Point)] = []
            for item in items {
                guard case .array(let v) = item.value, v.count == 3, case .number(let x, _) = v[1].value,
                    case .number(let y, _) = v[2].value,
                    x.isFinite, y.isFinite, abs(x) <= 1e6, abs(y) <= 1e6
                else { return error(400, "touches: expected [id, x, y] with x and y within 1e6 points") }
                let id: String
                switch v[0].value {
                case .number(let d, _): id = JSONNumber.format(d)
                case .string(let s): id = s
                default: return error(400, "touches: an id is a number or a string")
                }
                touches.append((id, Point(x, y)))
            }
            session.setTouches(touches)
        }
        let record: FrameRecord
        if frames == 0 {
            record = session.current
        } else {
            do { record = try session.tick(frames: frames) } catch { return self.error(400, error.message) }
        }
        let frame = session.render()
        let png: [UInt8]
        do { png = try PNGCodec.encode(frame, .fast) } catch { return self.error(500, "encoding the frame: \(error)") }
        tickTimes.append(HTTPServer.now() - started)
        if tickTimes.count > Self.timeWindow { tickTimes.removeFirst(tickTimes.count - Self.timeWindow) }
        let values = frameValues(record).serialized()
        return HTTPResponse(status: 200, headers: [("Content-Type", "image/png"), ("X-Frame", values)], body: png)
    }

    package func frameValues(_ r: FrameRecord) -> JSONNode {
        func n(_ d: Double) -> JSONNode { .number(d.isFinite ? d : 0) }
        return .object([
            ("frame", .number(Double(r.frame))), ("t", n(r.time)), ("zoom", n(r.zoom)), ("valid", .bool(r.valid)),
            ("k", n(r.scale)), ("cx", n(r.shown.cx)), ("cy", n(r.shown.cy)), ("angle", n(r.angle)),
            ("box", .array([n(r.box.x), n(r.box.y), n(r.box.width), n(r.box.height)])),
            ("mask", n(r.mask)), ("animating", .bool(r.animating)), ("settling", .bool(session.isSettling)),
            ("pan", .string(r.pan.rawValue)), ("pinch", .string(r.pinch.rawValue)),
            ("rotation", .string(r.rotation.rawValue)),
            ("recording", .bool(session.isRecording)), ("serverMs", n((medianTickTime * 1e4).rounded() / 10)),
            ("serverFrames", .number(tickTimes.count)),
        ])
    }

    /// The median of the last ticks' times (0 before the first).
    var medianTickTime: Double {
        let s = tickTimes.sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// The steps the page's buttons send, each as a script holds it (`{"aspect": [4, 3]}`).
    static let buttons = ["quarterTurn", "flip", "aspect", "doubleTap", "restore"]

    /// A button: one of `buttons`' steps, read through the steps' declaration and checked by
    /// the script's validator on the session's editor, so it is accepted and refused as in a
    /// scenario file, with the same messages (`the button: aspect[0]: expected a width above 0
    /// and at most 1000000, got 0`).
    private func button(_ body: [UInt8]) -> HTTPResponse {
        let node: JSONNode
        do { node = try JSONParser.parse(bytes: body) } catch { return self.error(400, "the button: \(error.message)") }
        guard case .object(let members) = node.value, members.count == 1, Self.buttons.contains(members[0].key) else {
            return error(
                400, "the button: expected one of \(Self.buttons.map { "{\"\($0)\": ...}" }.joined(separator: ", "))")
        }
        let b: CropEditorModel.Button
        do {
            let step = try ScenarioDecoder.decodeStep(
                Field(node: node, path: "", file: "the button"), editor: session.editor)
            guard let button = Self.button(step) else { return error(400, "the button: not a button") }
            b = button
        } catch {
            return self.error(400, error.description)
        }
        return perform { () throws(PlayError) in try session.press(b) }
    }

    /// The button a step of `buttons` presses.
    static func button(_ step: StepKind) -> CropEditorModel.Button? {
        switch step {
        case .quarterTurn(let direction): return .quarterTurn(clockwise: direction == .clockwise)
        case .flip(let axis): return .flip(horizontal: axis == .horizontal)
        case .aspect(let choice): return .aspect(choice)
        case .doubleTap(let point): return .doubleTap(point)
        case .restore: return .restore
        default: return nil
        }
    }

    /// `/api/editor`: an editor object, applied as `/api/apply` applies `{"editor": ...}`.
    private func editor(_ body: [UInt8]) -> HTTPResponse {
        let node: JSONNode
        do { node = try JSONParser.parse(bytes: body) } catch { return self.error(400, "the editor: \(error.message)") }
        return apply(.object([("editor", node)]))
    }

    private func apply(_ body: [UInt8]) -> HTTPResponse {
        let node: JSONNode
        do { node = try JSONParser.parse(bytes: body) } catch { return self.error(400, "the form: \(error.message)") }
        return apply(node)
    }

    /// The panel's values (`{"editor": {...}, "start": {...}}`, each a top-level key of
    /// `PlayControls.roots`) validated as a scenario with them; the editor's image and faces
    /// stay the served ones (a page never names a file to read). Restarts from frame 0, on the
    /// start state when one is given (keys switched off are null and left out).
    private func apply(_ node: JSONNode) -> HTTPResponse {
        guard case .object(let roots) = node.value else { return error(400, "the form: expected an object") }
        // Built as a parsed scenario, never re-serialised: a number that overflowed (1e999) stays
        // infinite and gets the file's message, not that of a null.
        var parts: [JSONMember] = [
            JSONMember(key: "name", node: .string("play")), JSONMember(key: "fps", node: .number(session.fps)),
            JSONMember(key: "script", node: .array([])),
        ]
        let served = ScenarioEncoder.editor(session.base.scenario.editor)
        for member in roots {
            guard PlayControls.roots.contains(member.key) else {
                return error(
                    400,
                    "the form: unknown key \"\(Echo.cap(member.key))\"; expected"
                        + " \(PlayControls.roots.joined(separator: ", "))"
                )
            }
            var value = member.node
            if member.key == "start" {
                // Keys switched off (null) are left out; with none left there is no start.
                guard case .object(let members) = value.value else {
                    return error(400, "the start state: expected an object")
                }
                let given = members.filter { if case .null = $0.node.value { return false } else { return true } }
                if given.isEmpty { continue }
                value.value = .object(given)
            }
            if member.key == "editor" {
                guard case .object(var members) = value.value else {
                    return error(400, "the editor: expected an object")
                }
                members.removeAll { PlayControls.untouched.contains($0.key) }
                for key in PlayControls.untouched {
                    if let v = served[key] { members.append(JSONMember(key: key, node: v)) }
                }
                value.value = .object(members)
            }
            parts.append(JSONMember(key: member.key, node: value))
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(
                root: JSONNode(.object(parts)), file: "the form", defaultName: "play",
                directory: session.base.scenario.directory, extensions: session.base.registrations.names)
        } catch {
            return self.error(400, error.description)
        }
        guard roots.contains(where: { $0.key == "start" }) else {
            return perform { () throws(PlayError) in try session.replaceEditor(scenario.editor) }
        }
        // A start of defaults only (no flip, turn or angle, nothing else given) is the initial fit.
        let start = scenario.start.flatMap { s in
            s.mirrored || s.turns != 0 || s.angle != 0 || s.box != nil || s.zoom != nil || s.at != nil ? s : nil
        }
        return perform { () throws(PlayError) in try session.replace(editor: scenario.editor, start: start) }
    }

    /// A new start state: a `start` object decoded as in a scenario file, or null for none.
    private func start(_ body: [UInt8]) -> HTTPResponse {
        let node: JSONNode
        do { node = try JSONParser.parse(bytes: body) } catch { return self.error(400, "the start: \(error.message)") }
        let start: StartState?
        if case .null = node.value {
            start = nil
        } else {
            do { start = try ScenarioDecoder.decodeStart(Field(node: node, path: "start", file: "start")) } catch {
                return self.error(400, error.description)
            }
        }
        return perform { () throws(PlayError) in try session.replaceStart(start) }
    }

    private func stop() -> HTTPResponse {
        do {
            guard let rec = try session.stopRecording(name: recordingName) else {
                return json(200, .object([("scenario", .null), ("cdp", .null)]))
            }
            return json(200, .object([("scenario", .string(rec.scenario)), ("cdp", .string(rec.cdp))]))
        } catch {
            return self.error(400, error.message)
        }
    }

    // MARK: - Helpers

    private func perform(_ body: () throws(PlayError) -> Void) -> HTTPResponse {
        do { try body() } catch { return self.error(400, error.message) }
        return json(200, state())
    }

    private func json(_ status: Int, _ node: JSONNode) -> HTTPResponse {
        .text(status, node.serialized(), type: "application/json")
    }

    private func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(status, .object([("error", .string(message))]))
    }

    private func download(_ text: String, name: String, type: String) -> HTTPResponse {
        HTTPResponse(
            status: 200,
            headers: [("Content-Type", type), ("Content-Disposition", "attachment; filename=\"\(name)\"")],
            body: Array(text.utf8))
    }
}
