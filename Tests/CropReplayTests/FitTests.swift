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

    /// Three 2-second sessions: a drag past the bottom edge, a fling to the left over a wide
    /// photo (room for the momentum to run out before the edge), a pinch in below the minimum zoom.
    static var scripts: [(events: [RawEvent], image: (Int, Int))] {
        [
            (
                SyntheticRecording.drag(from: Point(195, 420), by: Point(30, 260), frames: 30, velocity: Point(0, 0)),
                (1200, 800)
            ),
            (
                SyntheticRecording.drag(from: Point(250, 400), by: Point(-60, 0), frames: 10, velocity: Point(-1500, 0)),
                (3000, 800)
            ),
            (SyntheticRecording.pinch(at: Point(195, 420), to: 0.6, frames: 20), (1200, 800)),
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
                scenario: synthetic.scenario(
                    script.events, seconds: 2, preset: "circle-avatar-bounce", editor: editor, image: script.image),
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

    /// The fit recovers the three hidden values: the rubber band within 0.01, the momentum
    /// within 0.0001 and the spring's response within 0.01. Why those: the noise (uniform
    /// within 0.25 pt on every recorded coordinate) leaves 0.25 pt RMS at the hidden values
    /// themselves, and a change of 0.01 in the rubber band or the response, or of 0.0001 in the
    /// momentum, moves the drag's stretch, the spring or the fling's run by more than that.
    func testFitRecoversHiddenParameters() throws {
        let recordings = try Self.recordings(editor: Self.hiddenEditor)
        var options = EditorFit.Options()
        options.jobs = 2
        let result = try EditorFit.run(recordings, parameters: Self.parameters, options: options)
        let best = try XCTUnwrap(result.best)
        print("evaluations \(result.ranking[0].evaluations) recovered \(best.values), rms \(best.summary.rms) max \(best.summary.max); before \(result.before.rms)")
        XCTAssertEqual(best.values[0], Self.hidden.rubberBand, accuracy: 0.01)
        XCTAssertEqual(best.values[1], Self.hidden.momentum, accuracy: 0.0001)
        XCTAssertEqual(best.values[2], Self.hidden.response, accuracy: 0.01)
        // The hidden values themselves leave the noise: the fit does at least as well.
        let truth = try XCTUnwrap(
            try EditorFit.Problem(recordings, parameters: Self.parameters, policy: .rubberBand).evaluate([
                Self.hidden.rubberBand, Self.hidden.momentum, Self.hidden.response,
            ]))
        print("at the hidden values: rms \(truth.summary.rms) max \(truth.summary.max)")
        XCTAssertLessThanOrEqual(best.summary.rms, truth.summary.rms + 1e-9)
        XCTAssertLessThan(best.summary.rms, 0.5)
        XCTAssertGreaterThan(result.before.rms, 3 * best.summary.rms)
    }

    /// The same seed gives the same fit on one thread and on two.
    func testFitIsDeterministicForASeedWhateverTheThreads() throws {
        let recordings = try Self.recordings(editor: Self.hiddenEditor)
        var options = EditorFit.Options()
        options.evaluations = 60
        options.seed = 3
        options.jobs = 1
        let one = try EditorFit.run(recordings, parameters: Self.parameters, options: options)
        options.jobs = 2
        let two = try EditorFit.run(recordings, parameters: Self.parameters, options: options)
        XCTAssertEqual(one.best?.values, two.best?.values)
        XCTAssertEqual(one.best?.summary, two.best?.summary)
        XCTAssertEqual(one.ranking[0].evaluations, 60)
        options.seed = 4
        let other = try EditorFit.run(recordings, parameters: Self.parameters, options: options)
        XCTAssertNotEqual(one.best?.values, other.best?.values)
    }

    /// Writes the three synthetic recordings as an app would (JSON lines) into `dir`.
    func writeRecordings(_ dir: String, editor: String = FitTests.hiddenEditor) throws -> [String] {
        var paths: [String] = []
        for (i, script) in Self.scripts.enumerated() {
            var synthetic = SyntheticRecording()
            synthetic.seed = 7 &+ UInt64(i)
            let text = try synthetic.record(
                scenario: synthetic.scenario(
                    script.events, seconds: 2, preset: "circle-avatar-bounce", editor: editor, image: script.image))
            let path = "\(dir)/session\(i).jsonl"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        return paths
    }

    /// From the command line: `import session` writes the scenario and the recorded trace,
    /// `conform --trace` reports the first departure and the residuals per phase against the
    /// preset's defaults, and `fit` finds the hidden values and writes the fitted scenarios,
    /// which then conform.
    func testImportConformAndFitFromTheCommandLine() throws {
        let dir = temporaryDirectory("fit-cli")
        let logs = try writeRecordings(dir)
        var args: [String] = []
        for (i, log) in logs.enumerated() {
            let r = runCLI([
                "import", "session", log, "--preset", "circle-avatar-bounce", "--out", "\(dir)/s\(i).json",
            ])
            XCTAssertEqual(r.code, 0, r.err)
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/s\(i).recorded.json"))
            args += ["\(dir)/s\(i).json", "--trace", "\(dir)/s\(i).recorded.json"]
        }
        let conform = runCLI(["conform", "--trace", "\(dir)/s0.recorded.json", "\(dir)/s0.json"])
        XCTAssertEqual(conform.code, 1, conform.err)
        XCTAssertTrue(conform.out.hasPrefix("DEPARTS session0: frame "), conform.out)
        XCTAssertTrue(conform.out.contains("  stretching, while dragging past the edge (the rubber band): "), conform.out)
        let fit = runCLI(
            ["fit"] + args + [
                "--vary", "policy.rubberBand=0.2..1", "--vary", "policy.momentum=0.99..0.999", "--vary",
                "policy.animation.response=0.2..0.8", "--out", dir + "/fit", "--jobs", "2",
            ])
        print(fit.out)
        XCTAssertEqual(fit.code, 0, fit.err + fit.out)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/fit/fit.json")))
                as? [String: Any])
        let values = try XCTUnwrap((json["best"] as? [String: Any])?["values"] as? [String: Double])
        XCTAssertEqual(values["policy.rubberBand"] ?? 0, Self.hidden.rubberBand, accuracy: 0.01)
        XCTAssertEqual(values["policy.momentum"] ?? 0, Self.hidden.momentum, accuracy: 0.0001)
        XCTAssertEqual(values["policy.animation.response"] ?? 0, Self.hidden.response, accuracy: 0.01)
        XCTAssertTrue(fit.out.contains("FITS: RMS 0.2"), fit.out)
        for name in ["index.html", "fit.json", "fit.md", "fitted/session0.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/fit/" + name), name)
        }
        let after = runCLI(["conform", "--trace", "\(dir)/s0.recorded.json", "\(dir)/fit/fitted/session0.json"])
        XCTAssertEqual(after.code, 0, after.out + after.err)
        XCTAssertTrue(after.out.hasPrefix("CONFORMS session0"), after.out)
    }

    /// Bad recordings get one line naming the file and the record's line.
    func testBadRecordingsNameTheRecord() throws {
        let dir = temporaryDirectory("fit-bad")
        let header = "{\"cropReplayRecording\": 1, \"fps\": 60, \"viewport\": [390, 844], \"image\": [1200, 800]}"
        let frame = { (t: Double) in
            "{\"t\": \(t), \"photo\": [0, 0, 450, 300], \"angle\": 0, \"turns\": 0, \"mirrored\": false,"
                + " \"box\": [45, 272, 300, 300]}"
        }
        let cases: [(String, [String], String)] = [
            (
                "order", [header, frame(1), frame(1.1), frame(1.05)],
                "order.jsonl:4:7: t 1.05 is earlier than the previous record's 1.1"
            ),
            ("untouched", [header, frame(1), frame(1.0167)], "untouched.jsonl:3: the recording has 2 frames but no callback"),
            (
                "changed", [header, frame(1), "{\"t\": 1.01, \"pan\": \"changed\", \"translation\": [1, 1], \"location\": [2, 2]}"],
                "changed.jsonl:3:20: pan changed without began"
            ),
            ("nan", [header, frame(1), "{\"t\": NaN, \"pan\": \"began\"}"], "nan.jsonl:3:"),
            (
                "rotation",
                [
                    header, frame(1), "{\"t\": 1.01, \"rotation\": \"began\", \"radians\": 0, \"location\": [2, 2]}",
                    frame(1.0167),
                ], "rotation.jsonl: the recorded callbacks do not"
            ),
        ]
        for (name, lines, expected) in cases {
            let path = "\(dir)/\(name).jsonl"
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let r = runCLI(["import", "session", path, "--preset", "circle-avatar-bounce", "--out", "\(dir)/\(name).json"])
            XCTAssertEqual(r.code, 2, name)
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
            XCTAssertTrue(r.err.contains(expected), "\(name): \(r.err)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/\(name).json"), name)
        }
    }
}
