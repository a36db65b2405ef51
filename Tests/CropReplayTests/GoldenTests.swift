import CropImageIO
import CropPipeline
import CropReplay
import Foundation
import TestSupport
import XCTest

/// Golden round trips, failure messages, artifacts and golden safety (docs/goldens.md).
final class GoldenTests: XCTestCase {
    /// The committed scenarios must match the committed goldens: any engine or
    /// renderer regression fails here (and in CI).
    func testCommittedScenariosMatchTheirGoldens() {
        let r = runCLI(["check", "scenarios", "--golden", "golden"], in: packageRoot)
        XCTAssertEqual(r.code, 0, r.out + r.err)
        XCTAssertTrue(r.out.contains("0 failed"), r.out)
    }

    func makeProject() throws -> String {
        let dir = temporaryDirectory("golden")
        try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
        try """
        {"name": "drag", "editor": {"viewport": {"width": 120, "height": 160}, "image": {"testcard": [300, 400]}, "frame": {"size": [80, 80]}, "policy": {"kind": "snapNearest", "animation": {"curve": "linear", "duration": 0.1}}},
         "script": [{"pan": {"by": [60, 0], "duration": 0.1}}, {"snapshot": "released"}, {"until": "settled"}, {"snapshot": "settled"}]}
        """.write(toFile: dir + "/scenarios/drag.json", atomically: true, encoding: .utf8)
        return dir
    }

    func testRecordThenCheckPasses() throws {
        let dir = try makeProject()
        let rec = runCLI(["record"], in: dir)
        XCTAssertEqual(rec.code, 0, rec.err)
        XCTAssertEqual(
            rec.out,
            "recorded drag: new golden golden/drag/ (trace.json, released.png, settled.png)\n1 of 1 scenario recorded\n"
        )
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/golden/drag/released.png"))
        XCTAssertEqual(runCLI(["check"], in: dir).code, 0)
        // Recording again changes nothing and says so.
        XCTAssertTrue(runCLI(["record"], in: dir).out.contains("goldens unchanged"))
    }

