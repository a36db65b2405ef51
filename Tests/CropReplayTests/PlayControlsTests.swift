import CropBitmap
import CropHTTP
import CropJSON
import CropPipeline
import CropPlay
import CropScenario
import Foundation
import TestSupport
import XCTest

/// The side panel (`PlayControls`) against the scenario validator, as its lines refine it and
/// as the declarations alone make it: every editor key has a control, every default is the
/// decoder's, every range bound is the validator's (inside accepted, outside refused naming
/// the key); a declared key without a line gets a control; the sample photo is what a preset
/// shows.
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

    /// The panel, and the panel the editor's declaration alone makes (every control automatic):
    /// both are checked against the validator.
    static let panels: [(name: String, sections: [PlayControls.Section])] = [
        ("the panel", PlayControls.sections),
        ("the declaration alone", PlayControls.completed([], with: PlayControls.declaredKeys(EditorKeys.entries))),
    ]

    /// A panel's editor controls (the start state's section is checked on its own below).
    func allControls(_ sections: [PlayControls.Section]) -> [(PlayControls.Section, PlayControls.Control)] {
        sections.filter { $0.root == "editor" }.flatMap { s in s.controls.map { (s, $0) } }
    }

    func testEveryEditorKeyHasOneControl() throws {
        for panel in Self.panels { try checkEveryEditorKeyHasOneControl(panel.sections, panel.name) }
    }

    func checkEveryEditorKeyHasOneControl(_ sections: [PlayControls.Section], _ panel: String) throws {
        var covered: [String] = []
        for (_, c) in allControls(sections) {
            if case .variants(let variants) = c.kind {
                covered += Set(variants.map(\.key)).map { (c.path + [$0]).joined(separator: ".") }
            } else {
                covered.append(c.path.joined(separator: "."))
            }
        }
        XCTAssertEqual(covered.count, Set(covered).count, "\(panel): a key with two controls: \(covered)")
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
        XCTAssertEqual(expected.subtracting(covered), [], "\(panel): editor keys without a control")
        XCTAssertEqual(Set(covered).subtracting(expected), [], "\(panel): controls of keys the editor does not have")
    }

    func testEveryDefaultIsTheDecodersDefault() throws {
        for (section, c) in Self.panels.flatMap({ allControls($0.sections) }) {
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
                // A key the encoder leaves out (`frame.size` when the aspect decides) is null.
                XCTAssertEqual(
                    value(editor, c.path)?.serialized() ?? "null", c.defaultValue.serialized(),
                    c.path.joined(separator: "."))
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
            case .nullable(let inner, _, _, _):
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
        for panel in Self.panels {
            tried = 0
            for (section, c) in allControls(panel.sections) { check(section, c, c.path, c.kind) }
            XCTAssertGreaterThanOrEqual(tried, 25, panel.name)
        }
    }

    func testChoicesAreTheValidatorsChoices() {
        for (section, c) in Self.panels.flatMap({ allControls($0.sections) }) {
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

    /// A key added to a declaration gets a control without a panel line: in the section of
    /// its object (or a section of its own), its kind from its shape and range, its label from
    /// its name, its default and doc line the declaration's. A key whose line is removed gets
    /// one too; the lines only refine.
    func testADeclaredKeyWithoutAPanelLineGetsAnAutomaticControl() throws {
        // Keys that only declare (reading and writing nothing): the form is made from declarations.
        func key<S>(_ name: String, _ shape: KeyShape, _ value: JSONNode?) -> Key<S> {
            Key(name, shape, doc: "the `\(name)`", read: { _, _, _ throws(ScenarioError) in }, write: { _ in value })
        }
        let mask = EditorEntry.section(
            "mask", \.mask, doc: "The veil.", [key("blurRadius", .number(.lengths, what: "a radius"), .number(2))])
        let halo = EditorEntry.optionalSection(
            "halo", \.border, given: BorderSpec(), absentNote: "none", doc: "A `glow` around the frame.",
            [
                key("glowOpacity", .number(.unit, what: "an opacity"), .number(0.5)),
                key("tint", .color, .string("#FFCC00")), key("rings", .integer(1...8), .number(2)),
                key("side", .choice(["in", "out"], registered: nil), .string("out")),
                key("pulse", .animation, AnimationKeys.write(.linear(duration: 0.4))),
            ])
        let added: [EditorEntry] = [
            .value(key("vignette", .nullable(.number(.unit, what: "a strength")), .null)),
            .value(key("focusPoint", .point, nil)),
            .value(
                key("watermark", .custom(schema: .object([]), text: "an object"), .object([("text", .string("x"))]))),
            halo,
        ]
        let entries = EditorKeys.entries.map { $0.name == "mask" ? mask : $0 } + added
        let sections = PlayControls.completed(
            PlayControls.editorSections + [PlayControls.startSection],
            with: PlayControls.declaredKeys(entries) + PlayControls.startKeys)
        func control(_ path: [String]) -> (section: String, control: PlayControls.Control)? {
            for s in sections { if let c = s.controls.first(where: { $0.path == path }) { return (s.title, c) } }
            return nil
        }
        func shown(_ path: [String]) -> String? { control(path).map { self.json($0.control) } }
        // A key of an existing section joins its panel section.
        XCTAssertEqual(control(["mask", "blurRadius"])?.section, "Mask")
        XCTAssertEqual(control(["mask", "blurRadius"])?.control.label, "Blur radius")
        XCTAssertEqual(control(["mask", "blurRadius"])?.control.doc, "the blurRadius")
        XCTAssertEqual(control(["mask", "blurRadius"])?.control.defaultValue.serialized(), "2")
        XCTAssertEqual(
            shown(["mask", "blurRadius"]),
            #"{"path":["mask","blurRadius"],"label":"Blur radius","doc":"the blurRadius","default":2,"type":"number","#
                + #""min":0,"max":1000000,"step":1,"unit":"","aboveMin":false}"#)
        // New values and a new section: sections of their own, after the editor's, before the start state's.
        let titles = sections.map(\.title)
        XCTAssertEqual(
            Array(titles.suffix(5)), ["Vignette", "Focus point", "Watermark", "Halo", PlayControls.startSection.title])
        XCTAssertTrue(
            shown(["vignette"])?.contains(
                #""type":"nullable","on":1,"offLabel":"none","leavesOut":false,"value":{"type":"number","min":0,"max":1,"step":0.05"#
            ) ?? false, shown(["vignette"]) ?? "no control")
        XCTAssertTrue(
            shown(["focusPoint"])?.contains(
                #""default":null,"type":"nullable","on":[0, 0],"offLabel":"left out","leavesOut":true,"#
                    + #""value":{"type":"point","max":1000000,"step":1}"#) ?? false,
            shown(["focusPoint"]) ?? "no control")
        XCTAssertTrue(
            shown(["watermark"])?.hasSuffix(#""default":{"text":"x"},"type":"json"}"#) ?? false,
            shown(["watermark"]) ?? "no control")
        let haloSection = try XCTUnwrap(sections.first { $0.title == "Halo" })
        XCTAssertEqual(haloSection.optional, ["halo"])
        XCTAssertEqual(haloSection.doc, "A glow around the frame.")
        XCTAssertEqual(
            haloSection.controls.map(\.path.last!),
            ["glowOpacity", "tint", "rings", "side", "curve", "duration", "response", "dampingRatio"])
        XCTAssertEqual(haloSection.controls.map(\.label).prefix(4), ["Glow opacity", "Tint", "Rings", "Side"])
        XCTAssertEqual(shown(["halo", "tint"])?.hasSuffix(#""type":"color","opacityKey":null}"#), true)
        XCTAssertEqual(shown(["halo", "rings"])?.contains(#""type":"number","min":1,"max":8,"step":1"#), true)
        XCTAssertEqual(shown(["halo", "side"])?.hasSuffix(#""type":"choice","options":["in","out"]}"#), true)
        XCTAssertEqual(control(["halo", "pulse", "curve"])?.control.defaultValue.serialized(), #""linear""#)
        XCTAssertEqual(control(["halo", "pulse", "duration"])?.control.defaultValue.serialized(), "0.4")
        XCTAssertEqual(control(["halo", "pulse", "response"])?.control.when?.values, ["spring"])
        // Every key of the synthetic declaration has exactly one control.
        for entry in added + [mask] {
            let paths = entry.value.map { _ in [[entry.name]] } ?? entry.keys.map { [entry.name, $0.name] }
            for path in paths {
                let n = sections.flatMap(\.controls).filter { $0.path.starts(with: path) }.count
                XCTAssertEqual(n, path.last == "pulse" ? 4 : 1, path.joined(separator: "."))
            }
        }

        // Lines removed: the keys keep controls, from their declarations alone.
        var lines = PlayControls.editorSections.filter { $0.title != "Crop" }
        for i in lines.indices { lines[i].controls.removeAll { $0.path == ["mask", "fade"] } }
        var start = PlayControls.startSection
        start.controls.removeAll { $0.path == ["zoom"] }
        let bare = PlayControls.completed(
            lines + [start], with: PlayControls.declaredKeys(EditorKeys.entries) + PlayControls.startKeys)
        let fade = try XCTUnwrap(bare.first { $0.title == "Mask" }?.controls.last)
        XCTAssertEqual(fade.path, ["mask", "fade"])
        XCTAssertEqual(fade.label, "Fade")
        // As its line has it, but for the unit, which is the line's.
        let line = try XCTUnwrap(PlayControls.sections.flatMap(\.controls).first { $0.path == ["mask", "fade"] })
        XCTAssertEqual(self.json(fade), self.json(line).replacingOccurrences(of: #""unit":"s""#, with: #""unit":"""#))
        let crop = try XCTUnwrap(bare.first { $0.title == "Crop" })
        XCTAssertEqual(crop.controls.map(\.path), [["crop", "formula"], ["crop", "rounding"]])
        XCTAssertEqual(crop.doc, PlayControls.sections.first { $0.title == "Crop" }?.doc)
        XCTAssertEqual(bare.last?.root, "start")
        XCTAssertEqual(bare.last?.controls.last?.path, ["zoom"], "after the start state's other keys")
        XCTAssertTrue(
            bare.last.map { self.json($0.controls.last!) }?.contains(
                #""default":null,"type":"nullable","on":1,"offLabel":"the zoom the turns left","leavesOut":true,"#)
                ?? false)
    }

    /// A control as the page gets it (`PlayControls.json`).
    func json(_ c: PlayControls.Control) -> String {
        var section = PlayControls.startSection
        section.controls = [c]
        guard case .array(let sections) = PlayControls.json([section], extensions: .none).value,
            case .array(let controls)? = sections.first?["controls"]?.value
        else { return "" }
        return controls.first?.serialized() ?? ""
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
