import CropGoldens
import CropHTTP
import CropPipeline
import CropReview
import Foundation
import TestSupport
import XCTest

@testable import CropReplayCLI

/// A hostile user on `import session`, `conform --trace`, `record --prune` and `review`: each
/// case failed before its fix.
final class HostileSurfacesTests: XCTestCase {
    static let log = packageRoot + "/Tests/CropReplayTests/Fixtures/import/drag.session.jsonl"

    /// A folder holding a copy of the session fixture, `log.jsonl`.
    func sessionFolder(_ label: String) throws -> String {
        let dir = temporaryDirectory(label)
        try FileManager.default.copyItem(atPath: Self.log, toPath: dir + "/log.jsonl")
        return dir
    }

    func testImportNeverWritesOverTheLogItReads() throws {
        let dir = try sessionFolder("import-over-log")
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.log))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "log.jsonl")
        for args in [
            ["--out", "log.jsonl"], ["--out", "./log.jsonl"], ["--out", "link.json"],
            ["--out", "s.json", "--trace", "log.jsonl"],
        ] {
            let r = runCLI(["import", "session", "log.jsonl", "--preset", "circle-avatar-bounce"] + args, in: dir)
            XCTAssertEqual(r.code, 2, "\(args): \(r.err)")
            XCTAssertTrue(r.err.contains("names the log being imported"), r.err)
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/log.jsonl")), original, "\(args)")
        }
        // --out and --trace spelled differently are still the same file.
        let same = runCLI(
            [
                "import", "session", "log.jsonl", "--preset", "circle-avatar-bounce", "--out", "s.json", "--trace",
                "./s.json",
            ],
            in: dir)
        XCTAssertEqual(same.code, 2, same.err)
        XCTAssertTrue(same.err.contains("'--trace' and '--out' name the same file"), same.err)
        // The other log kinds too.
        let cdp = packageRoot + "/Tests/CropReplayTests/Fixtures/import/short-contact.cdp"
        try FileManager.default.copyItem(atPath: cdp, toPath: dir + "/touches.cdp")
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/touches.cdp"))
        let r = runCLI(["import", "cdp", "touches.cdp", "--out", "touches.cdp"], in: dir)
        XCTAssertEqual(r.code, 2, r.err)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/touches.cdp")), before)
        // A legal --out still works.
        XCTAssertEqual(
            runCLI(["import", "session", "log.jsonl", "--preset", "circle-avatar-bounce", "--out", "s.json"], in: dir)
                .code, 0)
    }

    func testAnAngleBeyondAMillionDegreesIsRefused() throws {
        let dir = try sessionFolder("huge-angle")
        XCTAssertEqual(
            runCLI(["import", "session", "log.jsonl", "--preset", "circle-avatar-bounce", "--out", "s.json"], in: dir)
                .code, 0)
        // 1e300 degrees used to be accepted (its corners' cosine is noise: a trace of that one
        // frame conformed).
        let trace = try String(contentsOfFile: dir + "/s.recorded.json", encoding: .utf8)
        let first = try XCTUnwrap(trace.range(of: "\"angle\": 0"))
        try trace.replacingCharacters(in: first, with: "\"angle\": 1e300")
            .write(toFile: dir + "/huge.recorded.json", atomically: true, encoding: .utf8)
        let conform = runCLI(["conform", "--trace", "huge.recorded.json", "s.json"], in: dir)
        XCTAssertEqual(conform.code, 2, conform.out + conform.err)
        XCTAssertTrue(
            conform.err.contains("frames[0].angle: expected an angle in degrees within +-1000000"), conform.err)
        // The same in the session log.
        let log = try String(contentsOfFile: dir + "/log.jsonl", encoding: .utf8)
        let angle = try XCTUnwrap(log.range(of: "\"angle\": 0"))
        try log.replacingCharacters(in: angle, with: "\"angle\": 1e9")
            .write(toFile: dir + "/huge.jsonl", atomically: true, encoding: .utf8)
        let imported = runCLI(
            ["import", "session", "huge.jsonl", "--preset", "circle-avatar-bounce", "--out", "h.json"], in: dir)
        XCTAssertEqual(imported.code, 2, imported.err)
        XCTAssertTrue(imported.err.contains("huge.jsonl:2:"), imported.err)
        XCTAssertTrue(imported.err.contains("expected an angle in degrees within +-1000000"), imported.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/h.json"))
    }

    func testPruneNamesAMissingFolderAsMissing() throws {
        let dir = temporaryDirectory("prune-missing")
        let r = runCLI(["record", "--prune"], in: dir)
        XCTAssertEqual(r.code, 2, r.err)
        XCTAssertEqual(r.err, "Error: scenarios: no such file or folder\n")
    }

    func testReviewNeverRemovesWhatRecordWouldNotAndNeverWritesAmongTheScenarios() throws {
        let dir = try reviewFailingSuite("review-foreign")
        try "mine".write(toFile: dir + "/golden/a/notes.txt", atomically: true, encoding: .utf8)
        var options = CheckOptions()
        options.goldenDir = dir + "/golden"
        options.artifactsDir = temporaryDirectory("review-foreign-artifacts")
        options.jobs = 1
        let loaded = try FileIO.scenarioFiles(dir + "/scenarios").map { try LoadedScenario.load(path: $0) }
        let session = try ReviewSession.checking(loaded, unloaded: [], orphans: [], options: options)
        XCTAssertThrowsError(try session.accept("a")) { error in
            let refusal = error as? ReviewSession.Refusal
            XCTAssertEqual(refusal?.status, 409)
            XCTAssertTrue(refusal?.message.contains("holds notes.txt") ?? false, "\(String(describing: refusal))")
        }
        XCTAssertEqual(try String(contentsOfFile: dir + "/golden/a/notes.txt", encoding: .utf8), "mine")
        XCTAssertEqual(session.accepted, [])
        XCTAssertFalse(try session.accept("b").isEmpty, "a golden folder of its own is still replaced")
        // The goldens' folder may not be the scenarios' (Accept would write among them): the
        // check review runs before it serves (a run that served would not end in a test).
        for golden in [dir + "/scenarios", dir] {
            XCTAssertThrowsError(
                try Commands.checkGoldenApart(
                    golden, paths: [dir + "/scenarios"], files: [dir + "/scenarios/a.json"], command: "review")
            ) { error in
                XCTAssertTrue("\(error)".contains("goldens need a folder of their own"), "\(error)")
            }
        }
        XCTAssertNoThrow(
            try Commands.checkGoldenApart(
                dir + "/golden", paths: [dir + "/scenarios"], files: [dir + "/scenarios/a.json"], command: "review"))
    }

    func testAStepSummaryInAMissingFolderIsRefusedBeforeAnythingIsChecked() throws {
        let dir = try reviewFailingSuite("step-summary-folder")
        setenv("GITHUB_STEP_SUMMARY", dir + "/no/such/folder/summary.md", 1)
        defer { unsetenv("GITHUB_STEP_SUMMARY") }
        let r = runCLI(["check"], in: dir)
        XCTAssertEqual(r.code, 2, r.err)
        XCTAssertEqual(r.out, "", "nothing is checked")
        XCTAssertEqual(
            r.err,
            "Error: GITHUB_STEP_SUMMARY expects a file to append to, but the folder of \(dir)/no/such/folder/summary.md"
                + " does not exist\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/no"))
    }

    func testAScenarioFileNamedWithControlCharactersIsEchoedEscaped() throws {
        let dir = temporaryDirectory("control-names")
        try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
        try "{\"oops".write(toFile: dir + "/scenarios/bad\u{1B}[31mname.json", atomically: true, encoding: .utf8)
        setenv("GITHUB_STEP_SUMMARY", dir + "/summary.md", 1)
        defer { unsetenv("GITHUB_STEP_SUMMARY") }
        let r = runCLI(["check"], in: dir)
        XCTAssertEqual(r.code, 2, r.err)
        XCTAssertFalse(r.out.contains("\u{1B}"), r.out)
        XCTAssertTrue(r.out.contains("ERROR bad\\u001b[31mname.json (scenarios/bad\\u001b[31mname.json)\n"), r.out)
        XCTAssertTrue(r.out.contains("  scenarios/bad\\u001b[31mname.json: 1:"), r.out)
        let summary = try String(contentsOfFile: dir + "/summary.md", encoding: .utf8)
        XCTAssertFalse(summary.contains("\u{1B}"), summary)
        XCTAssertTrue(summary.contains("| bad\\u001b[31mname.json | ERROR |"), summary)
    }

    func testAFittedValueNearABoundIsNotPrintedAsTheBound() throws {
        let dir = try sessionFolder("fit-bound")
        XCTAssertEqual(
            runCLI(["import", "session", "log.jsonl", "--preset", "circle-avatar-bounce", "--out", "s.json"], in: dir)
                .code, 0)
        let r = runCLI(
            [
                "fit", "s.json", "--trace", "s.recorded.json", "--vary", "policy.momentum=0.99999999..0.999999999",
                "--evaluations", "5", "--out", "fit",
            ], in: dir)
        XCTAssertEqual(r.code, 1, r.err)
        // Six decimals made it "policy.momentum = 1", a momentum the editor refuses.
        let best = try XCTUnwrap(r.out.split(separator: "\n").first { $0.hasPrefix("best") })
        XCTAssertTrue(best.contains("policy.momentum = 0.99999999"), String(best))
        XCTAssertTrue(r.out.contains("| 25.82 pt | 0.99999999 | 5 |"), r.out)
    }
}
