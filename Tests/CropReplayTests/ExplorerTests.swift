import CropEngine
import CropExplore
import CropGeometry
import CropPipeline
import CropScenario
import TestSupport
import XCTest

/// The invariant explorer: clean on every preset and policy, a planted violation is found,
/// shrunk and written as a reproducing scenario, and deliberately broken engines are caught.
final class ExplorerTests: XCTestCase {
    func testRandomScriptsKeepEveryPromise() throws {
        for preset in Preset.all.map(\.name) {
            for policy in PolicyKind.allCases {
                let summary = try Explorer.run(Explorer.Config(preset: preset, policy: policy, count: 25, seed: 7))
                XCTAssertEqual(
                    summary.findings.count, 0,
                    "\(preset)/\(policy): [\(summary.findings.first?.invariant.rawValue ?? "")] \(summary.findings.first?.violation ?? "")"
                )
                XCTAssertGreaterThan(summary.frames, 25)
            }
        }
    }

    func testAPlantedViolationIsShrunkToAReproducingScenario() throws {
        // "No frame may move the image right of x = 0": broken by many random scripts.
        let check: Explorer.Check = { trace in
            trace.frames.first { $0.imageRect.x > 0.5 }.map { "frame \($0.frame): image x \($0.imageRect.x)" }
        }
        var config = Explorer.Config(preset: "wide-16x9-zoom10", policy: PolicyKind.none, count: 200, seed: 3)
        config.extra = check
        config.invariants = []
        let summary = try Explorer.run(config)
        let finding = try XCTUnwrap(summary.findings.first)
        // Shrunk: a single step remains, and the written scenario reproduces it.
        let scenario = try ScenarioDecoder.decode(text: finding.scenarioJSON, file: "f.json", defaultName: "f")
        XCTAssertEqual(scenario.script.count, 2, finding.scenarioJSON)  // the step and `until settled`
        let trace = try Replayer.replay(scenario, imageWidth: 1600, imageHeight: 1200)
        XCTAssertNotNil(check(trace))
    }

    /// Found by the 100,000-script run: after an aspect step to 15:1 the box (350 x 23.3) is
    /// below the minimum size (42 x 42); a locked corner drag from it is raised to the minimum,
    /// which wins over the bounds (docs/behaviour.md, "Box drags"), so the box leaves its bounds until the re-fit.
    /// The box invariant allows exactly that, and still catches a box out of bounds otherwise.
    func testTheMinimumSizeWinsOverTheBoundsAfterAnAspectStep() throws {
        let json = """
            {"name": "min-wins", "preset": "straighten-flip", "fps": 60, "editor": {"policy": {"kind": "rollback"}},
             "script": [{"straighten": {"to": 1, "duration": 0.03}}, {"aspect": [15, 1]},
                        {"pan": {"by": [-1, 1], "duration": 0.03333333333333333, "from": [13, 442]}}, {"until": "settled"}]}
            """
        let trace = try LoadedScenario.load(text: json, file: "min-wins.json", name: "min-wins").replay()
        // Frame 6: the bottom-left corner drag, raised towards 630 x 42 and stopped by coverage.
        let dragged = trace.frames[6].box
        XCTAssertLessThan(dragged.minX, 20, "the minimum won over the bounds")
        XCTAssertEqual(dragged.width / dragged.height, 15, accuracy: 1e-9)
        let last = try XCTUnwrap(trace.frames.last).box
        XCTAssertGreaterThanOrEqual(last.minX, 20 - 1e-9, "the re-fit brought it back into the bounds")
        XCTAssertLessThanOrEqual(last.maxX, 370 + 1e-9)
        XCTAssertNil(Explorer.violation(json, invariants: [.box], faults: [], extra: nil, card: nil))
        // Without the aspect step the same drag starts above the minimum and stays in the bounds.
        let plain = json.replacingOccurrences(of: "{\"aspect\": [15, 1]}, ", with: "")
        let plainBox = try XCTUnwrap(
            try LoadedScenario.load(text: plain, file: "plain.json", name: "plain").replay().frames.last
        ).box
        XCTAssertGreaterThanOrEqual(plainBox.minX, 20 - 1e-9)
    }

    func testExploreCommandReportsASummaryAndExitsZeroWhenClean() {
        let r = runCLI([
            "explore", "--preset", "circle-avatar-bounce", "--policy", "rubberBand", "--count", "30", "--seed", "9",
        ])
        XCTAssertEqual(r.code, 0, r.out + r.err)
        XCTAssertTrue(r.out.contains("circle-avatar-bounce / rubberBand: 30 scripts"), r.out)
        XCTAssertTrue(r.out.contains("| invariant | scripts | frames | findings |"), r.out)
        XCTAssertTrue(r.out.contains("| jump | 30 |"), r.out)
        XCTAssertEqual(runCLI(["explore", "--policy", "bounce"]).code, 2)
        XCTAssertEqual(runCLI(["explore", "--invariant", "jumps"]).code, 2)
    }

    func testAnEmptyInvariantOrRateListIsRefusedNotAPass() {
        for (args, expected) in [
            (["--invariant", ","], "'--invariant' names no invariant; expected a comma-separated list of finite,"),
            (["--fps", ","], "'--fps' expects frame rates from 1 to 240, got ','"),
        ] {
            let r = runCLI(["explore", "--preset", "circle-avatar-bounce", "--policy", "clamp", "--count", "1"] + args)
            XCTAssertEqual(r.code, 2, r.out + r.err)
            XCTAssertTrue(r.err.contains(expected), r.err)
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
        }
    }
}

/// Deliberately broken engines: each defect is caught by the invariant that looks for it, and the
/// shrunk scenario reproduces it only with the defect.
final class BrokenEngineTests: XCTestCase {
    func check(_ fault: EngineFaults, _ invariant: Invariant, preset: String, policy: PolicyKind, count: Int = 600)
        throws
    {
        var config = Explorer.Config(preset: preset, policy: policy, count: count, seed: 2)
        config.faults = fault
        config.invariants = [invariant]
        config.maxFindings = 1
        let summary = try Explorer.run(config)
        let finding = try XCTUnwrap(summary.findings.first, "\(invariant) did not catch the fault")
        XCTAssertEqual(finding.invariant, invariant, finding.violation)
        XCTAssertNotNil(
            Explorer.violation(finding.scenarioJSON, invariants: [invariant], faults: fault, extra: nil, card: nil))
        XCTAssertNil(
            Explorer.violation(finding.scenarioJSON, invariants: [invariant], faults: [], extra: nil, card: nil),
            "the sound engine keeps the promise on the shrunk scenario:\n\(finding.scenarioJSON)")
    }

    func testSkippingTheBandInversionIsAJump() throws {
        try check(.skipBandInversion, .jump, preset: "circle-avatar-bounce", policy: .rubberBand)
    }

    func testSkippingTheBandInversionBreaksContinuity() throws {
        try check(.skipBandInversion, .continuity, preset: "circle-avatar-bounce", policy: .rubberBand)
    }

    func testLeavingRawAsItWasAfterABoxDragBreaksContinuity() throws {
        try check(.skipBoxDragResume, .continuity, preset: "resizable-box-refit", policy: .rubberBand)
    }

    func testEndingASettleOneFrameEarlyMissesItsTarget() throws {
        try check(.endSettleEarly, .target, preset: "circle-avatar-bounce", policy: .snapNearest)
    }

    func testARefitThatStartsLateBreaksTheStartRule() throws {
        try check(.lateRefit, .box, preset: "resizable-box-refit", policy: .rubberBand)
    }
}
