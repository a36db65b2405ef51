import CropEngine
import CropFit
import CropGeometry
import CropImport
import CropJSON
import CropPipeline
import CropScenario
import Foundation
import TestSupport
import XCTest

/// `fit`, `conform --trace` and `import session` without a device: recordings made by
/// replaying scripts on the reference with parameters the fit is not told, written in the
/// recording format with a device's display-link jitter, dropped frames and 0.25-point noise.
final class FitTests: XCTestCase {
    /// The hidden editor: circle-avatar-bounce with its rubber band, momentum and spring changed.
    static let hidden = (rubberBand: 0.4, momentum: 0.995, response: 0.5)
    static let hiddenEditor =
        "{\"policy\": {\"rubberBand\": \(hidden.rubberBand), \"momentum\": \(hidden.momentum),"
        + " \"animation\": {\"curve\": \"spring\", \"response\": \(hidden.response), \"dampingRatio\": 1}}}"

    /// Three 2-second sessions: a drag past the bottom edge, a fling to the left, a pinch in
    /// below the minimum zoom.
    static var scripts: [[RawEvent]] {
        [
            SyntheticRecording.drag(from: Point(195, 420), by: Point(30, 260), frames: 30, velocity: Point(0, 0)),
            SyntheticRecording.drag(from: Point(250, 400), by: Point(-60, 10), frames: 10, velocity: Point(-1800, 120)),
            SyntheticRecording.pinch(at: Point(195, 420), to: 0.6, frames: 20),
        ]
    }

    /// The recordings of the scripts on `editor`, imported as `import session` does.
    static func recordings(editor: String, seed: UInt64 = 7, registrations: Registrations = .builtIn) throws
        -> [FitRecording]
    {
        var out: [FitRecording] = []
        for (i, script) in scripts.enumerated() {
            var synthetic = SyntheticRecording()
            synthetic.seed = seed &+ UInt64(i)
            let text = try synthetic.record(
                scenario: synthetic.scenario(script, seconds: 2, preset: "circle-avatar-bounce", editor: editor),
                registrations: registrations)
            let imported = try SessionImport(
                recording: text, file: "session\(i).jsonl", name: "session\(i)", preset: "circle-avatar-bounce",
                editor: nil)
            out.append(FitRecording(loaded: imported.loaded, recorded: imported.recorded))
        }
        return out
    }

    static let parameters = [
        FitParameter(key: "policy.rubberBand", low: 0.2, high: 1.0),
        FitParameter(key: "policy.momentum", low: 0.99, high: 0.999),
        FitParameter(key: "policy.animation.response", low: 0.2, high: 0.8),
    ]

    /// The fit recovers the three hidden values: the rubber band within 0.03, the momentum
    /// within 0.0005 and the spring's response within 0.03 (the noise is 0.25 pt on every
    /// coordinate; the recovered values leave the residual at the noise's level).
    func testFitRecoversHiddenParameters() throws {
        let recordings = try Self.recordings(editor: Self.hiddenEditor)
        var options = Fit.Options()
        options.jobs = 2
        let result = try Fit.run(recordings, parameters: Self.parameters, options: options)
        let best = try XCTUnwrap(result.best)
        print("recovered \(best.values), rms \(best.summary.rms) max \(best.summary.max); before \(result.before.rms)")
        XCTAssertEqual(best.values[0], Self.hidden.rubberBand, accuracy: 0.03)
        XCTAssertEqual(best.values[1], Self.hidden.momentum, accuracy: 0.0005)
        XCTAssertEqual(best.values[2], Self.hidden.response, accuracy: 0.03)
        XCTAssertLessThan(best.summary.rms, 0.3)
        XCTAssertGreaterThan(result.before.rms, 3 * best.summary.rms)
    }
}
