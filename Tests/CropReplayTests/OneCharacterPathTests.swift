import CropPipeline
import Foundation
import TestSupport
import XCTest

/// Paths of one character (`--out o`, `--junit j`, a scenario file named `s`): Foundation on
/// Linux traps when it takes the folder of such a path, so the pipeline works it out itself.
final class OneCharacterPathTests: XCTestCase {
    func testTheFolderOfAPathIsWorkedOutLikeFoundationsWithoutTrapping() {
        let cases = [
            ("o", ""), (".", ""), ("x/", ""), ("/", "/"), ("", ""), ("/a", "/"), ("a/b", "a"), ("a/b/", "a"),
            ("a//b", "a"), ("./o", "."), ("/x/y/z.json", "/x/y"), ("o/scripts", "o"),
        ]
        for (path, folder) in cases { XCTAssertEqual(PathText.parent(path), folder, path) }
        let names = [("o", "o"), ("a/b.json", "b.json"), ("a/", "a"), ("/", "/"), ("x//y/", "y")]
        for (path, name) in names { XCTAssertEqual(PathText.lastComponent(path), name, path) }
    }

    func testCommandsWriteIntoAndReadFromOneCharacterPaths() throws {
        let dir = temporaryDirectory("one-character")
        let scenario = #"{"preset": "circle-avatar-bounce", "script": [{"pan": {"by": [0, 40]}}, {"snapshot": "s"}]}"#
        try scenario.write(toFile: dir + "/s", atomically: true, encoding: .utf8)
        let run = runCLI(["run", "s", "--out", "o"], in: dir)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/o/s/trace.json"))
        let record = runCLI(["record", "s", "--golden", "g"], in: dir)
        XCTAssertEqual(record.code, 0, record.err)
        let check = runCLI(["check", "s", "--golden", "g", "--junit", "j", "--summary", "m"], in: dir)
        XCTAssertEqual(check.code, 0, check.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/j"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/m"))
    }
}
