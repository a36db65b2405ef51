import CropReplayTesting
import Foundation
import XCTest

/// Uses only the public API (`import CropReplayTesting`), as a client's test suite would.
final class PublicAPITests: XCTestCase {
    var folders: [String] = []

    func goldenDir() -> String {
        let dir = NSTemporaryDirectory() + "api-golden-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        folders.append(dir)
        return dir
    }

    override func tearDown() {
        for f in folders { try? FileManager.default.removeItem(atPath: f) }
        folders = []
    }

    /// A scenario built in code with the JSON's model.
    func codeScenario(shift: Double = 200) throws -> Replay {
        var editor = try XCTUnwrap(EditorConfig.preset("circle-avatar-bounce"))
        editor.viewport = ViewportSpec(width: 120, height: 160, scale: 1)
        editor.image = .testcard(width: 240, height: 320)
        editor.policy.animation = .linear(duration: 0.1)
        return try Replay.load(
            Scenario(
                name: "api-drag", editor: editor,
                script: [
                    .pan(PanStep(by: Point(0, shift), duration: 0.1, velocity: Point(0, 0))),
                    .snapshot("released"),
                    .untilSettled,
                    .snapshot("settled"),
                ]))
    }

    func testRecordThenCheckWithRecordModes() throws {
        let golden = goldenDir()
        let replay = try codeScenario()
        // missing: records, reports it once, and names the recording (not "no golden" as well).
        let first = try replay.verify(golden: golden, record: .missing)
        let message = try XCTUnwrap(first.failure)
        XCTAssertTrue(message.hasPrefix("api-drag: recorded a new golden in \(golden)/api-drag/"), message)
        XCTAssertFalse(message.contains("no golden"), message)
        XCTAssertEqual(first.recorded?.status, .created)
        XCTAssertEqual(first.recorded?.files.sorted(), ["released.png", "settled.png", "trace.json"])
        // Now it passes, through the assertion (XCTest path).
        assertReplay(replay, golden: golden, record: .never)
        // A different script fails with the trace difference as a value, domain terms first.
        let other = try codeScenario(shift: 150)
        let outcome = try other.verify(golden: golden, record: .never)
        let result = try XCTUnwrap(outcome.result)
        XCTAssertEqual(result.status, .failed)
        guard case .trace(let difference)? = result.mismatches.first else { return XCTFail("\(result.mismatches)") }
        XCTAssertEqual(difference.frame, 2)
        XCTAssertEqual(difference.field, "imageRect.y")
        XCTAssertEqual(result.context, [.scenarioChanged])
        XCTAssertTrue(
            try XCTUnwrap(outcome.failure).hasPrefix("api-drag: trace: frame 2: imageRect.y"), outcome.failure ?? "")
        XCTAssertNil(outcome.recorded)
        // failed: re-records, then it passes.
        XCTAssertEqual(try other.verify(golden: golden, record: .failed).recorded?.status, .updated)
        XCTAssertNil(try other.verify(golden: golden, record: .never).failure)
    }

    func testMissingGoldenOfACodeBuiltScenarioNamesTheRecordSwitches() throws {
        let outcome = try codeScenario().verify(golden: goldenDir(), record: .never)
        XCTAssertEqual(outcome.result?.status, .new)
        let failure = try XCTUnwrap(outcome.failure)
        XCTAssertTrue(failure.contains("CROPREPLAY_RECORD=all"), failure)
        XCTAssertTrue(failure.contains("record: .all"), failure)
    }

    func testRecordModeFromEnvironmentAndScope() {
        XCTAssertEqual(RecordMode.fromEnvironment([:]), .missing)
        XCTAssertEqual(RecordMode.fromEnvironment(["CI": "true"]), .never)
        XCTAssertEqual(RecordMode.fromEnvironment(["CI": "true", "CROPREPLAY_RECORD": "all"]), .all)
        withCropReplay(record: .failed) {
            XCTAssertEqual(RecordMode.current, .failed)
            withCropReplay(record: .never) { XCTAssertEqual(RecordMode.current, .never) }
        }
        XCTAssertNotEqual(RecordMode.current, .failed)
    }

