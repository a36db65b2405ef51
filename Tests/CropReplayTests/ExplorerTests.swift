import CropEngine
import CropExplore
import CropGeometry
import CropReplay
import CropScenario
import TestSupport
import XCTest

/// The invariant explorer: clean on every preset and policy, and a planted
/// violation is found, shrunk and written as a reproducing scenario.
final class ExplorerTests: XCTestCase {
    func testRandomScriptsKeepEveryPolicysPromises() throws {
        for preset in Preset.all.map({ $0.name }) {
            for policy in PolicyKind.allCases {
                let summary = try Explorer.run(preset: preset, policy: policy, count: 60, seed: 7)
                XCTAssertEqual(summary.findings.count, 0, "\(preset)/\(policy): \(summary.findings.first?.violation ?? "")")
                XCTAssertGreaterThan(summary.frames, 60)
            }
        }
    }

    func testAPlantedViolationIsShrunkToAReproducingScenario() throws {
        // "No frame may move the image right of x = 0": broken by many random scripts.
        let check: Explorer.Check = { trace in
            trace.frames.first { $0.imageRect.x > 0.5 }.map { "frame \($0.frame): image x \($0.imageRect.x)" }
        }
        let summary = try Explorer.run(preset: "wide-16x9-zoom10", policy: .none, count: 200, seed: 3, extra: check)
        let finding = try XCTUnwrap(summary.findings.first)
        // Shrunk: a single step remains, and the written scenario reproduces it.
        let scenario = try ScenarioDecoder.decode(text: finding.scenarioJSON, file: "f.json", defaultName: "f")
        XCTAssertEqual(scenario.script.count, 2, finding.scenarioJSON)  // the step and `until settled`
        let trace = try Replayer.replay(scenario, imageWidth: 1600, imageHeight: 1200)
        XCTAssertNotNil(check(trace))
    }

    func testExploreCommandReportsAndExitsZeroWhenClean() {
        let r = runCLI(["explore", "--preset", "circle-avatar-bounce", "--policy", "rubberBand", "--count", "50", "--seed", "9"])
        XCTAssertEqual(r.code, 0, r.out + r.err)
        XCTAssertTrue(r.out.contains("circle-avatar-bounce / rubberBand: 50 scripts"), r.out)
        XCTAssertEqual(runCLI(["explore", "--policy", "bounce"]).code, 2)
    }
}

final class ExplorerImageSizeTests: XCTestCase {
    /// The explorer's promise of a covered frame depends on the image the scenario shows: a
    /// 400-point-tall frame over an aspect-fitted portrait image can be covered at zoom 1,
    /// over a landscape one it cannot (it used to assume 1600x1200 for every scenario).
    func testCoverPromiseUsesTheScenariosImageSize() {
        let e = editor {
            $0.fit = .aspectFit
            $0.frame = FrameSpec(size: Size(390, 400))
            $0.zoom.min = .value(1)
        }
        XCTAssertTrue(Explorer.promisesCover(e, imageWidth: 1200, imageHeight: 1600))
        XCTAssertFalse(Explorer.promisesCover(e, imageWidth: 1600, imageHeight: 1200))
    }
}
