import CropCompare
import CropPipeline
import CropReplay
import Foundation
import TestSupport
import XCTest

/// `compare`: settle times per release, varying re-fit and settle timings, and its usage errors.
final class CompareTests: XCTestCase {
    /// A drag out of cover that snaps back over `seconds`, then a drag that stays covered.
    func twoReleases(_ seconds: Double, tail: String = #"{"pan": {"by": [-5, 0], "duration": 0.05}}"#) -> String {
        #"{"editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}, "fit": "aspectFill", "frame": {"size": [40, 40]}, "policy": {"kind": "snapNearest", "animation": {"curve": "linear", "duration": \#(seconds)}}}, "script": [{"pan": {"by": [60, 0], "duration": 0.1}}, {"until": "settled"}, {"wait": 0.1}, \#(tail)]}"#
    }

    func metrics(_ json: String) throws -> Metrics {
        Metrics(trace: try replay(json), editor: try scenario(json).editor, fingers: Fingers(), framesCompared: 0)
    }

    func testAnimationEndsAtTheCurvesEndAndSettleWithinWhenTheMotionIsWithinHalfAPoint() throws {
        for seconds in [0.1, 0.3] {
            let m = try metrics(
                twoReleases(seconds, tail: #"{"pan": {"by": [60, 0], "duration": 0.1}}, {"until": "settled"}"#))
            // The snap-back animates for `seconds`; its release frame already shows one step.
            XCTAssertEqual(try XCTUnwrap(m.animationEnds), seconds - 1.0 / 60, accuracy: 1e-9, "\(seconds)")
            // A linear curve moves the whole way at one speed, over 0.5 pt a frame: no tail to cut.
            XCTAssertEqual(try XCTUnwrap(m.settleWithin), seconds - 1.0 / 60, accuracy: 1e-9, "\(seconds)")
        }
        // An ease-out curve creeps at its end: within 0.5 pt well before the curve ends.
        let eased = twoReleases(0.1, tail: #"{"pan": {"by": [60, 0], "duration": 0.1}}, {"until": "settled"}"#)
            .replacingOccurrences(
                of: #""curve": "linear", "duration": 0.1"#, with: #""curve": "easeOut", "duration": 0.5"#)
        let m = try metrics(eased)
        XCTAssertEqual(try XCTUnwrap(m.animationEnds), 0.5 - 1.0 / 60, accuracy: 1e-9)
        XCTAssertLessThan(try XCTUnwrap(m.settleWithin), 0.4)
        XCTAssertGreaterThan(try XCTUnwrap(m.settleWithin), 0.1)
    }

    func testAReleaseStillMovingAtTheEndNeverSettlesButAnInterruptedOneDoes() throws {
        // The trace stops 0.05 s into a 0.3 s snap-back.
        let moving = try metrics(twoReleases(0.3, tail: #"{"pan": {"by": [60, 0], "duration": 0.1}}, {"wait": 0.05}"#))
        XCTAssertNil(moving.settleWithin)
        XCTAssertNil(moving.animationEnds)
        // A finger lands 0.05 s into the snap-back and stays down: the animation ends there, and
        // the replay ends at rest.
        let held =
            #"{"pan": {"by": [60, 0], "duration": 0.1}}, {"wait": 0.05}, {"events": [{"frame": 1, "gesture": "pan", "phase": "began"}]}, {"wait": 0.2}"#
        let interrupted = try metrics(twoReleases(0.3, tail: held))
        XCTAssertEqual(
            try XCTUnwrap(interrupted.animationEnds), 4.0 / 60, accuracy: 1e-9, "from the release to the finger landing"
        )
        XCTAssertNotNil(interrupted.settleWithin)
    }

    func testVaryingTheRefitDelayShiftsTheSettleByTheDelay() throws {
        let dir = temporaryDirectory("vary")
        // A corner drag on a small resizable box, then its re-fit.
        try #"""
        {"editor": {"viewport": {"width": 120, "height": 160}, "image": {"testcard": [120, 160]}, "fit": "frameFill",
          "frame": {"aspect": "image", "margin": 10, "resizable": true, "handleSize": 20, "minSize": [20, 20]},
          "refit": {"delay": 0.8, "animation": {"curve": "easeInOut", "duration": 0.5}}},
         "script": [{"pan": {"from": [110, 146], "by": [-40, -40], "duration": 0.2}}, {"until": "settled"}]}
        """#.write(toFile: dir + "/box.json", atomically: true, encoding: .utf8)
        let r = runCLI(["compare", dir + "/box.json", "--vary", "refit.delay=0,0.4,0.8,0.4", "--out", dir])
        XCTAssertEqual(r.code, 0, r.err)
        let lines = try String(contentsOfFile: dir + "/box-compare/metrics.csv", encoding: .utf8).split(separator: "\n")
        let header = lines[0].split(separator: ",").map(String.init)
        let csv = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        func column(_ key: String) throws -> Int { try XCTUnwrap(header.firstIndex(of: key), key) }
        XCTAssertEqual(
            csv.map { $0[0] }, ["refit.delay=0", "refit.delay=0.4", "refit.delay=0.8"], "repeats are dropped")
        for key in ["settleWithin", "animationEnds"] {
            let settles = try csv.map { try XCTUnwrap(Double($0[try column(key)]), $0.joined(separator: ",")) }
            XCTAssertEqual(settles[1] - settles[0], 0.4, accuracy: 1e-9, key)
            XCTAssertEqual(settles[2] - settles[1], 0.4, accuracy: 1e-9, key)
        }
        // The same box and image in the end: only the timing differs.
        let finals = try ["finalZoom", "finalCenterX", "finalCenterY", "finalAngle"].map(column)
        XCTAssertEqual(Set(csv.map { row in finals.map { row[$0] }.joined(separator: ",") }).count, 1)
        // Each variant's trace is written under its own folder.
        for label in ["refit.delay=0", "refit.delay=0.4", "refit.delay=0.8"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/box-compare/\(label)/trace.json"), label)
        }
    }

    func testVaryingARefitKeyOnAFixedFrameWarns() throws {
        let dir = temporaryDirectory("vary")
        try twoReleases(0.1).write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let r = runCLI(["compare", dir + "/s.json", "--vary", "refit.animation=none,linear:0.2", "--out", dir])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(
            r.err.contains("s.json: refit.animation changes nothing: the editor's frame is not resizable"), r.err)
    }

    func testUsageErrorsAreOneLine() throws {
        let dir = temporaryDirectory("vary")
        try twoReleases(0.1).write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        for (args, expected) in [
            (
                ["--vary", "speed=1,2"],
                "'--vary' expects KEY=v1,v2,... with KEY one of policy, viewport.width,"
            ),
            (
                ["--vary", "refit.delay=-1"],
                "\"-1\" is not a value of refit.delay: expected a delay in seconds from 0 to 10000, got -1"
            ),
            (
                ["--vary", "policy.animation=0.1"],
                "\"0.1\" is not a value of policy.animation: expected none, linear:S, easeOut:S"
            ),
            (["--vary", "policy=clamp", "--policies", "clamp"], "'--vary' gives policy twice"),
        ] {
            let r = runCLI(["compare", dir + "/s.json", "--out", dir] + args)
            XCTAssertEqual(r.code, 2, args.joined(separator: " "))
            XCTAssertTrue(r.err.contains(expected), r.err)
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/s-compare"))
    }
}
