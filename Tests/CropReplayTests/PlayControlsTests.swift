import CropBitmap
import CropHTTP
import CropJSON
import CropPipeline
import CropPlay
import CropScenario
import Foundation
import TestSupport
import XCTest

/// The side panel's declaration (`PlayControls`) against the scenario validator: every
/// editor key has a control, every default is the decoder's, every range bound is the
/// validator's (inside accepted, outside refused naming the key), and the sample photo is
/// what a preset shows.
final class PlayControlsTests: XCTestCase {
    /// `node` with `value` at `path` (objects made on the way).
    func setting(_ node: JSONNode, _ path: ArraySlice<String>, _ value: JSONNode) -> JSONNode {
        guard let key = path.first else { return value }
        var members: [JSONMember] = []
        if case .object(let m) = node.value { members = m }
        let child = members.first { $0.key == key }?.node ?? .object([])
        members.removeAll { $0.key == key }
        members.append(JSONMember(key: key, node: setting(child, path.dropFirst(), value)))
        return JSONNode(.object(members))
    }

    func value(_ node: JSONNode?, _ path: [String]) -> JSONNode? {
        path.reduce(node) { $0?[$1] }
    }

    /// Decodes an editor; nil when accepted, else the error's one line.
    func problem(_ editor: JSONNode) -> String? {
        let text = "{\"name\": \"t\", \"editor\": \(editor.serialized()), \"script\": []}"
        do {
            _ = try ScenarioDecoder.decode(text: text, file: "t")
            return nil
        } catch {
            return error.description
        }
    }

    /// The decoder's editor for `editor` (border and grid present), encoded with every default.
    func decoded(_ editor: JSONNode) throws -> JSONNode {
        let text = "{\"name\": \"t\", \"editor\": \(editor.serialized()), \"script\": []}"
        return ScenarioEncoder.editor(try ScenarioDecoder.decode(text: text, file: "t").editor)
    }

    /// The editor a control is tried in: its optional section present, its `when` sibling set.
    /// (With `siblingAlways` false, the sibling is set only when the defaults hide the control:
    /// a curve given without its parameters gets the curve's defaults, not the editor's.)
    func base(_ section: PlayControls.Section, _ control: PlayControls.Control, siblingAlways: Bool = true) -> JSONNode
    {
        var node = JSONNode.object([("border", .object([])), ("grid", .object([]))])
        if let when = control.when {
            // The sibling as the default editor has it when that shows the control, else its first value.
            let place = Array(control.path.dropLast()) + [when.key]
            var sibling = when.values[0]
            if let shown = try? decoded(node), case .string(let s)? = value(shown, place)?.value,
                when.values.contains(s)
            {
                if !siblingAlways { return node }
                sibling = s
            }
            node = setting(node, ArraySlice(place), .string(sibling))
        }
        return node
    }

    /// The editor's controls (the start state's section is checked on its own below).
    func allControls() -> [(PlayControls.Section, PlayControls.Control)] {
        PlayControls.sections.filter { $0.root == "editor" }.flatMap { s in s.controls.map { (s, $0) } }
    }

    func testEveryEditorKeyHasOneControl() throws {
        var covered: [String] = []
        for (_, c) in allControls() {
            if case .variants(let variants) = c.kind {
                covered += Set(variants.map(\.key)).map { (c.path + [$0]).joined(separator: ".") }
            } else {
                covered.append(c.path.joined(separator: "."))
            }
        }
        XCTAssertEqual(covered.count, Set(covered).count, "a key with two controls: \(covered)")
        // Every value of the full editor (border and grid on; both animation kinds) is a control.
        var leaves: [String] = []
        func walk(_ node: JSONNode, _ path: [String]) {
            if case .object(let members) = node.value, !members.isEmpty {
                for m in members { walk(m.node, path + [m.key]) }
            } else {
                leaves.append(path.joined(separator: "."))
            }
        }
        for (curve, frame) in [("linear", "size"), ("spring", "aspect")] {
            let animation = JSONNode.object([("animation", .object([("curve", .string(curve))]))])
            let editor = JSONNode.object([
                ("border", .object([])), ("grid", .object([])),
                ("frame", .object([(frame, .array([.number(100), .number(100)]))])),
                ("policy", animation), ("refit", animation),
            ])
            walk(try decoded(editor), [])
        }
        let expected = Set(leaves.filter { !PlayControls.untouched.contains(String($0.split(separator: ".")[0])) })
        // frame.size and frame.aspect are one control (the frame's size), listed under both keys.
        XCTAssertEqual(expected.subtracting(covered), [], "editor keys without a control")
        XCTAssertEqual(Set(covered).subtracting(expected), [], "controls of keys the editor does not have")
    }

