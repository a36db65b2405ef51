import CropEngine
import CropGeometry
import CropHTTP
import CropImport
import CropJSON
import CropPipeline
import CropPlay
import CropScenario
import Foundation
import TestSupport
import XCTest

/// The playground's session and routes without a browser: a live touch session records a
/// scenario that replays to the same state, and a CDP log that imports to the same scenario.
final class PlaygroundTests: XCTestCase {
    func session(_ preset: String = "circle-avatar-bounce") throws -> PlaySession {
        let text = "{\"name\": \"\(preset)\", \"preset\": \"\(preset)\", \"script\": []}"
        return try PlaySession(base: try LoadedScenario.load(text: text, file: "test", name: preset))
    }

    /// A drag out and back with a pause, then a pinch whose first finger lifts before the
    /// second, recorded with idle frames before the first touch and during the settles.
    func play(_ s: PlaySession) throws {
        try s.startRecording()
        _ = try s.tick(frames: 3)
        for i in 0...12 {
            s.setTouches([("a", Point(180, 300 + Double(i) * 25))])
            _ = try s.tick(frames: i % 4 == 3 ? 2 : 1)
        }
        s.setTouches([])
        _ = try s.tick(frames: 7)
        for i in 0...10 {
            s.setTouches([("7", Point(150 - Double(i) * 4, 320)), ("8", Point(230 + Double(i) * 9, 390 + Double(i)))])
            _ = try s.tick(frames: 1)
        }
        s.setTouches([("8", Point(330, 400))])
        _ = try s.tick(frames: 2)
        s.setTouches([])
        var guardCount = 0
        repeat {
            _ = try s.tick(frames: 1)
            guardCount += 1
        } while s.isSettling && guardCount < 2000
    }

    func testARecordedSessionReplaysToTheLiveState() throws {
        for preset in ["circle-avatar-bounce", "twist-doubletap", "resizable-box-refit"] {
            let s = try session(preset)
            try play(s)
            let live = s.current
            guard let rec = try s.stopRecording(name: "recorded") else { return XCTFail("a recording") }
            let replay = try LoadedScenario.load(text: rec.scenario, file: "recorded.json", name: "recorded").replay()
            let last = try XCTUnwrap(replay.frames.last)
            XCTAssertEqual(last.shown.k, live.shown.k, accuracy: 1e-9, preset)
            XCTAssertEqual(last.shown.cx, live.shown.cx, accuracy: 1e-6, preset)
            XCTAssertEqual(last.shown.cy, live.shown.cy, accuracy: 1e-6, preset)
            XCTAssertEqual(last.shown.a, live.shown.a, accuracy: 1e-9, preset)
            XCTAssertEqual(last.box, live.box, preset)
            // The session moved the image: the comparison is not of two initial states.
            XCTAssertNotEqual(live.shown, try XCTUnwrap(replay.frames.first).shown, preset)
        }
    }

    func testTheCDPLogImportsToTheSameScenario() throws {
        let s = try session()
        try play(s)
        guard let rec = try s.stopRecording(name: "recorded") else { return XCTFail("a recording") }
        let dir = temporaryDirectory("play-cdp")
        try rec.cdp.write(toFile: dir + "/session.cdp.jsonl", atomically: true, encoding: .utf8)
        try rec.scenario.write(toFile: dir + "/recorded.json", atomically: true, encoding: .utf8)
        let result = runCLI([
            "import", "cdp", dir + "/session.cdp.jsonl", "--editor", dir + "/recorded.json", "--name", "recorded",
        ])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(result.out, rec.scenario)
        XCTAssertTrue(
            rec.cdp.hasPrefix(
                "{\"type\":\"touchStart\",\"touchPoints\":[{\"x\":180,\"y\":300,\"id\":1}],\"timestamp\":0}\n"), rec.cdp
        )
    }

    func testAThirdFingerIsIgnoredAndFingersKeepTheirLandingOrder() throws {
        let s = try session()
        try s.startRecording()
        s.setTouches([("b", Point(100, 300)), ("a", Point(200, 300)), ("c", Point(50, 50))])
        _ = try s.tick(frames: 1)
        XCTAssertEqual(s.current.pinch, .began)
        // The page lists them in another order: landing order holds.
        s.setTouches([("c", Point(50, 50)), ("a", Point(220, 300)), ("b", Point(100, 300))])
        _ = try s.tick(frames: 1)
        s.setTouches([])
        _ = try s.tick(frames: 1)
        let rec = try XCTUnwrap(try s.stopRecording(name: "r"))
        XCTAssertTrue(rec.scenario.contains("[[100, 300], [200, 300]],\n      [[100, 300], [220, 300]]"), rec.scenario)
    }