    func testTraceAndRenderFromJSON() throws {
        let replay = try Replay.load(
            json: #"{"preset": "portrait-7x10-zoom2", "script": [{"pinch": {"scale": 3}}, {"until": "settled"}]}"#,
            name: "json-pinch")
        let trace = try replay.trace()
        XCTAssertEqual(try XCTUnwrap(trace.frames.last).zoom, 2, accuracy: 1e-9)  // max zoom 2
        let frame = try replay.render(frame: 0)
        XCTAssertEqual(frame.width, 390)
        XCTAssertThrowsError(try replay.render(frame: 100_000)) { error in
            XCTAssertEqual(error as? ReplayError, .frameOutOfRange(100_000, count: trace.frames.count))
        }
        XCTAssertThrowsError(try Replay.load(json: #"{"fps": 0}"#, name: "bad")) { error in
            guard case .scenario(let e)? = error as? ReplayError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.place, "fps")
        }
        let png = try PNG.encode(frame)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(try PNG.decode(png).width, 390)
    }

    func testStrategiesCompareOnlyWhatTheyName() throws {
        let golden = goldenDir()
        let replay = try codeScenario()
        _ = try replay.verify(golden: golden, record: .all, strategy: .frame(3))
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/api-drag/frame-3.png"))
        // Damage one snapshot: a trace-only check still passes, the snapshot strategy does not.
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: golden + "/api-drag/settled.png"))
        XCTAssertNil(try replay.verify(golden: golden, record: .never, strategy: .trace).failure)
        XCTAssertNil(try replay.verify(golden: golden, record: .never, strategy: .snapshots("released")).failure)
        XCTAssertNil(try replay.verify(golden: golden, record: .never, strategy: .frame(3)).failure)
        let broken = try replay.verify(golden: golden, record: .never, strategy: .snapshots("settled"))
        XCTAssertEqual(broken.result?.status, .error)
    }
}

/// The live model through the public API only: a drag out of the circle, released, springs
/// back to a valid state, as the same script replayed by `run` does.
final class LiveModelTests: XCTestCase {
    func testADragDrivenLiveEndsWhereTheReplayEnds() throws {
        let editor = try XCTUnwrap(EditorConfig.preset("circle-avatar-bounce"))
        var model = try CropEditorModel(editor: editor, imageWidth: 1600, imageHeight: 1200)
        XCTAssertEqual(model.current.frame, 0)
        XCTAssertTrue(model.current.valid)
        // The events a 0.1 s pan of (0, 240) sends at 60 fps: began, five changed, ended.
        model.send(GestureEvent(gesture: .pan, phase: .began))
        try model.tick()
        for i in 1...5 {
            model.send(GestureEvent(gesture: .pan, phase: .changed, translation: Point(0, 240 * Double(i) / 6)))
            try model.tick()
        }
        XCTAssertFalse(model.current.valid, "dragged past the edge")
        XCTAssertTrue(model.isTouching)
        model.send(GestureEvent(gesture: .pan, phase: .ended, translation: Point(0, 240)))
        try model.tick()
        while model.isSettling { try model.tick() }
        XCTAssertTrue(model.current.valid, "sprung back")
        XCTAssertEqual(model.current.mask, 1)
        guard case .pixels(_, _, let w, let h)? = model.crop else { return XCTFail("a crop at angle 0") }
        XCTAssertEqual(w, h, "the circle's crop is square")

        // The same gesture as a script, replayed: the same final state.
        let replay = try Replay.load(
            Scenario(
                name: "same", editor: editor, script: [.pan(PanStep(by: Point(0, 240), duration: 0.1)), .untilSettled]))
        let last = try XCTUnwrap(try replay.trace().frames.last)
        XCTAssertEqual(last.shown.cx, model.current.shown.cx, accuracy: 1e-9)
        XCTAssertEqual(last.shown.cy, model.current.shown.cy, accuracy: 1e-9)
        XCTAssertEqual(last.zoom, model.current.zoom, accuracy: 1e-9)
    }

