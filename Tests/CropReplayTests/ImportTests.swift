import CropGeometry
import CropImport
import Foundation
import TestSupport
import XCTest

/// `cropreplay import`: the three log formats, sample-and-hold resampling, the scenario's
/// timing, and one-line errors. Expected frames are worked out by hand in each test.
final class ImportTests: XCTestCase {
    static let folder = packageRoot + "/Tests/CropReplayTests/Fixtures/import"

    /// The touches steps' frames of an imported scenario, and its wait steps (seconds).
    func steps(_ text: String) throws -> (touches: [[[[Double]]]], waits: [Double]) {
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var touches: [[[[Double]]]] = []
        var waits: [Double] = []
        for step in json["script"] as? [[String: Any]] ?? [] {
            if let t = step["touches"] as? [[[Double]]] { touches.append(t.map { $0.map { $0 } }) }
            if let w = step["wait"] as? Double { waits.append(w) }
        }
        return (touches, waits)
    }

    func assertFrames(_ got: [[[Double]]], _ want: [[[Double]]], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.count, want.count, "frames", file: file, line: line)
        for (n, (g, w)) in zip(got, want).enumerated() {
            XCTAssertEqual(g.count, w.count, "fingers on frame \(n)", file: file, line: line)
            for (a, b) in zip(g, w) {
                XCTAssertEqual(a[0], b[0], accuracy: 1e-9, "x on frame \(n)", file: file, line: line)
                XCTAssertEqual(a[1], b[1], accuracy: 1e-9, "y on frame \(n)", file: file, line: line)
            }
        }
    }

    func importLog(_ args: [String]) -> CLIResult { runCLI(["import"] + args) }

    /// `--start` gives the session's start state (inline JSON or a file: a start object or a
    /// scenario's `start`); it is written into the scenario, which replays from it.
    func testStartGivesTheImportedSessionItsStartState() throws {
        let log = Self.folder + "/gap-and-reuse.cdp"
        let inline = importLog([
            "cdp", log, "--preset", "straighten-flip", "--start", "{\"turns\": 1, \"angle\": -5, \"zoom\": 1.5}",
        ])
        XCTAssertEqual(inline.code, 0, inline.err)
        XCTAssertTrue(
            inline.out.contains("\"start\": {\"mirrored\":false,\"turns\":1,\"angle\":-5,\"zoom\":1.5}"), inline.out)
        let dir = temporaryDirectory("import-start")
        try inline.out.write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
        let first = try XCTUnwrap(
            runCLI(["run", dir + "/a.json", "--out", dir + "/out"]).code == 0
                ? Data(
                    contentsOf: URL(fileURLWithPath: dir + "/out/gap-and-reuse/trace.json")) : nil)
        let frames = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: first) as? [String: Any])?["frames"] as? [[String: Any]])
        XCTAssertEqual(frames[0]["angle"] as? Double, -5)
        XCTAssertEqual(frames[0]["turns"] as? Int, 1)
        // From a scenario file: its start is taken.
        try "{\"preset\": \"straighten-flip\", \"start\": {\"mirrored\": true}}".write(
            toFile: dir + "/saved.json", atomically: true, encoding: .utf8)
        let fromFile = importLog(["cdp", log, "--preset", "straighten-flip", "--start", dir + "/saved.json"])
        XCTAssertEqual(fromFile.code, 0, fromFile.err)
        XCTAssertTrue(fromFile.out.contains("\"start\": {\"mirrored\":true,\"turns\":0,\"angle\":0}"), fromFile.out)
        // Errors: one line naming the option or the file and the key.
        let bad = importLog(["cdp", log, "--start", "{\"turns\": 7}"])
        XCTAssertEqual(bad.code, 2)
        XCTAssertEqual(bad.err, "Error: --start: start.turns: expected an integer from 0 to 3, got 7\n")
        let refused = importLog(["cdp", log, "--start", "{\"box\": [100, 100]}"])
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(refused.err.contains("start.box: expected no box: this editor's box is fixed"), refused.err)
        try "{\"preset\": \"straighten-flip\"}".write(toFile: dir + "/none.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(importLog(["cdp", log, "--start", dir + "/none.json"]).code, 2)
    }

    /// A finger that lands and lifts between two frame times shows on the next frame, at its
    /// last position; positions hold between samples.
    func testAShortContactShowsOnTheNextFrame() throws {
        // Frames at 1.000, 1.0167, 1.0333, 1.05; finger 1 is down until 1.06 (moved to
        // (20, 10) at 1.02); finger 2 lands at 1.021 and lifts at 1.025, last at (52, 61).
        let r = importLog(["cdp", Self.folder + "/short-contact.cdp"])
        XCTAssertEqual(r.code, 0, r.err)
        let s = try steps(r.out)
        XCTAssertEqual(s.touches.count, 1)
        assertFrames(s.touches[0], [[[10, 10]], [[10, 10]], [[20, 10], [52, 61]], [[20, 10]]])
        // One touch frame per line, for readable diffs.
        XCTAssertTrue(r.out.contains("\n      [[20, 10], [52, 61]],\n"), r.out)
    }

    /// Two fingers landing on one frame keep log order; a gap becomes a wait one frame
    /// shorter than the gap; an id used again after lifting is a new finger.
    func testTwoFingersAGapAndAReusedId() throws {
        let r = importLog(["cdp", Self.folder + "/gap-and-reuse.cdp"])
        XCTAssertEqual(r.code, 0, r.err)
        let s = try steps(r.out)
        // Both lift at 0.04: frames 0-2 (0, 0.0167, 0.0333) hold them; id 7 lands again at
        // 0.2 = frame 12 and lifts at 0.25: frames 12-14. The gap is frames 3-11 (9 frames);
        // the first touches step's end takes one, so the wait is 8 frames.
        assertFrames(
            s.touches[0], [[[100, 100], [200, 200]], [[100, 100], [200, 200]], [[90, 90], [210, 210]]])
        assertFrames(s.touches[1], [[[150, 150]], [[150, 150]], [[150, 150]]])
        XCTAssertEqual(s.waits, [8.0 / 60])
    }

    /// WebDriver: ticks last as long as their longest action; moves interpolate over their
    /// own duration, then hold; `pointer` origins are relative; non-touch sources only time.
    func testWebDriverMovesInterpolateWithinTheirTicks() throws {
        let r = importLog(["webdriver", Self.folder + "/pinch.webdriver.json"])
        XCTAssertEqual(r.code, 0, r.err)
        let s = try steps(r.out)
        // finger 1: 100 -> 160 over 0.1 s; finger 2: 300 -> 280 over 0.05 s, then holds.
        let want: [[[Double]]] = (0..<6).map { n in
            let t = Double(n) / 60
            return [[100 + 600 * t, 300], [t < 0.05 ? 300 - 400 * t : 280, 300]]
        }
        assertFrames(s.touches[0], want)
    }

    /// getevent: slots persist, a report acts at its SYN_REPORT, -1 lifts, other devices and
    /// header lines are skipped, and panel units map to the screen.
    func testGeteventSlotsAndThePanelMapping() throws {
        let r = importLog([
            "getevent", Self.folder + "/two-slots.getevent", "--panel", "4096,4096", "--screen", "400,800", "--scale",
            "2",
            "--offset", "1,-1",
        ])
        XCTAssertEqual(r.code, 0, r.err)
        let s = try steps(r.out)
        // Slot 0: (0x100, 0x200) = (25, 100) on the screen, x to 0x120 = 28.125 at 100.02;
        // slot 1: (0x300, 0x400) = (75, 200) from 100.025 to 100.06; then * 2 + (1, -1).
        func p(_ x: Double, _ y: Double) -> [Double] { [x * 2 + 1, y * 2 - 1] }
        assertFrames(
            s.touches[0],
            [
                [p(25, 100)], [p(25, 100)], [p(28.125, 100), p(75, 200)], [p(28.125, 100), p(75, 200)],
                [p(28.125, 100)],
            ])
    }

    /// The imported scenario replays with every sample on its frame: frame n of the
    /// recording is scenario frame n + 1, and the second gesture begins where its landing was.
    func testTheScenarioReplaysOnTheRecordedFrames() throws {
        let dir = temporaryDirectory("import")
        let r = importLog([
            "cdp", Self.folder + "/gap-and-reuse.cdp", "--preset", "circle-avatar-bounce", "--name", "s", "--out",
            dir + "/s.json",
        ])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("3 touches"), r.err)
        XCTAssertEqual(runCLI(["run", dir + "/s.json", "--out", dir + "/out"]).code, 0)
        let trace = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/out/s/trace.json")))
                as? [String: Any])
        let frames = try XCTUnwrap(trace["frames"] as? [[String: Any]])
        func events(_ n: Int) -> [String] { frames[n]["events"] as? [String] ?? [] }
        XCTAssertEqual(events(1), ["pinch.began"])  // recording frame 0, two fingers
        XCTAssertEqual(events(4), ["pinch.ended"])  // the frame after the last two-finger entry
        XCTAssertEqual(events(13), ["pan.began"])  // recording frame 12: the second landing at 0.2 s
        XCTAssertEqual(events(16), ["pan.ended"])
    }

    /// A log captured from Chromium by the playground's browser test (the touch events it
    /// dispatched, in CSS pixels, the image 12 px from the page's corner): a drag of 20 moves
    /// 15 points apart, then a two-finger pinch. Sample and hold at 60 fps from the first
    /// landing (0.22253 s): frame 1 (0.2392 s) still holds the landing, the first move (0.2489 s)
    /// shows on frame 2.
    func testALogCapturedFromChromiumImportsAndReplays() throws {
        let dir = temporaryDirectory("import-chromium")
        let r = importLog([
            "cdp", Self.folder + "/chromium-playground.cdp", "--preset", "circle-avatar-bounce", "--offset", "-12,-12",
            "--name", "c",
            "--out", dir + "/c.json",
        ])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("3 touches"), r.err)
        let (touches, _) = try steps(try String(contentsOfFile: dir + "/c.json", encoding: .utf8))
        XCTAssertEqual(touches.count, 2, "the drag, then the pinch")
        assertFrames(Array(touches[0].prefix(3)), [[[180, 300]], [[180, 300]], [[180, 315]]])
        XCTAssertEqual(touches[0].last?.first?[1], 600, "the drag ends 20 moves of 15 points down")
        assertFrames([touches[1][0]], [[[140, 330], [240, 330]]])
        XCTAssertEqual(runCLI(["run", dir + "/c.json", "--out", dir + "/out"]).code, 0)
        let trace = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/out/c/trace.json")))
                as? [String: Any])
        let frames = try XCTUnwrap(trace["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.last?["valid"] as? Bool, true, "sprang back after both gestures")
        XCTAssertTrue(frames.contains { $0["valid"] as? Bool == false }, "the drag went past the edge")
    }

    func testEditorFromAFileOrAScenario() throws {
        let dir = temporaryDirectory("import")
        try #"{"fit": "aspectFit", "policy": {"kind": "clamp"}}"#.write(
            toFile: dir + "/editor.json", atomically: true, encoding: .utf8)
        let r = importLog([
            "cdp", Self.folder + "/short-contact.cdp", "--editor", dir + "/editor.json", "--name", "mine", "--fps",
            "30",
        ])
        XCTAssertEqual(r.code, 0, r.err)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        XCTAssertEqual((json["editor"] as? [String: Any])?["fit"] as? String, "aspectFit")
        XCTAssertEqual(((json["editor"] as? [String: Any])?["policy"] as? [String: Any])?["kind"] as? String, "clamp")
        XCTAssertEqual(json["name"] as? String, "mine")
        XCTAssertEqual(json["fps"] as? Int, 30)
        try #"{"preset": "twist-doubletap", "editor": {"fit": "aspectFill"}, "script": []}"#.write(
            toFile: dir + "/scenario.json", atomically: true, encoding: .utf8)
        let s = importLog(["cdp", Self.folder + "/short-contact.cdp", "--editor", dir + "/scenario.json"])
        let scenarioJSON = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(s.out.utf8)) as? [String: Any])
        XCTAssertEqual(scenarioJSON["preset"] as? String, "twist-doubletap")
        XCTAssertEqual((scenarioJSON["editor"] as? [String: Any])?["fit"] as? String, "aspectFill")
    }

    func testBadLogsAreOneLineWithTheLogsPlaceAndNothingIsWritten() throws {
        let dir = temporaryDirectory("import")
        let cases: [(format: String, log: String, extra: [String], expected: String)] = [
            (
                "cdp",
                "{\"type\": \"touchStart\", \"touchPoints\": [{\"x\": 1, \"y\": 2}], \"timestamp\": 1}\n{\"type\": \"touchMove\",,}",
                [], "bad.log:2:22: expected a string key"
            ),
            (
                "cdp", #"{"type": "touchMove", "touchPoints": [{"x": 1, "y": 2, "id": 3}], "timestamp": 1}"#, [],
                "bad.log:1:39: touchMove of point 3, which is not down"
            ),
            (
                "cdp",
                "{\"type\": \"touchStart\", \"touchPoints\": [{\"x\": 1, \"y\": 2}], \"timestamp\": 2}\n{\"type\": \"touchEnd\", \"touchPoints\": [], \"timestamp\": 1}",
                [], "bad.log:2:"
            ),
            ("cdp", #"{"type": "touchStart", "touchPoints": [{"x": 1, "y": 2}]}"#, [], "has no \"timestamp\""),
            (
                "cdp",
                #"{"type": "touchStart", "touchPoints": [{"x": 1, "y": 2, "id": 1}, {"x": 5, "y": 2, "id": 2}, {"x": 9, "y": 2, "id": 3}], "timestamp": 1}"#,
                [], "3 fingers down at 0.0 s after the first touch"
            ),
            (
                "webdriver",
                #"{"actions": [{"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [{"type": "pointerMove", "x": 1, "y": 1, "origin": {"element-6066-11e4-a52e-4f735466cecf": "e1"}}]}]}"#,
                [], "an element origin cannot be replayed"
            ),
            (
                "getevent", "[ 1.000000] /dev/input/event2: EV_SYN SYN_MT_REPORT 00000000",
                ["--panel", "10,10", "--screen", "10,10"],
                "bad.log:1: multi-touch protocol A"
            ),
            (
                "getevent", "[ 1.000000] /dev/input/event2: EV_ABS ABS_MT_SLOT 1", [],
                "getevent logs need --panel W,H and --screen W,H"
            ),
            ("gestures", "", [], "unknown log format 'gestures'"),
            // Found by fuzzing: a repeated source id, and times past 100000 frames.
            (
                "webdriver",
                #"[{"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [{"type": "pointerDown"}]}, {"type": "pointer", "id": "f", "actions": []}]"#,
                [], "a second source with the id \"f\""
            ),
            (
                "cdp",
                "{\"type\": \"touchStart\", \"touchPoints\": [{\"x\": 1, \"y\": 2}], \"timestamp\": 1}\n{\"type\": \"touchEnd\", \"touchPoints\": [], \"timestamp\": 1e9}",
                [], "longer than 100000 frames"
            ),
        ]
        for c in cases {
            try c.log.write(toFile: dir + "/bad.log", atomically: true, encoding: .utf8)
            let r = importLog([c.format, dir + "/bad.log", "--out", dir + "/s.json"] + c.extra)
            XCTAssertEqual(r.code, 2, c.log)
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
            XCTAssertTrue(r.err.contains(c.expected), "expected \"\(c.expected)\" in: \(r.err)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/s.json"), c.log)
        }
        // More than two fingers can be kept to the first two on request.
        try cases[4].log.write(toFile: dir + "/three.log", atomically: true, encoding: .utf8)
        let kept = importLog(["cdp", dir + "/three.log", "--max-fingers", "2"])
        XCTAssertEqual(kept.code, 0, kept.err)
        XCTAssertTrue(kept.out.contains("[[1, 2], [5, 2]]"), kept.out)
    }

    /// Random bytes and damaged fixtures: an error or a scenario, never a crash.
    func testParsersSurviveDamagedLogs() throws {
        var rng = SeededRandom(seed: 17)
        for name in ["short-contact.cdp", "gap-and-reuse.cdp", "pinch.webdriver.json", "two-slots.getevent"] {
            let text = try String(contentsOfFile: Self.folder + "/" + name, encoding: .utf8)
            var bytes = Array(text.utf8)
            for _ in 0..<300 {
                var damaged = bytes
                for _ in 0..<2 {
                    damaged[Int.random(in: 0..<damaged.count, using: &rng)] = UInt8.random(in: 32...126, using: &rng)
                }
                let s = String(decoding: damaged, as: UTF8.self)
                _ = try? CDPLog.parse(s)
                _ = try? WebDriverLog.parse(s)
                _ = try? GeteventLog.parse(s)
            }
            bytes = Array(bytes.prefix(bytes.count / 2))
            _ = try? CDPLog.parse(String(decoding: bytes, as: UTF8.self))
        }
    }
}