    /// `play S.json` starts from the scenario's `start`; a recording begins there and writes
    /// it, so the replay reaches the live state; `/api/start` changes it, refusing what the
    /// editor cannot start from with the key named.
    func testASessionStartsFromTheScenariosStartAndRecordsIt() throws {
        let text = """
            {"name": "reopened", "preset": "straighten-flip",
             "start": {"mirrored": true, "turns": 1, "angle": -12, "zoom": 1.8, "at": [920, 520]}, "script": []}
            """
        let base = try LoadedScenario.load(text: text, file: "reopened.json", name: "reopened")
        let s = try PlaySession(base: base)
        XCTAssertEqual(s.current, try base.replay().frames[0])
        try play(s)
        let live = s.current
        let rec = try XCTUnwrap(try s.stopRecording(name: "recorded"))
        XCTAssertTrue(
            rec.scenario.contains(
                "\"start\": {\"mirrored\":true,\"turns\":1,\"angle\":-12,\"zoom\":1.8,\"at\":[920, 520]}"), rec.scenario
        )
        let replay = try LoadedScenario.load(text: rec.scenario, file: "recorded.json", name: "recorded").replay()
        let last = try XCTUnwrap(replay.frames.last)
        XCTAssertEqual(last.shown.k, live.shown.k, accuracy: 1e-9)
        XCTAssertEqual(last.shown.cx, live.shown.cx, accuracy: 1e-6)
        XCTAssertEqual(last.shown.cy, live.shown.cy, accuracy: 1e-6)
        XCTAssertEqual(last.shown.a, live.shown.a, accuracy: 1e-9)
        XCTAssertEqual(last.orientation, live.orientation)
        XCTAssertEqual(replay.frames[0].orientation, ImageOrientation(turns: 1, mirrored: true))

        let routes = PlayRoutes(session: s)
        func call(_ path: String, _ body: String) -> (status: Int, body: String) {
            let r = routes.handle(HTTPRequest(method: "POST", path: path, body: Array(body.utf8)))
            return (r.status, String(decoding: r.body, as: UTF8.self))
        }
        let state = try JSONParser.parse(
            String(
                decoding: routes.handle(HTTPRequest(method: "GET", path: "/api/state", body: [])).body, as: UTF8.self))
        XCTAssertEqual(state["start"]?["turns"]?.serialized(), "1")
        XCTAssertNotNil(state["schema"]?["definitions"]?["start"])
        let bad = call("/api/start", "{\"turns\": 9}")
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.body.contains("start.turns: expected an integer from 0 to 3, got 9"), bad.body)
        let refused = call("/api/start", "{\"angle\": 60}")
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(
            refused.body.contains("start.angle: expected an angle within +-45 degrees (rotation.limit), got 60"),
            refused.body)
        XCTAssertEqual(s.start?.turns, 1, "a refused start leaves the session's")
        XCTAssertEqual(call("/api/start", "{\"zoom\": 2.5}").status, 200)
        XCTAssertEqual(s.current.frame, 0)
        XCTAssertEqual(s.current.zoom, 2.5, accuracy: 1e-12)
        XCTAssertEqual(call("/api/start", "null").status, 200)
        XCTAssertNil(s.start)
        XCTAssertEqual(s.current.orientation, .init())
    }

    func testRoutesRefuseBadInputAndNeverReadAFileTheyAreGiven() throws {
        let routes = PlayRoutes(session: try session())
        func call(_ method: String, _ path: String, _ body: String = "") -> HTTPResponse {
            routes.handle(HTTPRequest(method: method, path: path, body: Array(body.utf8)))
        }
        XCTAssertEqual(call("GET", "/").status, 200)
        XCTAssertTrue(String(decoding: call("GET", "/").body, as: UTF8.self).contains("CropReplay playground"))
        XCTAssertEqual(call("GET", "/../etc/passwd").status, 404)
        XCTAssertEqual(call("GET", "/api/tick").status, 405)
        XCTAssertEqual(call("POST", "/api/tick", "{").status, 400)
        XCTAssertEqual(call("POST", "/api/tick", "{\"frames\": 1e9}").status, 400)
        XCTAssertEqual(call("POST", "/api/tick", "{\"touches\": [[1, 1e308, 0]]}").status, 400)
        let tick = call("POST", "/api/tick", "{\"frames\": 2, \"touches\": [[1, 180, 300]]}")
        XCTAssertEqual(tick.status, 200)
        XCTAssertEqual(Array(tick.body.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let values = try JSONParser.parse(try XCTUnwrap(tick.headers.first { $0.0 == "X-Frame" }?.1))
        XCTAssertEqual(values["pan"]?.serialized(), "\"changed\"")
        XCTAssertEqual(call("POST", "/api/button", "{\"restore\": true}").status, 400, "fingers are down")
        _ = call("POST", "/api/tick", "{\"touches\": []}")
        XCTAssertEqual(call("POST", "/api/button", "{\"spin\": 1}").status, 400)
        // An editor naming another image keeps the served one: nothing is read.
        var editor = try JSONParser.parse(String(decoding: call("GET", "/api/state").body, as: UTF8.self))["editor"]
        if case .object(var members)? = editor?.value {
            members.removeAll { $0.key == "image" }
            members.append(
                JSONMember(
                    key: "image",
                    node: JSONNode(.object([JSONMember(key: "file", node: JSONNode(.string("/etc/shadow")))]))))
            editor?.value = .object(members)
        }
        let replaced = call("POST", "/api/editor", try XCTUnwrap(editor).serialized())
        XCTAssertEqual(replaced.status, 200, String(decoding: replaced.body, as: UTF8.self))
        XCTAssertTrue(String(decoding: replaced.body, as: UTF8.self).contains("\"testcard\""))
        let bad = call("POST", "/api/editor", "{\"zoom\": {\"min\": -1}}")
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(
            String(decoding: bad.body, as: UTF8.self).contains("zoom.min"), String(decoding: bad.body, as: UTF8.self))
        XCTAssertEqual(call("POST", "/api/record").status, 200)
        XCTAssertEqual(
            call("POST", "/api/button", "{\"quarterTurn\": \"clockwise\"}").status, 400, "off while recording")
        XCTAssertEqual(call("POST", "/api/stop").status, 200)
        XCTAssertEqual(call("GET", "/api/recording/scenario.json").status, 404, "nothing was touched")
    }

    /// A button is a step as a script holds it: the same values are accepted and refused, with
    /// the message a scenario file gets (its place without `script[0].`).
    func testAButtonIsAcceptedAndRefusedAsTheSameStepInAScenario() throws {
        for preset in ["resizable-box-refit", "circle-avatar-bounce"] {
            let routes = PlayRoutes(session: try session(preset))
            let editor = ScenarioEncoder.editor(routes.session.editor).serialized()
            var accepted = 0
            for body in [
                #"{"aspect": [0, 1]}"#, #"{"aspect": [20000, 1]}"#, #"{"aspect": [1, 1e7]}"#, #"{"aspect": "square"}"#,
                #"{"aspect": "original"}"#, #"{"aspect": "free"}"#, #"{"restore": false}"#, #"{"restore": true}"#,
                #"{"flip": "diagonal"}"#, #"{"flip": "vertical"}"#, #"{"quarterTurn": 1}"#,
                #"{"quarterTurn": "counterclockwise"}"#, #"{"doubleTap": [1e7, 0]}"#, #"{"doubleTap": [120, 300]}"#,
            ] {
                let r = routes.handle(HTTPRequest(method: "POST", path: "/api/button", body: Array(body.utf8)))
                let answer = String(decoding: r.body, as: UTF8.self)
                let text = "{\"editor\": \(editor), \"script\": [\(body)]}"
                let file = Result { () throws(ScenarioError) in try ScenarioDecoder.decode(text: text, file: "s.json") }
                switch file {
                case .success:
                    XCTAssertEqual(r.status, 200, "\(preset) \(body): \(answer)")
                    accepted += 1
                    // Let the button's animation end before the next one.
                    for _ in 0..<5 { _ = try routes.session.tick(frames: 30) }
                case .failure(let error):
                    XCTAssertEqual(r.status, 400, "\(preset) \(body) is refused")
                    let place = error.place ?? ""
                    XCTAssertTrue(place.hasPrefix("script[0]."), place)
                    let message = "the button: \(place.dropFirst("script[0].".count)): \(error.message)"
                    XCTAssertEqual(try JSONParser.parse(answer)["error"]?.serialized(), JSONNode.quote(message))
                }
            }
            // The aspect steps need a resizable box: the circle refuses them all.
            XCTAssertEqual(accepted, preset == "resizable-box-refit" ? 7 : 4, preset)
        }
        let routes = PlayRoutes(session: try session())
        for body in [#"{"pan": {"by": [1, 1]}}"#, #"{"spin": 1}"#, #"{"flip": "vertical", "restore": true}"#, "{}"] {
            let r = routes.handle(HTTPRequest(method: "POST", path: "/api/button", body: Array(body.utf8)))
            XCTAssertEqual(r.status, 400, body)
            XCTAssertTrue(
                String(decoding: r.body, as: UTF8.self).contains(
                    #"the button: expected one of {\"quarterTurn\": ...}"#),
                String(decoding: r.body, as: UTF8.self))
        }
    }
}
