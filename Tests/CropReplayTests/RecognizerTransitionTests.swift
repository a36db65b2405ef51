import CropEngine
import CropReplay
import TestSupport
import XCTest

/// Every legal and illegal recognizer transition (docs/behaviour.md, "Recognizers").
final class RecognizerTransitionTests: XCTestCase {
    let phases: [RecognizerPhase] = [.possible, .began, .changed, .ended, .cancelled, .failed]
    let legal: Set<String> = [
        "possible>began", "possible>failed", "began>changed", "began>ended", "began>cancelled",
        "changed>changed", "changed>ended", "changed>cancelled",
    ]

    func testTransitionTable() {
        for from in phases {
            for to in GesturePhase.allCases {
                var r = Recognizer()
                r.phase = from
                let problem = r.illegalTransition(to: to)
                let key = "\(from.rawValue)>\(to.rawValue)"
                if legal.contains(key) {
                    XCTAssertNil(problem, key)
                } else {
                    XCTAssertNotNil(problem, key)
                }
            }
        }
    }

    /// Drives a recognizer into `from` with raw events, then sends `to` on the same or next frame.
    func eventsScript(gesture: String, path: [String], then next: String, sameFrame: Bool) -> String {
        var events: [String] = []
        var frame = 1
        for p in path {
            events.append("{\"frame\": \(frame), \"gesture\": \"\(gesture)\", \"phase\": \"\(p)\"}")
            frame += 1
        }
        let last = sameFrame ? max(1, frame - 1) : frame
        events.append("{\"frame\": \(last), \"gesture\": \"\(gesture)\", \"phase\": \"\(next)\"}")
        return "{\"script\": [{\"events\": [\(events.joined(separator: ","))]}]}"
    }

    func testEndToEndLegalTransitionsReplay() throws {
        for g in ["pan", "pinch"] {
            for path in [
                ["began", "changed", "changed", "ended"], ["began", "ended"], ["began", "cancelled"], ["failed"],
                ["began", "changed", "cancelled"],
            ] {
                let json =
                    "{\"script\": [{\"events\": ["
                    + path.enumerated().map {
                        "{\"frame\": \($0.offset + 1), \"gesture\": \"\(g)\", \"phase\": \"\($0.element)\"}"
                    }.joined(
                        separator: ",") + "]}]}"
                let trace = try replay(json)
                XCTAssertEqual(trace.frames.count, path.count + 1, json)
                // The phase after each frame's events is the event's phase.
                for (i, p) in path.enumerated() {
                    let phase = g == "pan" ? trace.frames[i + 1].pan : trace.frames[i + 1].pinch
                    XCTAssertEqual(phase.rawValue, p, json)
                }
            }
            // After ended, the next frame starts possible and may begin again.
            let again = try replay(
                "{\"script\": [{\"events\": [{\"frame\": 1, \"gesture\": \"\(g)\", \"phase\": \"began\"}, {\"frame\": 2, \"gesture\": \"\(g)\", \"phase\": \"ended\"}, {\"frame\": 3, \"gesture\": \"\(g)\", \"phase\": \"began\"}]}]}"
            )
            XCTAssertEqual((g == "pan" ? again.frames[3].pan : again.frames[3].pinch), .began)
        }
    }

    func testIllegalTransitionsNameStepFrameAndTransition() throws {
        let cases: [([String], String, Bool, String)] = [
            ([], "changed", false, "\"changed\" without \"began\""),
            ([], "ended", false, "\"ended\" without \"began\""),
            ([], "cancelled", false, "\"cancelled\" without \"began\""),
            (["began"], "began", false, "\"began\" while already began"),
            (["began"], "failed", false, "\"failed\" while already began"),
            (["began", "changed"], "began", false, "\"began\" while already changed"),
            (["began", "changed"], "failed", false, "\"failed\" while already changed"),
            (["began", "ended"], "began", true, "\"began\" after \"ended\" in the same frame"),
            (["began", "cancelled"], "changed", true, "\"changed\" after \"cancelled\" in the same frame"),
            (["failed"], "began", true, "\"began\" after \"failed\" in the same frame"),
        ]
        for g in ["pan", "pinch"] {
            for (path, next, same, words) in cases {
                let json = eventsScript(gesture: g, path: path, then: next, sameFrame: same)
                XCTAssertThrowsError(try replay(json), json) { error in
                    let message = "\(error)"
                    XCTAssertTrue(message.contains("script[0]"), message)
                    XCTAssertTrue(message.contains("\(g) \(words)"), message)
                    let frame = same ? max(1, path.count) : path.count + 1
                    XCTAssertTrue(message.contains("frame \(frame):"), message)
                }
            }
        }
    }

    func testPanAndPinchMayBeActiveTogether() throws {
        let trace = try replay(
            """
            {"script": [{"together": [{"pan": {"by": [10, 0], "duration": 0.05}}, {"pinch": {"scale": 1.2, "duration": 0.05}}]}]}
            """)
        XCTAssertEqual(trace.frames[1].events.map { $0.description }, ["pan.began", "pinch.began"])
        XCTAssertEqual(trace.frames[2].pan, .changed)
        XCTAssertEqual(trace.frames[2].pinch, .changed)
    }

    func testTouchesHandOverBeginsBeforeEnding() throws {
        let trace = try replay(
            """
            {"script": [{"touches": [[[100, 100]], [[110, 100]], [[110, 100], [200, 100]], [[110, 100], [220, 100]], [[220, 100]]]}]}
            """)
        XCTAssertEqual(trace.frames[1].events.map { $0.description }, ["pan.began"])
        XCTAssertEqual(trace.frames[3].events.map { $0.description }, ["pinch.began", "pan.ended"])
        XCTAssertEqual(trace.frames[5].events.map { $0.description }, ["pan.began", "pinch.ended"])
        XCTAssertEqual(trace.frames[6].events.map { $0.description }, ["pan.ended"])
        XCTAssertEqual(trace.frames.count, 7)
    }
}
