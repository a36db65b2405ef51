import CropEngine
import CropGeometry
import CropHTTP
import CropJSON
import CropPipeline
import CropPlay
import CropScenario
import Foundation
import TestSupport
import XCTest

/// `play --model NAME`: the playground drives a registered editor model with the same input,
/// and its recording replays under `run --model NAME` to the same frames, byte for byte; the
/// panel's values are read as a scenario file's (issue 38: a number that overflows).
final class PlayModelTests: XCTestCase {
    func session(_ preset: String, model: String?, start: String? = nil) throws -> PlaySession {
        let text =
            "{\"name\": \"\(preset)\", \"preset\": \"\(preset)\", \"script\": []"
            + (start.map { ", \"start\": \($0)" } ?? "") + "}"
        let loaded = try LoadedScenario.load(
            text: text, file: "test", name: preset, registrations: try EditorModelTests.registrations())
        return try PlaySession(base: loaded.driving(model))
    }

    /// A drag down past the edge with idle frames before it, then a pinch out, each released,
    /// then frames until nothing settles; returns the live frames seen mid-drag.
    func play(_ s: PlaySession) throws -> [FrameRecord] {
        try s.startRecording()
        _ = try s.tick(frames: 2)
        var midDrag: [FrameRecord] = []
        for i in 0...14 {
            s.setTouches([("a", Point(180, 300 + Double(i) * 30))])
            midDrag.append(try s.tick(frames: i % 5 == 4 ? 2 : 1))
        }
        s.setTouches([])
        _ = try s.tick(frames: 5)
        for i in 0...8 {
            s.setTouches([("b", Point(150 - Double(i) * 6, 330)), ("c", Point(230 + Double(i) * 6, 330))])
            _ = try s.tick(frames: 1)
        }
        s.setTouches([])
        var n = 0
        repeat {
            _ = try s.tick(frames: 1)
            n += 1
        } while s.isSettling && n < 2000
        _ = try s.tick(frames: 3)
        return midDrag
    }

