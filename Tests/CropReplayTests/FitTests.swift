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

    static var scripts: [(events: [RawEvent], image: (Int, Int))] { SyntheticRecording.threeSessions }

    /// The recordings of the scripts on `editor`, imported as `import session` does.
    static func recordings(
        editor: String, seed: UInt64 = 7, registrations: Registrations = .builtIn, model: String? = nil
    ) throws -> [FitRecording] {
        var out: [FitRecording] = []
        for (i, script) in scripts.enumerated() {
            var synthetic = SyntheticRecording()
            synthetic.seed = seed &+ UInt64(i)
            let text = try synthetic.record(
                scenario: synthetic.scenario(
                    script.events, seconds: 2, preset: "circle-avatar-bounce", editor: editor, image: script.image),
                registrations: registrations, model: model)
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
        print(
            "evaluations \(result.ranking[0].evaluations) recovered \(best.values), rms \(best.summary.rms) max \(best.summary.max); before \(result.before.rms)"
        )
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
        // Folders holding recorded traces still validate: `*.recorded.json` is not a scenario.
        let validate = runCLI(["validate", dir])
        XCTAssertEqual(validate.code, 0, validate.err)
        let conform = runCLI([
            "conform", "--trace", "\(dir)/s0.recorded.json", "\(dir)/s0.json", "--out", dir + "/conform",
        ])
        XCTAssertEqual(conform.code, 1, conform.err)
        let report = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: dir + "/conform/conformance.json"))) as? [String: Any])
        XCTAssertEqual(report["conforms"] as? Bool, false)
        XCTAssertNotNil((report["phases"] as? [String: Any])?["stretching"])
        XCTAssertTrue(conform.out.hasPrefix("DEPARTS session0: frame "), conform.out)
        XCTAssertTrue(
            conform.out.contains("  stretching, while dragging past the edge (the rubber band): "), conform.out)
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

    /// The recorder writes nothing for a value that is not finite (and counts it), so its text
    /// stays JSON; a recorded trace with a bad value names the file and the place.
    func testRecorderSkipsNonFiniteValuesAndRecordedTracesNameTheirPlace() throws {
        var recorder = SessionRecorder(fps: 60, viewport: Size(390, 844), imageWidth: 100, imageHeight: 100)
        recorder.pan(.began, time: 1, translation: .zero, location: Point(.nan, 3))
        recorder.pinch(.began, time: 1, scale: .infinity, location: .zero)
        recorder.frame(
            time: 1, photo: Rect(x: 0, y: 0, width: 10, height: 10), box: Rect(x: 0, y: 0, width: 5, height: 5))
        XCTAssertEqual(recorder.skipped, 2)
        XCTAssertEqual(recorder.lines.count, 2)
        for line in recorder.lines { XCTAssertNoThrow(try JSONParser.parse(line), line) }
        let bad =
            "{\"recorded\": \"x\", \"fps\": 60, \"frames\": [{\"frame\": 0, \"imageRect\": [0, 0, 1],"
            + " \"angle\": 0, \"turns\": 0, \"mirrored\": false, \"box\": [0, 0, 1, 1]}]}"
        XCTAssertThrowsError(try RecordedTrace.decode(Array(bad.utf8), file: "x.recorded.json")) { error in
            XCTAssertEqual(
                "\(error)", "x.recorded.json: frames[0].imageRect: expected [x, y, w, h], got 3 items")
        }
    }

    /// The committed recording (a drag held past the bottom edge, recorded with the hidden
    /// values: 31 callbacks, 8 of its 121 frames dropped) imports into a scenario whose events
    /// sit on the frames worked out from the times, and a recorded trace of the 113 frames.
    func testImportingACommittedRecording() throws {
        let dir = temporaryDirectory("fit-fixture")
        let log = packageRoot + "/Tests/CropReplayTests/Fixtures/import/drag.session.jsonl"
        let r = runCLI([
            "import", "session", log, "--preset", "circle-avatar-bounce", "--out", dir + "/drag.json", "--trace",
            dir + "/drag.trace.json",
        ])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("31 callbacks, 113 frames shown of 121"), r.err)
        let scenario = try String(contentsOfFile: dir + "/drag.json", encoding: .utf8)
        XCTAssertTrue(scenario.contains("{\"frame\": 1, \"gesture\": \"pan\", \"phase\": \"began\""), scenario)
        XCTAssertTrue(scenario.contains("{\"frame\": 31, \"gesture\": \"pan\", \"phase\": \"ended\""), scenario)
        XCTAssertTrue(scenario.contains("{\"wait\": 1.4833333333333334}"), scenario)  // 89 frames
        let trace = try RecordedTrace.decode(
            Array(try String(contentsOfFile: dir + "/drag.trace.json", encoding: .utf8).utf8), file: "drag.trace.json")
        XCTAssertEqual(trace.frames.count, 113)
        XCTAssertEqual(trace.frames.first?.frame, 0)
        XCTAssertEqual(trace.frames.last?.frame, 120)
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
            (
                "untouched", [header, frame(1), frame(1.0167)],
                "untouched.jsonl:3: the recording has 2 frames but no callback"
            ),
            (
                "changed",
                [
                    header, frame(1),
                    "{\"t\": 1.01, \"pan\": \"changed\", \"translation\": [1, 1], \"location\": [2, 2]}",
                ],
                "changed.jsonl:3:20: pan changed without began"
            ),
            ("nan", [header, frame(1), "{\"t\": NaN, \"pan\": \"began\"}"], "nan.jsonl:3:"),
            (
                "rotation",
                [
                    header, frame(1), "{\"t\": 1.01, \"rotation\": \"began\", \"radians\": 0, \"location\": [2, 2]}",
                    frame(1.0167),
                ],
                "rotation.jsonl:3: the callback makes no valid scenario: a raw rotation event needs the"
                    + " rotation gesture"
            ),
        ]
        for (name, lines, expected) in cases {
            let path = "\(dir)/\(name).jsonl"
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let r = runCLI([
                "import", "session", path, "--preset", "circle-avatar-bounce", "--out", "\(dir)/\(name).json",
            ])
            XCTAssertEqual(r.code, 2, name)
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
            XCTAssertTrue(r.err.contains(expected), "\(name): \(r.err)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(dir)/\(name).json"), name)
        }
    }

    /// A registered policy's parameter is a key like any other (`policy.params.band`), and
    /// `policies` tries the registered kind: recorded with band 0.3, the fit finds it within 0.01.
    func testFitARegisteredPolicysParameter() throws {
        var registrations = Registrations.builtIn
        try registrations.register(policy: "banded") { params, _ in
            try params.only(["band"])
            return BandedPolicy(band: try params.number("band", default: 0.55, in: 0.01...10))
        }
        var synthetic = SyntheticRecording()
        synthetic.seed = 11
        let session = Self.scripts[0]
        let text = try synthetic.record(
            scenario: synthetic.scenario(
                session.events, seconds: 2, preset: "circle-avatar-bounce",
                editor: "{\"policy\": {\"kind\": \"banded\", \"params\": {\"band\": 0.3}}}", image: session.image),
            registrations: registrations)
        let imported = try SessionImport(
            recording: text, file: "banded.jsonl", name: "banded", preset: "circle-avatar-bounce", editor: nil,
            registrations: registrations)
        var options = EditorFit.Options()
        options.evaluations = 80
        let result = try EditorFit.run(
            [FitRecording(loaded: imported.loaded, recorded: imported.recorded)],
            parameters: [FitParameter(key: "policy.params.band", low: 0.05, high: 2)],
            policies: [PolicyKind(rawValue: "banded"), .clamp], options: options)
        XCTAssertEqual(result.ranking.map(\.policy.rawValue), ["banded", "clamp"])
        XCTAssertEqual(try XCTUnwrap(result.best?.values.first), 0.3, accuracy: 0.01)
        XCTAssertLessThan(try XCTUnwrap(result.best?.summary.rms), 0.3)
    }

    /// A screen that is not the reference: a scroll view's bounce (its own band formula and a
    /// damped return computed by the model, no momentum). Fitted with every policy, the rubber
    /// band ranks first, the residual drops well below the preset's defaults, and what the
    /// keys cannot remove is reported with the phase it is in.
    func testForeignPhysicsRanksTheRubberBandFirstAndSaysWhatItCannotRemove() throws {
        var registrations = Registrations.builtIn
        try registrations.register(model: "bounce") { ScrollViewBounce($0) }
        let recordings = try Self.recordings(editor: "{}", registrations: registrations, model: "bounce")
        var options = EditorFit.Options()
        options.jobs = 2
        options.threshold = 0.5
        let result = try EditorFit.run(
            recordings,
            parameters: [
                FitParameter(key: "policy.rubberBand", low: 0.05, high: 2),
                FitParameter(key: "policy.momentum", low: 0.5, high: 0.999),
                FitParameter(key: "policy.animation.response", low: 0.05, high: 1),
            ], policies: [.clamp, .rollback, .snapNearest, .rubberBand], options: options)
        let report = try FitReport(result, recordings: recordings, threshold: options.threshold)
        print(report.lines.joined(separator: "\n"))
        XCTAssertEqual(result.ranking.first?.policy, .rubberBand)
        let best = try XCTUnwrap(result.best)
        XCTAssertLessThan(best.summary.rms, result.before.rms / 2)
        XCTAssertTrue(report.unreproduced)
        XCTAssertTrue(report.honesty.hasPrefix("DOES NOT FIT: the best leaves RMS "), report.honesty)
        XCTAssertTrue(report.honesty.contains("it departs most while dragging past the edge"), report.honesty)
        XCTAssertTrue(report.honesty.contains("cannot reproduce these recordings by varying policy.rubberBand"))
    }
}

