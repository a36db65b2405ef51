import CropReplayTesting
import XCTest

/// A recorded session from Swift, with the public API only: an "app" that runs
/// `CropEditorModel` with a stiffer rubber band than its preset records itself through
/// `SessionRecorder`; the replay on the preset departs, and fitting the rubber band finds the
/// app's value.
final class RecordedSessionTests: XCTestCase {
    /// Drags past the bottom edge for half a second and releases, then waits a second.
    func recording(rubberBand: Double) throws -> String {
        var editor = try XCTUnwrap(EditorConfig.preset("circle-avatar-bounce"))
        editor.policy.rubberBand = rubberBand
        var app = try CropEditorModel(editor: editor, imageWidth: 1200, imageHeight: 800)
        var recorder = SessionRecorder(
            fps: 60, viewport: Size(editor.viewport.width, editor.viewport.height), imageWidth: 1200,
            imageHeight: 800)
        func show(_ f: FrameRecord) {
            recorder.frame(
                time: 5 + Double(f.frame) / 60, photo: f.imageRect, angle: f.angle, turns: f.orientation.turns,
                mirrored: f.orientation.mirrored, box: f.box)
        }
        show(app.current)
        for i in 1...90 {
            if i <= 31 {
                let phase: GesturePhase = i == 1 ? .began : i == 31 ? .ended : .changed
                let by = Point(0, 9 * Double(i - 1))
                let at = Point(195, 400 + by.y)
                app.send(GestureEvent(gesture: .pan, phase: phase, translation: by, location: at))
                recorder.pan(phase, time: 5 + (Double(i) - 0.5) / 60, translation: by, location: at)
            }
            show(try app.tick())
        }
        return recorder.text
    }

    func testAFitFindsTheAppsRubberBand() throws {
        let session = try RecordedSession(
            recording: try recording(rubberBand: 0.3), name: "drag", preset: "circle-avatar-bounce")
        let before = try session.conformance()
        XCTAssertNotNil(before.departure, before.report)
        XCTAssertGreaterThan(before.max, 5)
        let fit = try RecordedSession.fit([session], vary: ["policy.rubberBand": 0.1...1], evaluations: 120)
        XCTAssertEqual(fit.values["policy.rubberBand"] ?? 0, 0.3, accuracy: 1e-4, fit.report)
        XCTAssertTrue(fit.fits, fit.report)
        let after = try session.with(editor: fit.editors[0]).conformance()
        XCTAssertNil(after.departure, after.report)
        XCTAssertLessThan(after.rms, 0.01)
    }
}
