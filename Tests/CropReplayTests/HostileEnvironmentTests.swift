import CropJSON
import CropPipeline
import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hostile input and a hostile environment: each class of failure found by the adversarial
/// pass, at its root. Every case is one line on stderr with the right exit code, nothing
/// half-written, and no trap.
final class HostileEnvironmentTests: XCTestCase {
    func project() throws -> String {
        let dir = temporaryDirectory("hostile")
        try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
        try
            #"{"name": "a-ok", "editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}}, "script": [{"pan": {"by": [10, 0], "duration": 0.05}}, {"snapshot": "a"}]}"#
            .write(toFile: dir + "/scenarios/a-ok.json", atomically: true, encoding: .utf8)
        return dir
    }

    /// Files are checked before they are read: FIFOs, devices and folders are refused at once,
    /// and no more than the cap is ever read.
    func testSpecialAndOversizedFilesAreRefusedBeforeReading() throws {
        let dir = temporaryDirectory("files")
        XCTAssertEqual(mkfifo(dir + "/fifo.json", 0o600), 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/zero.json", withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(atPath: dir + "/folder.json", withIntermediateDirectories: true)
        // A sparse 20 MB file: refused by its size, not read.
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/huge.json", contents: nil))
        XCTAssertEqual(truncate(dir + "/huge.json", 20 << 20), 0)
        for (name, words) in [
            ("fifo", "is a pipe (FIFO), expected a regular file"), ("zero", "is a device, expected a regular file"),
            ("huge", "is larger than 16777216 bytes"),
        ] {
            let r = runCLI(["run", "\(dir)/\(name).json", "--out", dir + "/out"])
            XCTAssertEqual(r.code, 2, r.err)
            XCTAssertEqual(r.err, "Error: \(dir)/\(name).json: \(words)\n")
        }
        // An image that is a device or a FIFO is refused the same way.
        try #"{"editor": {"image": {"file": "zero.json"}}}"#.write(
            toFile: dir + "/img.json", atomically: true, encoding: .utf8)
        let r = runCLI(["validate", dir + "/img.json"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("editor.image.file: cannot load image \"zero.json\": is a device"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"))
        // A folder given as a file scenario lists it; an empty one is a usage error.
        XCTAssertEqual(runCLI(["validate", dir + "/folder.json"]).code, 2)
    }

    /// A failed write to stdout is one line and exit 2 (a full disk), or a quiet end (a closed
    /// pipe with SIGPIPE ignored, as some CI runners run): never a trap.
    /// One-character folder names (`--out b`, `--out x/y`) once trapped inside Foundation's
    /// path methods; paths are now split as text.
    func testOneCharacterFolderNamesAreOrdinaryOutputs() throws {
        XCTAssertEqual(PathText.parent("b"), "")
        XCTAssertEqual(PathText.parent("x/y"), "x")
        XCTAssertEqual(PathText.parent("/a"), "/")
        XCTAssertEqual(PathText.parent("/"), "/")
        XCTAssertEqual(PathText.parent("a//b/"), "a")
        XCTAssertEqual(PathText.parent("out/demo/index.html"), "out/demo")
        XCTAssertEqual(PathText.lastComponent("b"), "b")
        XCTAssertEqual(PathText.lastComponent("a/b.json"), "b.json")
        XCTAssertEqual(PathText.lastComponent("a/"), "a")
        XCTAssertEqual(PathText.lastComponent("/"), "/")
        let dir = temporaryDirectory("one-char")
        for out in ["b", "x/y"] {
            let r = runCLI(["run", packageRoot + "/scenarios/cab-drag-out.json", "--out", out], in: dir)
            XCTAssertEqual(r.code, 0, r.err)
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/\(out)/cab-drag-out/trace.json"), out)
        }
    }

    func testOutputErrorsNeverTrap() throws {
        guard FileManager.default.isExecutableFile(atPath: cropreplayExecutable),
            FileManager.default.fileExists(atPath: "/dev/full")
        else {
            throw XCTSkip(skippedLoudly("needs the built executable and /dev/full"))
        }
        let full = try runProcess("/bin/sh", ["-c", "'\(cropreplayExecutable)' schema > /dev/full"])
        XCTAssertEqual(full.code, 2, full.err)
        XCTAssertEqual(full.err, "Error: cannot write to standard output: no space left on the device\n")
        let pipe = try runProcess(
            "/bin/bash",
            ["-c", "trap '' PIPE; '\(cropreplayExecutable)' validate scenarios | true; echo ${PIPESTATUS[0]}"],
            in: packageRoot)
        XCTAssertEqual(pipe.out, "0\n", pipe.err)
        XCTAssertFalse(pipe.err.contains("Fatal") || pipe.err.contains("Illegal instruction"), pipe.err)
    }

    /// No writer emits a non-JSON number.
    func testNumbersThatAreNotFiniteAreNeverWrittenAsInfOrNan() {
        XCTAssertEqual(JSONNumber.format(.infinity), "null")
        XCTAssertEqual(JSONNumber.format(-.infinity), "null")
        XCTAssertEqual(JSONNumber.format(.nan), "null")
        XCTAssertEqual(JSONNumber.format(1e300), "1e+300")
    }

    /// An empty path is a usage error (it would have joined into the filesystem root).
    func testEmptyPathsAreUsageErrors() throws {
        let dir = try project()
        for args in [
            ["run", "scenarios/a-ok.json", "--out", ""], ["compare", "scenarios/a-ok.json", "--out", ""],
            ["record", "--golden", ""],
            ["check", "--artifacts", ""], ["run", ""],
        ] {
            let r = runCLI(args, in: dir)
            XCTAssertEqual(r.code, 2, "\(args): \(r.err)")
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
            XCTAssertTrue(r.err.contains("empty"), r.err)
        }
        XCTAssertEqual(
            runCLI(["compare", "scenarios/a-ok.json", "scenarios/a-ok.json"], in: dir).err,
            "Error: unexpected extra argument 'scenarios/a-ok.json' (compare takes 1) (see 'cropreplay help compare')\n"
        )
    }

    /// Batch commands replay everything before writing anything.
    func testBatchCommandsAreAllOrNothing() throws {
        let dir = try project()
        try
            #"{"name": "z-never", "editor": {"policy": {"kind": "snapNearest", "animation": {"curve": "spring", "dampingRatio": 0}}}, "script": [{"pan": {"by": [-600, 0]}}, {"until": "settled"}]}"#
            .write(toFile: dir + "/scenarios/z-never.json", atomically: true, encoding: .utf8)
        let record = runCLI(["record"], in: dir)
        XCTAssertEqual(record.code, 2, record.out + record.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/golden"), "no golden written: \(record.out)")
        let run = runCLI(["run", "scenarios", "--out", "out"], in: dir)
        XCTAssertEqual(run.code, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// One damaged golden does not stop the others: every scenario gets its line, the JUnit
    /// file has every testcase, the exit code is the worst.
    func testEveryScenarioGetsItsCheckResult() throws {
        let dir = try project()
        try #"{"name": "b-other", "editor": {"viewport": {"width": 60, "height": 80}}, "script": [{"snapshot": "s"}]}"#
            .write(toFile: dir + "/scenarios/b-other.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        try Data("{".utf8).write(to: URL(fileURLWithPath: dir + "/golden/a-ok/trace.json"))
        let r = runCLI(["check", "--junit", "junit.xml"], in: dir)
        XCTAssertEqual(r.code, 2, r.out)
        XCTAssertTrue(r.out.contains("ERROR a-ok") && r.out.contains("golden/a-ok/trace.json: 1:2:"), r.out)
        XCTAssertTrue(r.out.contains("PASS b-other"), r.out)
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("tests=\"2\"") && junit.contains("errors=\"1\""), junit)
    }

    /// A golden folder is replaced as a whole; leftovers of an interrupted record are removed,
    /// and a folder lost between the two renames is re-created by `record --missing`.
    func testGoldenFoldersAreReplacedWhole() throws {
        let dir = try project()
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        try FileManager.default.createDirectory(
            atPath: dir + "/golden/.a-ok.staged-1", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/golden/.a-ok.old-1", withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: dir + "/golden/a-ok/extra.png"))
        let r = runCLI(["record"], in: dir)
        XCTAssertTrue(r.out.contains("updated a-ok: golden/a-ok/ (extra.png (removed))"), r.out)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/golden").sorted(), ["a-ok"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: dir + "/golden/a-ok").sorted(), ["a.png", "trace.json"])
        try FileManager.default.removeItem(atPath: dir + "/golden/a-ok")
        XCTAssertEqual(runCLI(["check"], in: dir).code, 1)
        XCTAssertTrue(runCLI(["record", "--missing"], in: dir).out.contains("recorded a-ok: new golden"))
        XCTAssertEqual(runCLI(["check"], in: dir).code, 0)
    }

    /// check never writes into the golden folder, even when asked to.
    func testCheckRefusesToWriteReportsIntoTheGoldenFolder() throws {
        let dir = try project()
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        for args in [["check", "--artifacts", "golden/art"], ["check", "--junit", "./golden/../golden/j.xml"]] {
            let r = runCLI(args, in: dir)
            XCTAssertEqual(r.code, 2, r.err)
            XCTAssertTrue(r.err.contains("points into the golden folder"), r.err)
        }
    }
}