    func testEveryDefaultIsTheDecodersDefault() throws {
        for (section, c) in allControls() {
            let editor = try decoded(base(section, c, siblingAlways: false))
            if case .variants = c.kind {
                guard case .object(let members) = c.defaultValue.value else {
                    return XCTFail("\(c.path): a variants default is an object")
                }
                for m in members {
                    XCTAssertEqual(
                        value(editor, c.path + [m.key])?.serialized(), m.node.serialized(),
                        (c.path + [m.key]).joined(separator: "."))
                }
            } else {
                XCTAssertEqual(
                    value(editor, c.path)?.serialized(), c.defaultValue.serialized(), c.path.joined(separator: "."))
            }
        }
    }

    func testEveryRangeIsTheValidatorsRange() throws {
        var tried = 0
        func check(
            _ section: PlayControls.Section, _ c: PlayControls.Control, _ path: [String], _ kind: PlayControls.Kind
        ) {
            let place = "editor." + path.joined(separator: ".")
            let start = base(section, c)
            func attempt(_ d: Double) -> String? { problem(setting(start, ArraySlice(path), .number(d))) }
            let low: (inside: Double, outside: Double)
            let high: (inside: Double, outside: Double)
            switch kind {
            case .number(let min, let max, let step, _, let aboveMin):
                low = aboveMin ? (min + step, min) : (min, min - step)
                high = (max, max + step)
            case .integer(let min, let max):
                low = (Double(min), Double(min - 1))
                high = (Double(max), Double(max + 1))
            case .nullable(let inner, _, _):
                return check(section, c, path, inner)
            case .variants(let variants):
                for v in variants { if let k = v.kind { check(section, c, c.path + [v.key], k) } }
                return
            default: return
            }
            tried += 1
            for d in [low.outside, high.outside] {
                let message = attempt(d)
                XCTAssertTrue(
                    message?.contains(place + ":") ?? false, "\(place) = \(d) is refused: \(message ?? "accepted")")
            }
            for d in [low.inside, high.inside] {
                let message = attempt(d)
                // A frame margin of 10⁶ points leaves no frame: refused, but not for its range.
                if path == ["frame", "margin"], d == high.inside {
                    XCTAssertFalse(message?.contains(place + ":") ?? false, message ?? "")
                    XCTAssertNotNil(message)
                } else {
                    XCTAssertNil(message, "\(place) = \(d) is in range")
                }
            }
        }
        for (section, c) in allControls() { check(section, c, c.path, c.kind) }
        XCTAssertGreaterThan(tried, 25)
    }

    func testChoicesAreTheValidatorsChoices() {
        for (section, c) in allControls() {
            guard case .choice(let options) = c.kind else { continue }
            let place = "editor." + c.path.joined(separator: ".")
            for option in options {
                XCTAssertNil(
                    problem(setting(base(section, c), ArraySlice(c.path), .string(option))), "\(place) = \(option)")
            }
            let message = problem(setting(base(section, c), ArraySlice(c.path), .string("nonsense")))
            XCTAssertTrue(message?.contains(place) ?? false, message ?? "accepted")
        }
    }

    func testAPresetShowsTheSamplePhotoAndTheTestCardOnRequest() throws {
        let (photo, label) = try PlayScenario.preset("resizable-box-refit")
        XCTAssertEqual(label, "sample photo 1600x1200")
        XCTAssertEqual(photo.image.pixels, SamplePhoto.image(width: 1600, height: 1200).pixels)
        XCTAssertEqual(
            photo.scenario.editor.image, .testcard(width: 1600, height: 1200), "the geometry is the test card's")
        let (card, cardLabel) = try PlayScenario.preset("resizable-box-refit", testcard: true)
        XCTAssertEqual(cardLabel, "test card 1600x1200")
        XCTAssertEqual(card.image.pixels, Testcard.image(width: 1600, height: 1200).pixels)
        // A scenario naming its image keeps it (here a smaller test card).
        let dir = temporaryDirectory("play-image")
        try
            "{\"preset\": \"circle-avatar-bounce\", \"editor\": {\"image\": {\"testcard\": [800, 600]}}, \"script\": []}"
            .write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let session = try PlaySession(base: try LoadedScenario.load(path: dir + "/s.json"))
        XCTAssertEqual(session.imageLabel, "test card 800x600")
        let usage = runCLI(["play", dir + "/s.json", "--testcard"])
        XCTAssertEqual(usage.code, 2)
        XCTAssertTrue(usage.err.contains("--testcard"), usage.err)
    }