    /// Fingers sent live give the frames of the same `touches` step replayed: a pinch whose
    /// first finger lifts (two fingers, then one, then none), then the settle.
    func testTouchesSentLiveReplayAsATouchesStep() throws {
        let editor = try XCTUnwrap(EditorConfig.preset("twist-doubletap"))
        let frames: [[Point]] =
            (0..<8).map { i in [Point(150 - Double(i) * 6, 330), Point(240 + Double(i) * 9, 390 + Double(i) * 4)] }
            + [[Point(300, 420)], [Point(305, 425)], []]
        var model = try CropEditorModel(editor: editor, imageWidth: 1600, imageHeight: 1200)
        for f in frames {
            model.send(touches: f)
            try model.tick()
        }
        while model.isSettling { try model.tick() }
        let replay = try Replay.load(
            Scenario(name: "touches", editor: editor, script: [.touches(frames), .untilSettled]))
        let last = try XCTUnwrap(try replay.trace().frames.last)
        XCTAssertNotEqual(model.current.angle, 0, "the two fingers twisted the photo")
        XCTAssertEqual(last.shown, model.current.shown)
        XCTAssertEqual(last.box, model.current.box)
    }

    /// Buttons apply at the next tick; `advance(to:)` ticks up to a time, at most 10 s of
    /// frames per call, and ignores a time that is not finite.
    func testButtonsAndAdvancingToATime() throws {
        var model = try CropEditorModel(
            editor: try XCTUnwrap(EditorConfig.preset("straighten-flip")), imageWidth: 1600, imageHeight: 1200)
        model.send(.quarterTurn(clockwise: true))
        XCTAssertEqual(model.current.orientation.turns, 0, "not before the tick")
        try model.tick()
        XCTAssertEqual(model.current.orientation.turns, 1)
        XCTAssertEqual(try model.advance(to: 0.5).count, 29, "frames 2 ... 30")
        XCTAssertEqual(model.frame, 30)
        XCTAssertEqual(model.time, 0.5, accuracy: 1e-12)
        XCTAssertEqual(try model.advance(to: 100).count, 600, "at most 10 s of frames per call")
        XCTAssertEqual(try model.advance(to: .nan).count, 0)
        XCTAssertFalse(model.isSettling)
    }

    func testABadSequenceThrowsAndLeavesTheModelAsItWas() throws {
        var model = try CropEditorModel(editor: .defaults, imageWidth: 100, imageHeight: 100)
        model.send(GestureEvent(gesture: .pinch, phase: .changed, scale: 2))
        XCTAssertThrowsError(try model.tick()) { XCTAssertTrue("\($0)".contains("frame 1"), "\($0)") }
        XCTAssertEqual(model.frame, 0)
        XCTAssertThrowsError(try CropEditorModel(editor: .defaults, imageWidth: 0, imageHeight: 10)) {
            XCTAssertEqual(($0 as? ModelError)?.message, "image size 0x10: expected 1 to 16384 pixels a side")
        }
    }

    /// An editor model of a client's own, from the public API alone: it shows frame 0 and never
    /// moves. `departure(of:)` names the first frame the reference moves the photo, and an
    /// unknown model lists the registered ones.
    func testAModelOfYourOwnAndWhereItDeparts() throws {
        struct Still: EditorModel {
            var display: EditorDisplay
            mutating func apply(_ action: EngineAction, in context: ModelContext) throws {}
        }
        var registrations = Registrations()
        try registrations.register(model: "still") { Still(display: $0.initial) }
        let json = #"{"preset": "circle-avatar-bounce", "script": [{"pan": {"by": [40, 0], "duration": 0.2}}]}"#
        let replay = try Replay.load(json: json, name: "still-pan", registering: registrations)
        let reference = try replay.trace()
        let moves = try XCTUnwrap(reference.frames.firstIndex { $0.imageRect != reference.frames[0].imageRect })
        let departure = try XCTUnwrap(try replay.departure(of: "still"))
        XCTAssertEqual(departure.frame, moves)
        XCTAssertEqual(departure.field, "imageRect.x")
        let still = try replay.driving("still")
        XCTAssertEqual(still.model, "still")
        XCTAssertEqual(still.defaultGolden, "golden-still")
        XCTAssertEqual(
            try still.trace().frames.map(\.imageRect),
            Array(repeating: reference.frames[0].imageRect, count: reference.frames.count))
        XCTAssertNil(try replay.driving("reference").model)
        XCTAssertThrowsError(try Replay.load(json: json, name: "x", registering: registrations, model: "stil")) {
            XCTAssertTrue("\($0)".contains("unknown model \"stil\"; expected one of reference, still"), "\($0)")
        }
    }
}