/// A scroll view's feel as an editor model: past the edge a drag shows UIScrollView's band
/// `(1 - 1 / (x * 0.55 / d + 1)) * d` of the overshoot x (d: the viewport's side), and on
/// release the photo returns to the nearest valid state by a fixed share per frame (a damped
/// return, no spring and no momentum). Pinches zoom about their centroid freely and return
/// the same way.
struct ScrollViewBounce: EditorModel {
    var display: EditorDisplay
    var raw: ViewState
    var translation = Point(0, 0)
    var scale = 1.0
    var location = Point(0, 0)
    var returning = false

    init(_ setup: ModelSetup) {
        display = setup.initial
        raw = setup.initial.state
    }

    mutating func apply(_ action: EngineAction, in context: ModelContext) throws {
        let g = context.geometry
        switch action {
        case .gesture(let e):
            returning = false
            switch (e.gesture, e.phase) {
            case (.pan, .began): translation = e.translation
            case (.pan, .changed), (.pan, .ended):
                raw.cx += e.translation.x - translation.x
                raw.cy += e.translation.y - translation.y
                translation = e.translation
            case (.pinch, .began):
                scale = e.scale
                location = e.location ?? display.box.center
            case (.pinch, .changed), (.pinch, .ended):
                let at = e.location ?? location
                let f = e.scale / scale
                raw = ViewState(
                    scale: raw.scale * f, cx: at.x + (raw.cx - location.x) * f, cy: at.y + (raw.cy - location.y) * f)
                scale = e.scale
                location = at
            default: break
            }
            if e.phase == .ended || e.phase == .cancelled {
                raw = display.state
                returning = true
            } else {
                display.state = band(raw, g, context.viewport)
            }
        case .tick where returning:
            let target = g.project(display.state)
            var s = display.state
            s.cx = target.cx + (s.cx - target.cx) * 0.8
            s.cy = target.cy + (s.cy - target.cy) * 0.8
            s.scale = target.scale + (s.scale - target.scale) * 0.8
            if abs(s.cx - target.cx) < 0.05, abs(s.cy - target.cy) < 0.05, abs(s.scale - target.scale) < 1e-5 {
                s = target
                returning = false
            }
            display.state = s
            raw = s
        default: break
        }
        display.isAnimating = returning
        display.isSettling = returning
    }

    /// The band on each axis of the centre (the zoom as given, projected only on release).
    func band(_ s: ViewState, _ g: PolicyGeometry, _ viewport: Size) -> ViewState {
        let p = g.project(s)
        func axis(_ v: Double, _ valid: Double, _ d: Double) -> Double {
            let x = v - valid
            return valid + (x < 0 ? -1 : 1) * (1 - 1 / (abs(x) * 0.55 / d + 1)) * d
        }
        return ViewState(
            scale: s.scale, cx: axis(s.cx, p.cx, viewport.width), cy: axis(s.cy, p.cy, viewport.height), angle: s.angle)
    }
}