    func testTheFormIsValidatedLikeAScenarioAndTheServerTimesItsFrames() throws {
        let (loaded, label) = try PlayScenario.preset("circle-avatar-bounce")
        let routes = PlayRoutes(session: try PlaySession(base: loaded, imageLabel: label))
        func call(_ method: String, _ path: String, _ body: String = "") -> (
            status: Int, text: String, frame: JSONNode?
        ) {
            let r = routes.handle(HTTPRequest(method: method, path: path, body: Array(body.utf8)))
            let frame = r.headers.first { $0.0 == "X-Frame" }.flatMap { try? JSONParser.parse($0.1) }
            return (r.status, String(decoding: r.body, as: UTF8.self), frame)
        }
        let state = try JSONParser.parse(call("GET", "/api/state").text)
        XCTAssertEqual(state["image"]?.serialized(), "\"sample photo 1600x1200\"")
        XCTAssertEqual(state["controls"]?.serialized(), PlayControls.json.serialized())
        let bad = call("POST", "/api/apply", "{\"editor\": {\"policy\": {\"rubberBand\": 0}}}")
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.text.contains("the form: editor.policy.rubberBand: "), bad.text)
        XCTAssertFalse(bad.text.contains("\\n"), "one line")
        XCTAssertEqual(call("POST", "/api/apply", "{\"script\": []}").status, 400)
        let good = call(
            "POST", "/api/apply",
            "{\"editor\": {\"policy\": {\"kind\": \"clamp\"}, \"image\": {\"file\": \"/etc/passwd\"}}}")
        XCTAssertEqual(good.status, 200, good.text)
        XCTAssertEqual(routes.session.editor.policy.kind, .clamp)
        XCTAssertEqual(routes.session.editor.image, .testcard(width: 1600, height: 1200), "the served image stays")
        // The readout: the median of the last 60 ticks' times, and how many it covers.
        var last: JSONNode?
        for i in 0..<70 {
            last = call("POST", "/api/tick", "{\"frames\": 1, \"touches\": [[1, 180, \(300 + i)]]}").frame
        }
        XCTAssertEqual(last?["serverFrames"]?.serialized(), "60")
        guard case .number(let ms, _)? = last?["serverMs"]?.value else { return XCTFail("serverMs") }
        XCTAssertGreaterThan(ms, 0)
    }

    /// The start-state card edits the session's start: applied from frame 0, refused with its
    /// key named, switched-off keys left out, defaults only meaning none.
    func testTheStartSectionEditsTheSessionsStartState() throws {
        let (loaded, label) = try PlayScenario.preset("straighten-flip", testcard: true)
        let routes = PlayRoutes(session: try PlaySession(base: loaded, imageLabel: label))
        func post(_ body: String) -> (status: Int, text: String) {
            let r = routes.handle(HTTPRequest(method: "POST", path: "/api/apply", body: Array(body.utf8)))
            return (r.status, String(decoding: r.body, as: UTF8.self))
        }
        XCTAssertEqual(PlayControls.sections.last?.root, "start")
        let keys = PlayControls.sections.last!.controls.map { $0.path.joined(separator: ".") }
        XCTAssertEqual(keys, ["mirrored", "turns", "box", "angle", "zoom", "at"])
        let editor = "\"editor\": {}"
        let good = post(
            "{\(editor), \"start\": {\"mirrored\": true, \"turns\": 1, \"box\": null, \"angle\": 10, \"zoom\": 2, \"at\": null}}"
        )
        XCTAssertEqual(good.status, 200, good.text)
        XCTAssertEqual(routes.session.start, StartState(mirrored: true, turns: 1, angle: 10, zoom: 2))
        XCTAssertEqual(routes.session.current.frame, 0)
        XCTAssertEqual(routes.session.current.angle, 10)
        XCTAssertEqual(routes.session.current.zoom, 2, accuracy: 1e-12)
        let state = try JSONParser.parse(
            String(
                decoding: routes.handle(HTTPRequest(method: "GET", path: "/api/state", body: [])).body, as: UTF8.self))
        XCTAssertEqual(state["start"]?["turns"]?.serialized(), "1")
        let bad = post("{\(editor), \"start\": {\"angle\": 60}}")
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.text.contains("start.angle"), bad.text)
        XCTAssertEqual(routes.session.start?.angle, 10, "a refused start leaves the session as it was")
        XCTAssertEqual(post("{\(editor), \"start\": {\"mirrored\": false, \"turns\": 0, \"angle\": 0}}").status, 200)
        XCTAssertNil(routes.session.start, "defaults only: the initial fit")
    }

    /// The page loads nothing from elsewhere: no external script, style sheet, font or image.
    func testThePageIsSelfContained() throws {
        let (loaded, label) = try PlayScenario.preset("circle-avatar-bounce", testcard: true)
        let routes = PlayRoutes(session: try PlaySession(base: loaded, imageLabel: label))
        let page = String(decoding: routes.handle(HTTPRequest(method: "GET", path: "/", body: [])).body, as: UTF8.self)
        XCTAssertTrue(page.contains("<h1>CropReplay <span>playground</span></h1>"))
        for outside in ["http://", "https://", "//fonts", "<link", "@import", "url(", "<script src", "<img src"] {
            XCTAssertFalse(page.contains(outside), outside)
        }
    }
}
