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

    func testSettleTimeIsMeasuredPerReleaseAndReportsTheLastAndTheWorst() throws {
        for seconds in [0.1, 0.3] {
            let settle = Comparison.settleTimes(try replay(twoReleases(seconds)))
            // The second drag stays covered: it is at rest on its release frame.
            XCTAssertEqual(settle.last, 0)
            // The first one animates for `seconds`; its release frame already shows one step.
            let worst = try XCTUnwrap(settle.worst)
            XCTAssertEqual(worst, seconds - 1.0 / 60, accuracy: 1e-9, "\(seconds)")
        }
    }

    func testAReleaseStillMovingAtTheEndHasNoSettleTime() throws {
        // The trace stops 0.05 s into a 0.3 s snap-back.
        let json = twoReleases(0.3, tail: #"{"pan": {"by": [60, 0], "duration": 0.1}}, {"wait": 0.05}"#)
        let settle = Comparison.settleTimes(try replay(json))
        XCTAssertNil(settle.last)
        XCTAssertNil(settle.worst, "the worst is unknown when one release never settles")
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
        let csv = try String(contentsOfFile: dir + "/box-compare/metrics.csv", encoding: .utf8)
            .split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        XCTAssertEqual(csv.map { String($0[0]) }, ["refit.delay=0", "refit.delay=0.4", "refit.delay=0.8"], "repeats are dropped")
        let settles = try csv.map { try XCTUnwrap(Double($0[4]), String($0.joined(separator: ","))) }
        XCTAssertEqual(settles[1] - settles[0], 0.4, accuracy: 1e-9)
        XCTAssertEqual(settles[2] - settles[1], 0.4, accuracy: 1e-9)
        // The same box and image in the end: only the timing differs.
        XCTAssertEqual(Set(csv.map { $0[6...9].joined(separator: ",") }).count, 1)
    }

    func testVaryingARefitKeyOnAFixedFrameWarns() throws {
        let dir = temporaryDirectory("vary")
        try twoReleases(0.1).write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let r = runCLI(["compare", dir + "/s.json", "--vary", "refit.animation=none,linear:0.2", "--out", dir])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("s.json: refit.animation changes nothing: the editor's frame is not resizable"), r.err)
    }

    func testUsageErrorsAreOneLine() throws {
        let dir = temporaryDirectory("vary")
        try twoReleases(0.1).write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        for (args, expected) in [
            (
                ["--vary", "speed=1,2"],
                "'--vary' expects KEY=v1,v2,... with KEY one of policy, refit.delay, refit.animation, policy.animation"
            ),
            (["--vary", "refit.delay=-1"], "'-1' is not a value of refit.delay: expected seconds >= 0"),
            (["--vary", "policy.animation=0.1"], "'0.1' is not a value of policy.animation"),
            (["--vary", "policy=clamp", "--policies", "clamp"], "give either --policies or --vary, not both"),
        ] {
            let r = runCLI(["compare", dir + "/s.json", "--out", dir] + args)
            XCTAssertEqual(r.code, 2, args.joined(separator: " "))
            XCTAssertTrue(r.err.contains(expected), r.err)
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/s-compare"))
    }
}
