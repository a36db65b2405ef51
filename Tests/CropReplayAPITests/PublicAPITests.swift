import XCTest
import Foundation
import CropReplayTesting

/// Uses only the public API (`import CropReplayTesting`), as a client's test suite would.
final class PublicAPITests: XCTestCase {
    func goldenDir() -> String {
        let dir = NSTemporaryDirectory() + "api-golden-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A scenario built in code with the JSON's model.
    func codeScenario(shift: Double = 200) throws -> Replay {
        var editor = EditorConfig.preset("circle-avatar-bounce")!
        editor.viewport = ViewportSpec(width: 120, height: 160, scale: 1)
        editor.image = .testcard(width: 240, height: 320)
        editor.policy.animation = .linear(duration: 0.1)
        return try Replay.load(Scenario(name: "api-drag", editor: editor, script: [
            .pan(PanStep(by: Point(0, shift), duration: 0.1, velocity: Point(0, 0))),
            .snapshot("released"),
            .untilSettled,
            .snapshot("settled"),
        ]))
    }

    func testRecordThenCheckWithRecordModes() throws {
        let golden = goldenDir()
        let replay = try codeScenario()
        // missing: records and reports it once.
        let first = try replay.verify(golden: golden, record: .missing)
        XCTAssertNotNil(first.failure)
        XCTAssertTrue(first.recorded.contains { $0.hasSuffix("api-drag/trace.json") }, "\(first.recorded)")
        // Now it passes, through the assertion (XCTest path).
        try assertReplay(replay, golden: golden, record: .never)
        // A different script fails with the domain message first.
        let other = try codeScenario(shift: 150)
        let outcome = try other.verify(golden: golden, record: .never)
        let failure = try XCTUnwrap(outcome.failure)
        XCTAssertTrue(failure.contains("stale golden") || failure.contains("trace: frame"), failure)
        XCTAssertTrue(outcome.recorded.isEmpty)
        // failed: re-records.
        XCTAssertFalse(try other.verify(golden: golden, record: .failed).recorded.isEmpty)
        XCTAssertNil(try other.verify(golden: golden, record: .never).failure)
    }

    func testRecordModeFromEnvironment() {
        XCTAssertEqual(RecordMode.fromEnvironment([:]), .missing)
        XCTAssertEqual(RecordMode.fromEnvironment(["CI": "true"]), .never)
        XCTAssertEqual(RecordMode.fromEnvironment(["CI": "true", "CROPREPLAY_RECORD": "all"]), .all)
    }

    func testTraceAndRenderFromJSON() throws {
        let replay = try Replay.load(json: #"{"preset": "portrait-7x10-zoom2", "script": [{"pinch": {"scale": 3}}, {"until": "settled"}]}"#, name: "json-pinch")
        let trace = try replay.trace()
        XCTAssertEqual(trace.frames.last!.zoom, 2, accuracy: 1e-9)  // max zoom 2
        let frame = try replay.render(frame: 0)
        XCTAssertEqual(frame.width, 390)
        XCTAssertThrowsError(try replay.render(frame: 100_000))
        XCTAssertThrowsError(try Replay.load(json: #"{"fps": 0}"#, name: "bad"))
    }
}

#if canImport(Testing)
import Testing

@Test func swiftTestingAssertReplayPasses() throws {
    let golden = NSTemporaryDirectory() + "api-st-\(UUID().uuidString)"
    let replay = try Replay.load(json: #"{"editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}}, "script": [{"pan": {"by": [5, 0], "duration": 0.05}}, {"snapshot": "end"}]}"#, name: "st")
    _ = try replay.verify(golden: golden, record: .missing)
    try assertReplay(replay, golden: golden, record: .never)
    #expect(try replay.verify(golden: golden, record: .never).failure == nil)
}
#endif