    func testARecordingUnderAModelReplaysUnderRunModelToTheSameFramesByteForByte() throws {
        let registrations = try EditorModelTests.registrations()
        for model in [nil, "clamping"] {
            for (preset, start) in [
                ("circle-avatar-bounce", nil), ("resizable-box-refit", nil),
                ("circle-avatar-bounce", #"{"zoom": 1.5, "at": [700, 500]}"#),
            ] {
                let what = "\(preset) \(model ?? "reference") \(start ?? "")"
                let s = try session(preset, model: model, start: start)
                XCTAssertEqual(s.modelName, model)
                let midDrag = try play(s)
                // The model is the one driven: the clamping editor never shows the photo past
                // the box's edge, where the reference's rubber band does (on the circle; the
                // resizable box's drag moves the box).
                if model == "clamping" || (preset == "circle-avatar-bounce" && start == nil) {
                    XCTAssertEqual(midDrag.allSatisfy(\.valid), model == "clamping", what)
                }
                guard let rec = try s.stopRecording(name: "recorded") else { return XCTFail("a recording: \(what)") }
                let live = try XCTUnwrap(s.lastRecordingTrace, what)
                let replay = try LoadedScenario.load(
                    text: rec.scenario, file: "recorded.json", name: "recorded", registrations: registrations
                )
                .driving(model).replay()
                XCTAssertEqual(replay.engine, model.map { "model \($0)" } ?? EngineVersion.current, what)
                // The live frames, numbered as the replay numbers them, are its trace.json.
                XCTAssertEqual(live, TraceCodec.encode(replay), what)
                XCTAssertEqual(rec.scenario.contains("\"start\": {"), start != nil, what)
                XCTAssertEqual(replay.frames.last?.shown, s.current.shown, what)
                XCTAssertNotEqual(replay.frames.last?.shown, replay.frames.first?.shown, "the session moved: \(what)")
            }
        }
    }

    func testTheRoutesNameTheModelAndServeTheLiveTrace() throws {
        let routes = PlayRoutes(session: try session("circle-avatar-bounce", model: "clamping"))
        func call(_ method: String, _ path: String, _ body: String = "") -> HTTPResponse {
            routes.handle(HTTPRequest(method: method, path: path, body: Array(body.utf8)))
        }
        let state = try JSONParser.parse(String(decoding: call("GET", "/api/state").body, as: UTF8.self))
        XCTAssertEqual(state["model"]?.serialized(), "\"clamping\"")
        XCTAssertEqual(call("GET", "/api/recording/trace.json").status, 404, "nothing recorded yet")
        XCTAssertEqual(call("POST", "/api/record").status, 200)
        XCTAssertEqual(call("POST", "/api/tick", "{\"frames\": 1, \"touches\": [[1, 180, 300]]}").status, 200)
        XCTAssertEqual(call("POST", "/api/tick", "{\"frames\": 2, \"touches\": [[1, 180, 400]]}").status, 200)
        XCTAssertEqual(call("POST", "/api/tick", "{\"frames\": 2, \"touches\": []}").status, 200)
        XCTAssertEqual(call("POST", "/api/stop").status, 200)
        let trace = call("GET", "/api/recording/trace.json")
        XCTAssertEqual(trace.status, 200)
        let decoded = try TraceCodec.decode(trace.body, file: "trace.json")
        XCTAssertEqual(decoded.engine, "model clamping")
        let json = try JSONParser.parse(bytes: trace.body)
        guard case .array(let frames)? = json["frames"]?.value else { return XCTFail("frames") }
        // Frame 0, three frames with the finger down and the lift (nothing settles in this model:
        // the idle frame after it is not in the recorded scenario's replay).
        XCTAssertEqual(decoded.frames.count, 5)
        XCTAssertEqual(
            frames.map { $0["pan"]?.serialized() ?? "" },
            ["\"possible\"", "\"began\"", "\"changed\"", "\"changed\"", "\"ended\""])
        XCTAssertEqual(routes.session.lastRecordingTrace.map { Array($0.utf8) }, trace.body)
        // The reference's session names it.
        let reference = PlayRoutes(session: try session("circle-avatar-bounce", model: nil))
        let referenceState = try JSONParser.parse(
            String(
                decoding: reference.handle(HTTPRequest(method: "GET", path: "/api/state", body: [])).body, as: UTF8.self
            ))
        XCTAssertEqual(referenceState["model"]?.serialized(), "\"reference\"")
    }

    func testAnUnknownModelIsOneLineNamingTheRegisteredOnes() throws {
        XCTAssertThrowsError(try session("circle-avatar-bounce", model: "nope")) { error in
            XCTAssertEqual(
                (error as? PlayError)?.message,
                try? EditorModelTests.registrations().unknownModel("nope"))
        }
        let registrations = try EditorModelTests.registrations()
        let result = runCLI(["play", "--model", "clamp", "--port", "0"], registrations: registrations)
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
        XCTAssertTrue(result.err.contains("unknown model 'clamp' (did you mean 'clamping'?)"), result.err)
        // A factory that throws is the replay's one line, before the server starts.
        let refused = runCLI(["play", "--model", "noFactory", "--port", "0"], registrations: registrations)
        XCTAssertEqual(refused.code, 2)
        XCTAssertEqual(refused.err.split(separator: "\n").count, 1, refused.err)
        XCTAssertTrue(refused.err.contains("the model \"noFactory\""), refused.err)
    }

    /// Issue 38: `/api/apply` and `/api/editor` took `"max": 1e999` with 200 and removed the
    /// zoom limit (the overflowed number re-serialised as null); `start.zoom: 1e999` was
    /// "expected a number, got null". Now each is the scenario file's message, with a 400.
    func testANumberThatOverflowsIsRefusedAsInAScenarioFile() throws {
        let routes = PlayRoutes(session: try session("circle-avatar-bounce", model: nil))
        let before = routes.session.editor
        func fileMessage(_ members: String) -> String {
            let text = "{\(members), \"script\": []}"
            do {
                _ = try ScenarioDecoder.decode(text: text, file: "the form")
                return "accepted"
            } catch {
                return error.description
            }
        }
        for (path, body, file) in [
            ("/api/apply", #"{"editor": {"zoom": {"max": 1e999}}}"#, #""editor": {"zoom": {"max": 1e999}}"#),
            ("/api/editor", #"{"zoom": {"max": 1e999}}"#, #""editor": {"zoom": {"max": 1e999}}"#),
            ("/api/apply", #"{"editor": {"zoom": {"max": -1e999}}}"#, #""editor": {"zoom": {"max": -1e999}}"#),
            ("/api/apply", #"{"start": {"zoom": 1e999}}"#, #""start": {"zoom": 1e999}"#),
            (
                "/api/apply", #"{"editor": {"policy": {"rubberBand": 1e400}}}"#,
                #""editor": {"policy": {"rubberBand": 1e400}}"#
            ),
        ] {
            let r = routes.handle(HTTPRequest(method: "POST", path: path, body: Array(body.utf8)))
            let expected = fileMessage(file)
            XCTAssertTrue(expected.contains("got a number that overflows"), expected)
            XCTAssertEqual(r.status, 400, "\(path) \(body)")
            let answer = try JSONParser.parse(String(decoding: r.body, as: UTF8.self))
            XCTAssertEqual(answer["error"]?.serialized(), JSONNode.quote(expected), "\(path) \(body)")
        }
        XCTAssertEqual(routes.session.editor, before, "nothing applied")
        XCTAssertNotNil(routes.session.editor.zoom.max, "the zoom limit stays")
        // `/api/start` reads its object as a scenario's start too.
        let start = routes.handle(
            HTTPRequest(method: "POST", path: "/api/start", body: Array(#"{"zoom": 1e999}"#.utf8)))
        XCTAssertEqual(start.status, 400)
        XCTAssertTrue(String(decoding: start.body, as: UTF8.self).contains("got a number that overflows"))
    }
}
