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
///   `{"aspect": [w, h] | "original" | "free"}`, `{"doubleTap": [x, y]}`, `{"restore": true}`.
/// - `POST /api/editor` (an editor object; its `image` is kept), `POST /api/start` (a `start`
///   object, or null for none: the saved edit the session begins on, shown at once; `GET
///   /api/state` gives it as `start`, and its form under `schema.definitions.start`), `POST /api/reset`,
/// - `POST /api/apply` `{"editor": {...}}` (the panel's form; the editor's `image` and
///   `faces` are kept) validated as a scenario's,
///   `POST /api/record`, `POST /api/stop` (answers `{"scenario": text, "cdp": text}`),
///   `GET /api/recording/scenario.json`, `GET /api/recording/cdp.jsonl`.
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
        "/api/recording/scenario.json", "/api/recording/cdp.jsonl",
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
            ("frame", .number(Double(r.frame))), ("t", n(r.t)), ("zoom", n(r.zoom)), ("valid", .bool(r.valid)),
            ("k", n(r.shown.k)), ("cx", n(r.shown.cx)), ("cy", n(r.shown.cy)), ("angle", n(r.shown.a)),
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

    private func button(_ body: [UInt8]) -> HTTPResponse {
        let node: JSONNode
        do { node = try JSONParser.parse(bytes: body) } catch { return self.error(400, "the button: \(error.message)") }
        guard case .object = node.value else { return error(400, "the button: expected a JSON object") }
        let b: CropEditorModel.Button
        if case .string(let s)? = node["quarterTurn"]?.value, let d = TurnDirection(rawValue: s) {
            b = .quarterTurn(clockwise: d == .clockwise)
        } else if case .string(let s)? = node["flip"]?.value, let axis = FlipAxis(rawValue: s) {
            b = .flip(horizontal: axis == .horizontal)
        } else if let a = node["aspect"] {
            switch a.value {
            case .string("original"): b = .aspect(.original)
            case .string("free"): b = .aspect(.free)
            case .array(let v) where v.count == 2:
                guard case .number(let w, _) = v[0].value, case .number(let h, _) = v[1].value, w > 0, h > 0, w <= 1e4,
                    h <= 1e4
                else {
                    return error(400, "aspect: expected [w, h] with positive sides")
                }
                b = .aspect(.ratio(Size(w, h)))
            default: return error(400, "aspect: expected [w, h], \"original\" or \"free\"")
            }
        } else if case .array(let v)? = node["doubleTap"]?.value, v.count == 2, case .number(let x, _) = v[0].value,
            case .number(let y, _) = v[1].value, abs(x) <= 1e6, abs(y) <= 1e6
        {
            b = .doubleTap(Point(x, y))
        } else if node["restore"] != nil {
            b = .restore
        } else {
            return error(400, "expected quarterTurn, flip, aspect, doubleTap or restore")
        }
        return perform { () throws(PlayError) in try session.press(b) }
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
        var parts = ["\"name\": \"play\"", "\"fps\": \(session.fps)", "\"script\": []"]
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
            parts.append("\(JSONNode.quote(member.key)): \(value.serialized())")
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(
                text: "{" + parts.joined(separator: ", ") + "}", file: "the form", defaultName: "play",
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