    func testOnePixelChangedFailsWithSnapshotPixelCountAndBox() throws {
        let dir = try makeProject()
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        let path = dir + "/golden/drag/settled.png"
        var img = try PNGCodec.decode([UInt8](FileManager.default.contents(atPath: path)!))
        let i = (37 * img.width + 21) * 4
        img.pixels[i] = img.pixels[i] &+ 40
        try Data(PNGCodec.encode(img, .golden)).write(to: URL(fileURLWithPath: path))
        let before = snapshotTree(dir + "/golden")
        let r = runCLI(["check", "--artifacts", "art", "--junit", "junit.xml"], in: dir)
        XCTAssertEqual(r.code, 1, r.out)
        XCTAssertTrue(r.out.contains("FAIL drag"), r.out)
        XCTAssertTrue(r.out.contains("snapshot \"settled\""), r.out)
        XCTAssertTrue(r.out.contains("1 of 19200 pixels differs"), r.out)
        XCTAssertTrue(r.out.contains("x 21...21, y 37...37"), r.out)
        XCTAssertEqual(snapshotTree(dir + "/golden"), before, "check never writes into golden/")
        for f in [
            "art/drag/settled.expected.png", "art/drag/settled.actual.png", "art/drag/settled.diff.png",
            "art/report.html", "junit.xml",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/" + f), f)
        }
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("failures=\"1\""))
        // Within tolerance it passes; so does a ratio that allows one pixel in 19200, not one that does not.
        XCTAssertEqual(runCLI(["check", "--tolerance", "40"], in: dir).code, 0)
        XCTAssertEqual(runCLI(["check", "--max-diff-ratio", "0.0001"], in: dir).code, 0)
        XCTAssertEqual(runCLI(["check", "--max-diff-ratio", "0.00001"], in: dir).code, 1)
    }

    func testTraceMismatchIsReportedInDomainTermsFirst() throws {
        let dir = try makeProject()
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        let path = dir + "/golden/drag/trace.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        // Shift frame 3's image rect x by 2.5 points.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let idx = try XCTUnwrap(lines.firstIndex { $0.contains("{\"frame\": 3,") })
        let line = lines[idx]
        let start = try XCTUnwrap(line.range(of: "\"imageRect\": ["))
        let rest = line[start.upperBound...]
        let comma = try XCTUnwrap(rest.firstIndex(of: ","))
        let x = try XCTUnwrap(Double(rest[..<comma]))
        var newLines = lines
        newLines[idx] = line.replacingCharacters(in: start.upperBound..<comma, with: "\(x - 2.5)")
        text = newLines.joined(separator: "\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let r = runCLI(["check"], in: dir)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.out.contains("trace: frame 3: imageRect.x"), r.out)
        XCTAssertTrue(r.out.contains("(+2.5 pt); pan began at frame 1"), r.out)
    }

    func testCorruptGoldenIsAClearError() throws {
        let dir = try makeProject()
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/golden/drag/released.png"))
        let r = runCLI(["check", "--junit", "junit.xml"], in: dir)
        XCTAssertEqual(r.code, 2, r.out + r.err)
        XCTAssertTrue(r.out.contains("ERROR drag"), r.out)
        XCTAssertTrue(r.out.contains("golden/drag/released.png: golden image is not a readable PNG"), r.out)
        // The damaged golden is an error entry in JUnit; the run still writes it.
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("errors=\"1\"") && junit.contains("<error message="), junit)
    }

    /// A changed scenario is compared anyway: the report shows what the change did to the
    /// interaction, with the change named as context.
    func testChangedScenarioIsComparedAndTheChangeNamed() throws {
        let dir = try makeProject()
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        let path = dir + "/scenarios/drag.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Re-indenting and adding $schema change nothing.
        try ("{\"$schema\": \"./schema.json\",\n" + text.dropFirst()).write(
            toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["check"], in: dir).out, "PASS drag\n1 passed, 0 failed\n")
        try text.replacingOccurrences(of: "[60, 0]", with: "[61, 0]").write(
            toFile: path, atomically: true, encoding: .utf8)
        let r = runCLI(["check"], in: dir)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.out.contains("FAIL drag"), r.out)
        XCTAssertTrue(r.out.contains("  scenario changed since the golden was recorded\n"), r.out)
        XCTAssertTrue(
            r.out.contains("trace: frame 2: imageRect.x 10.00 -> 10.17 (+0.17 pt); pan began at frame 1"), r.out)
    }

    func testRecordMissingOnlyAddsAbsentFiles() throws {
        let dir = try makeProject()
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        try FileManager.default.removeItem(atPath: dir + "/golden/drag/settled.png")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/golden/drag/trace.json"))
        let r = runCLI(["record", "--missing"], in: dir)
        XCTAssertEqual(r.out.split(separator: "\n").first, "updated drag: golden/drag/ (settled.png)")
        XCTAssertEqual(try String(contentsOfFile: dir + "/golden/drag/trace.json", encoding: .utf8), "keep")
    }

    func testAMissingGoldenIsNewNotAFailure() throws {
        let dir = try makeProject()
        let r = runCLI(["check"], in: dir)
        XCTAssertEqual(r.code, 1, "a check with a golden to record does not pass")
        XCTAssertTrue(r.out.hasPrefix("NEW drag (scenarios/drag.json)\n"), r.out)
        XCTAssertTrue(r.out.hasSuffix("0 passed, 0 failed, 1 new\n"), r.out)
        XCTAssertFalse(r.out.contains("FAIL"), r.out)
    }

    func testFoldersGiveOnlyScenarios() throws {
        // A project that ran everything into its own folder: goldens, outputs, comparisons,
        // check artifacts, a schema and a hidden folder sit beside the scenario.
        let dir = try makeProject()
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        XCTAssertEqual(runCLI(["run", "scenarios/drag.json", "--out", "scenarios/out"], in: dir).code, 0)
        XCTAssertEqual(
            runCLI(["compare", "scenarios/drag.json", "--policies", "clamp", "--out", "scenarios"], in: dir).code, 0)
        try FileManager.default.createDirectory(atPath: dir + "/scenarios/golden/x", withIntermediateDirectories: true)
        try "{}".write(toFile: dir + "/scenarios/golden/x/trace.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/scenarios/.cache", withIntermediateDirectories: true)
        try "{".write(toFile: dir + "/scenarios/.cache/junk.json", atomically: true, encoding: .utf8)
        try "{".write(toFile: dir + "/scenarios/trace.json", atomically: true, encoding: .utf8)
        try runCLI(["schema"], in: dir).out.write(
            toFile: dir + "/scenarios/schema.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try FileIO.scenarioFiles(dir + "/scenarios"), [dir + "/scenarios/drag.json"])
        let check = runCLI(["check", "scenarios"], in: dir)
        XCTAssertEqual(check.code, 0, check.err)
        XCTAssertTrue(check.out.hasSuffix("1 passed, 0 failed\n"), check.out)
    }

    func testRunIsDeterministicAcrossJobCounts() throws {
        let dir = try makeProject()
        var trees: [[String: Data]] = []
        // Five runs each with --jobs 1 and --jobs 2: byte-identical trees.
        for jobs in ["1", "2", "1", "2", "1", "2", "1", "2", "1", "2"] {
            let out = dir + "/out-\(trees.count)"
            XCTAssertEqual(
                runCLI(
                    [
                        "run", "scenarios/drag.json", "--out", out, "--frames", "--apng", "--gif", "--sheet", "--jobs",
                        jobs,
                    ], in: dir
                )
                .code, 0)
            trees.append(snapshotTree(out))
        }
        XCTAssertGreaterThan(trees[0].count, 10)
        for t in trees.dropFirst() { XCTAssertEqual(t, trees[0]) }
    }

    func testDemoRunsWithoutFilesAndLinksEverything() throws {
        let dir = temporaryDirectory("demo")
        let r = runCLI(["demo"], in: dir)
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(
            r.out.hasSuffix(
                "Open out/demo/index.html: every animation, sheet, snapshot and the comparison on one page.\n"), r.out)
        let demo = dir + "/out/demo"
        let page = try String(contentsOfFile: demo + "/index.html", encoding: .utf8)
        for preset in Preset.all.map(\.name) {
            for file in ["animation.png", "animation.gif", "animation.webp", "sheet.png", "trace.json"] {
                XCTAssertTrue(FileManager.default.fileExists(atPath: "\(demo)/\(preset)/\(file)"), "\(preset)/\(file)")
            }
            XCTAssertTrue(page.contains("src=\"\(preset)/animation.png\""), preset)
            XCTAssertTrue(page.contains("href=\"\(preset)/animation.webp\""), preset)
            // The scenario replays from its file (with the photo beside it).
            XCTAssertEqual(runCLI(["validate", "out/demo/\(preset).json"], in: dir).code, 0, preset)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: demo + "/circle-avatar-bounce/snapshots/stretched.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: demo + "/wide-16x9-zoom10/crops/crop.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: demo + "/drag-out-compare/index.html"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: demo + "/drag-out-compare/comparison.webp"))
        XCTAssertFalse(page.contains("http"), "self-contained")
        // Animations fit a pull request.
        for preset in Preset.all.map(\.name) {
            let size =
                try FileManager.default.attributesOfItem(atPath: "\(demo)/\(preset)/animation.png")[.size] as? Int ?? 0
            XCTAssertLessThan(size, 5 << 20, preset)
        }
    }
}
