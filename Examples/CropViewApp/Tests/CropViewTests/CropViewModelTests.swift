import CropReplayEngine
import CropView
import Foundation
import XCTest

/// The view model fed a recorded session shows, frame by frame, what `cropreplay run` traces
/// for the scenario recorded from that session. `Fixtures/session.json` is the recording and
/// `Fixtures/trace.json` is `cropreplay run Fixtures/session.json`'s trace: CropReplay's own
/// tests replay the one and compare with the other byte for byte (ExampleAppTests), so
/// these tests need no image library. After an intended change: CROPVIEW_RECORD=1 swift test
/// rewrites session.json; then `swift run cropreplay run` on it (in CropReplay) gives trace.json.
final class CropViewModelTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func testTheRecordedScenarioIsTheCommittedOne() throws {
        let viewModel = try CropViewModel(
            preset: RecordedSession.preset, imageWidth: RecordedSession.imageWidth,
            imageHeight: RecordedSession.imageHeight,
            records: true)
        _ = try RecordedSession.play(into: viewModel)
        let json = try XCTUnwrap(viewModel.recording).scenarioJSON(name: "app-session")
        let file = Self.fixtures.appendingPathComponent("session.json")
        if ProcessInfo.processInfo.environment["CROPVIEW_RECORD"] != nil {
            try json.write(to: file, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(
            json, try String(contentsOf: file, encoding: .utf8),
            "the session's scenario changed (CROPVIEW_RECORD=1 rewrites it)")
    }

    func testTheFramesShownAreTheCLITrace() throws {
        let viewModel = try CropViewModel(
            preset: RecordedSession.preset, imageWidth: RecordedSession.imageWidth,
            imageHeight: RecordedSession.imageHeight)
        let frames = try RecordedSession.play(into: viewModel)
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("trace.json"))
        let traced = try JSONDecoder().decode(TraceFrames.self, from: data).frames
        XCTAssertEqual(frames.map(\.frame), Array(0..<frames.count), "one frame per display frame, none skipped")
        XCTAssertEqual(frames.count, traced.count, "frames shown against frames traced")
        for (shown, record) in zip(frames, traced) {
            XCTAssertEqual(Self.fields(shown), record.fields, "frame \(shown.frame)")
        }
        // The session did what it says: the drag overshot, and the editor snapped back.
        XCTAssertTrue(frames.contains { !$0.valid }, "the drag past the edge leaves the box uncovered for a while")
        XCTAssertEqual(frames.last?.valid, true)
        XCTAssertEqual(frames.last?.animating, false, "settled by the end")
        XCTAssertNotEqual(frames.last?.angle, 0, "the twist turned the photo")
        XCTAssertEqual(viewModel.drawing.box, frames.last?.box)
        XCTAssertEqual(viewModel.drawing.angle, frames.last?.angle)
    }

    /// A frame's trace fields as text (numbers in Swift's shortest round-trip form, so equal
    /// text is equal numbers).
    static func fields(_ f: FrameRecord) -> [String] {
        [
            "frame \(f.frame)", "t \(f.time)", "pan \(f.pan.rawValue)", "pinch \(f.pinch.rawValue)",
            "rotation \(f.rotation.rawValue)",
            "zoom \(f.zoom)", "k \(f.scale)", "imageRect \(rect(f.imageRect))", "angle \(f.angle)",
            "turns \(f.orientation.turns)",
            "mirrored \(f.orientation.mirrored)", "box \(rect(f.box))", "valid \(f.valid)", "mask \(f.mask)",
            "animating \(f.animating)", "events \(f.events.map(\.description))",
        ]
    }

    static func rect(_ r: Rect) -> String { rect([r.x, r.y, r.width, r.height]) }
    static func rect(_ values: [Double]) -> String { values.map { "\($0)" }.joined(separator: " ") }
}

/// The frames of a trace.json (JSONDecoder reads numbers exactly; JSONSerialization on
/// Linux can be an ulp off).
struct TraceFrames: Decodable {
    struct Frame: Decodable {
        var frame: Int
        var t: Double
        var pan, pinch: String
        var rotation: String?
        var zoom, k: Double
        var imageRect: [Double]
        var angle: Double?
        var turns: Int?
        var mirrored: Bool?
        var box: [Double]?
        var valid: Bool
        var mask: Double
        var animating: Bool
        var events: [String]

        var fields: [String] {
            [
                "frame \(frame)", "t \(t)", "pan \(pan)", "pinch \(pinch)", "rotation \(rotation ?? "(absent)")",
                "zoom \(zoom)",
                "k \(k)", "imageRect \(CropViewModelTests.rect(imageRect))",
                "angle \(angle.map { "\($0)" } ?? "(absent)")",
                "turns \(turns.map { "\($0)" } ?? "(absent)")", "mirrored \(mirrored.map { "\($0)" } ?? "(absent)")",
                "box \(box.map(CropViewModelTests.rect) ?? "(absent)")", "valid \(valid)", "mask \(mask)",
                "animating \(animating)",
                "events \(events)",
            ]
        }
    }
    var frames: [Frame]
}
