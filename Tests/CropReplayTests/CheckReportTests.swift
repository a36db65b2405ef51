import CropImageIO
import CropPipeline
import Foundation
import TestSupport
import XCTest

/// What check reports beyond its lines: the Markdown summary (`--summary`, GITHUB_STEP_SUMMARY)
/// and orphaned golden folders (`record --prune`).
final class CheckReportTests: XCTestCase {
    /// Two scenarios, recorded; `drag`'s settled snapshot then changed by one pixel.
    func makeProject() throws -> String {
        let dir = temporaryDirectory("check-report")
        try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
        for (name, by) in [("drag", 60), ("nudge", 10)] {
            try """
            {"name": "\(name)", "editor": {"viewport": {"width": 120, "height": 160}, "image": {"testcard": [300, 400]}, "frame": {"size": [80, 80]}, "policy": {"kind": "snapNearest", "animation": {"curve": "linear", "duration": 0.1}}},
             "script": [{"pan": {"by": [\(by), 0], "duration": 0.1}}, {"until": "settled"}, {"snapshot": "settled"}]}
            """.write(toFile: dir + "/scenarios/\(name).json", atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        let path = dir + "/golden/drag/settled.png"
        var img = try PNGCodec.decode([UInt8](FileManager.default.contents(atPath: path)!))
        let i = (37 * img.width + 21) * 4
        img.pixels[i] = img.pixels[i] &+ 40
        try Data(PNGCodec.encode(img, .golden)).write(to: URL(fileURLWithPath: path))
        return dir
    }

    /// A golden folder whose scenario is gone: `nudge`'s golden as recorded for `name`.
    func makeOrphan(_ name: String, in dir: String) throws {
        try FileManager.default.copyItem(atPath: dir + "/golden/nudge", toPath: dir + "/golden/\(name)")
        let path = dir + "/golden/\(name)/trace.json"
        let trace = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(trace.contains("\"scenario\": \"nudge\""))
        try trace.replacingOccurrences(of: "\"scenario\": \"nudge\"", with: "\"scenario\": \"\(name)\"").write(
            toFile: path, atomically: true, encoding: .utf8)
    }

    func testSummaryTableNamesResultsFirstDifferencesOrphansAndDiffImages() throws {
        let dir = try makeProject()
        // A golden whose scenario is gone, and a new scenario without a golden.
        try makeOrphan("renamed-away", in: dir)
        try FileManager.default.copyItem(atPath: dir + "/scenarios/nudge.json", toPath: dir + "/scenarios/fresh.json")
        var text = try String(contentsOfFile: dir + "/scenarios/fresh.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"name\": \"nudge\"", with: "\"name\": \"fresh\"")
        try text.write(toFile: dir + "/scenarios/fresh.json", atomically: true, encoding: .utf8)
        let r = runCLI(["check", "--artifacts", "art", "--summary", "reports/summary.md"], in: dir)
        XCTAssertEqual(r.code, 1, r.out + r.err)
        XCTAssertTrue(r.out.contains("ORPHANED golden/renamed-away/ (no scenario named renamed-away"), r.out)
        XCTAssertTrue(r.out.hasSuffix("1 passed, 1 failed, 1 new, 1 orphaned\n"), r.out)
        let md = try String(contentsOfFile: dir + "/reports/summary.md", encoding: .utf8)
        let lines = md.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "## CropReplay check: 1 passed, 1 failed, 1 new, 1 orphaned")
        XCTAssertTrue(lines.contains("| scenario | result | first difference |"), md)
        XCTAssertTrue(
            lines.contains("| drag | FAIL | snapshot \"settled\" (frame \(try settledFrame(dir))): 1 pixels differ |"),
            md)
        XCTAssertTrue(lines.contains { $0.hasPrefix("| fresh | NEW | no golden at golden/fresh/trace.json yet") }, md)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("| renamed-away | ORPHANED | golden folder golden/renamed-away/ has no scenario")
            }, md)
        XCTAssertTrue(lines.contains("Passed: nudge"), md)
        // Links relative to the summary's folder, to files that exist.
        let imageLine = try XCTUnwrap(lines.first { $0.hasPrefix("- drag / settled:") }, md)
        for kind in ["expected", "actual", "diff"] {
            let link = "[\(kind)](../art/drag/settled.\(kind).png)"
            XCTAssertTrue(imageLine.contains(link), imageLine)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/art/drag/settled.\(kind).png"))
        }
    }

    func settledFrame(_ dir: String) throws -> Int {
        let trace = try String(contentsOfFile: dir + "/golden/drag/trace.json", encoding: .utf8)
        let range = try XCTUnwrap(trace.range(of: #""settled": (\d+)"#, options: .regularExpression))
        return try XCTUnwrap(Int(trace[range].split(separator: " ").last!))
    }

    func testGitHubStepSummaryIsAppendedNotReplaced() throws {
        let dir = try makeProject()
        let step = dir + "/step-summary.md"
        try "# earlier step\n".write(toFile: step, atomically: true, encoding: .utf8)
        setenv("GITHUB_STEP_SUMMARY", step, 1)
        defer { unsetenv("GITHUB_STEP_SUMMARY") }
        let r = runCLI(["check", "--artifacts", "art"], in: dir)
        XCTAssertEqual(r.code, 1)
        let text = try String(contentsOfFile: step, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# earlier step\n## CropReplay check: 1 passed, 1 failed\n"), text)
        // A CI page cannot open local files: paths, not links.
        XCTAssertTrue(text.contains("expected `art/drag/settled.expected.png`"), text)
        XCTAssertFalse(text.contains("]("), text)
        // A second check appends a second summary.
        XCTAssertEqual(runCLI(["check"], in: dir).code, 1)
        let again = try String(contentsOfFile: step, encoding: .utf8)
        XCTAssertEqual(again.components(separatedBy: "## CropReplay check:").count, 3)
        // Nothing to append to: one line naming the file, exit 2.
        setenv("GITHUB_STEP_SUMMARY", dir + "/no/such/folder/summary.md", 1)
        let bad = runCLI(["check"], in: dir)
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.err.contains("no/such/folder/summary.md"), bad.err)
        XCTAssertEqual(bad.err.split(separator: "\n").count, 1, bad.err)
    }

    func testOrphansAreReportedOnlyForFoldersAndPrunedExactly() throws {
        let dir = try makeProject()
        for name in ["gone-a", "gone-b"] { try makeOrphan(name, in: dir) }
        // A file and a hidden folder beside the goldens are not orphans.
        try "notes".write(toFile: dir + "/golden/README.md", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/golden/.cache", withIntermediateDirectories: true)
        let all = runCLI(["check"], in: dir)
        XCTAssertEqual(all.code, 1, "the exit status is the scenarios'")
        XCTAssertTrue(all.out.contains("ORPHANED golden/gone-a/"), all.out)
        XCTAssertTrue(all.out.contains("ORPHANED golden/gone-b/"), all.out)
        XCTAssertFalse(all.out.contains("README") || all.out.contains(".cache"), all.out)
        XCTAssertTrue(all.out.hasSuffix(", 2 orphaned\n"), all.out)
        // A single file is not the whole suite: no orphans (and no "nudge" orphan either).
        let one = runCLI(["check", "scenarios/drag.json"], in: dir)
        XCTAssertFalse(one.out.contains("ORPHANED"), one.out)
        // Shards: only shard 1 names them, so a merged report counts each once.
        XCTAssertTrue(runCLI(["check", "--shard", "1/2"], in: dir).out.contains("ORPHANED golden/gone-a/"))
        XCTAssertFalse(runCLI(["check", "--shard", "2/2"], in: dir).out.contains("ORPHANED"))
        // --prune wants the whole suite.
        let refused = runCLI(["record", "--prune", "scenarios/drag.json"], in: dir)
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(refused.err.contains("'--prune' needs the whole suite"), refused.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/golden/gone-a/trace.json"))
        // record without --prune keeps them; with it removes exactly them and prints each.
        XCTAssertFalse(runCLI(["record"], in: dir).out.contains("pruned"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/golden/gone-a"))
        let pruned = runCLI(["record", "--prune"], in: dir)
        XCTAssertEqual(pruned.code, 0, pruned.err)
        XCTAssertTrue(
            pruned.out.contains("pruned golden/gone-a/ (no scenario named gone-a)\npruned golden/gone-b/"), pruned.out)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir + "/golden").sorted()
        XCTAssertEqual(left, [".cache", "README.md", "drag", "nudge"])
        let after = runCLI(["check"], in: dir)
        XCTAssertEqual(after.code, 0, after.out)
        XCTAssertFalse(after.out.contains("ORPHANED"))
    }

    func testReportPutsTheTracePlotBesideTheFirstDiffView() throws {
        let dir = try makeProject()
        // A larger image: the trace (k, the image rect) and the pixels change.
        let file = dir + "/scenarios/drag.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "[300, 400]", with: "[320, 420]").write(
            toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["check", "--artifacts", "art"], in: dir).code, 1)
        let html = try String(contentsOfFile: dir + "/art/report.html", encoding: .utf8)
        let drag = try XCTUnwrap(html.components(separatedBy: "<h2 class=\"failed\">drag").last)
        XCTAssertTrue(drag.contains("<figure class=\"diffview\""), drag)
        XCTAssertTrue(
            drag.contains("alt=\"diff\"><figcaption>diff</figcaption></figure>\n<figure class=\"plot\"><svg"),
            "the plot beside the diff image")
        XCTAssertEqual(drag.components(separatedBy: "<svg").count, 2, "one plot")
        XCTAssertTrue(drag.contains("<table>"), "the first differing frames")
    }
}
