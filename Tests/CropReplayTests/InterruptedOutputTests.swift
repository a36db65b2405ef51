import CropImageIO
import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Outputs that are interrupted or fail on the way: a run's outputs are staged and published
/// together, so a signal, a full disk or a failing scenario never leaves a mix that looks
/// complete, and no temporary file or staged folder is left behind; `record` into a full or
/// read-only golden folder names `golden/NAME/` and leaves nothing.
final class InterruptedOutputTests: XCTestCase {
    func executable() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: cropreplayExecutable) else {
            throw XCTSkip(skippedLoudly("the cropreplay executable was not built beside the tests"))
        }
        return cropreplayExecutable
    }

    /// Every entry under `path` (relative), folders included.
    func allEntries(_ path: String) -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Entries whose name starts with a dot (temporary files, staged folders).
    func hidden(_ path: String) -> [String] {
        allEntries(path).filter { ($0 as NSString).lastPathComponent.hasPrefix(".") }
    }

    let short =
        #"{"name": "long", "editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}}, "script": [{"pan": {"by": [10, 0], "duration": 0.1}}, {"snapshot": "end"}]}"#
    let long =
        #"{"name": "long", "editor": {"viewport": {"width": 390, "height": 844, "scale": 2}}, "script": [{"pan": {"by": [200, 300], "duration": 20}}, {"snapshot": "end"}]}"#
    /// Long enough to interrupt while the animations are written, small enough to get there soon.
    let medium =
        #"{"name": "long", "editor": {"viewport": {"width": 195, "height": 422}}, "script": [{"pan": {"by": [200, 300], "duration": 10}}, {"snapshot": "end"}]}"#

    /// Starts `run` and sends `signal` once a file of the new run exists (temporary files of
    /// the animations, or `minimumFrames` finished frames), all inside the staged folder.
    func interruptedRun(_ args: [String], out: String, signal: Int32, minimumFrames: Int = 0) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try executable())
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && p.isRunning {
            let entries = allEntries(out + "/long")
            let animationTemps = entries.filter { ($0 as NSString).lastPathComponent.hasPrefix(".animation.") }
            let frames = entries.filter {
                $0.contains("/frames/") && !($0 as NSString).lastPathComponent.hasPrefix(".")
            }
            if minimumFrames > 0 ? frames.count >= minimumFrames : !animationTemps.isEmpty { break }
            usleep(10_000)
        }
        XCTAssertTrue(p.isRunning, "the run was still going when interrupted")
        kill(p.processIdentifier, signal)
        p.waitUntilExit()
        return p
    }

    /// SIGTERM or SIGINT during `run --apng --gif` over an earlier run's outputs: the process
    /// ends by that signal, leaves no temporary file or staged folder, and the folder holds
    /// exactly the earlier outputs (never the new trace.json beside the old animation).
    func testASignalDuringARerunLeavesTheOldOutputsAndNoTemporaryFiles() throws {
        let dir = temporaryDirectory("signal")
        for signal in [SIGTERM, SIGINT] {
            let out = dir + "/out-\(signal)"
            try short.write(toFile: dir + "/long.json", atomically: true, encoding: .utf8)
            XCTAssertEqual(runCLI(["run", dir + "/long.json", "--out", out, "--apng", "--gif"]).code, 0)
            let before = snapshotTree(out)
            XCTAssertNotNil(before["long/animation.gif"])
            try medium.write(toFile: dir + "/long.json", atomically: true, encoding: .utf8)
            let p = try interruptedRun(
                ["run", dir + "/long.json", "--out", out, "--apng", "--gif", "--jobs", "2"], out: out, signal: signal)
            XCTAssertEqual(p.terminationReason, .uncaughtSignal, "ended by the signal, as without a handler")
            XCTAssertEqual(p.terminationStatus, signal)
            XCTAssertEqual(hidden(out), [], "signal \(signal): no temporary file or staged folder")
            XCTAssertEqual(snapshotTree(out), before, "signal \(signal): the earlier outputs, whole")
        }
    }

    /// SIGKILL cannot be caught: the staged folder stays (hidden), nothing visible changes,
    /// and the next run into the folder removes the leftover.
    func testAKilledRunLeavesOnlyAHiddenStagedFolderThatTheNextRunRemoves() throws {
        let dir = temporaryDirectory("sigkill")
        let out = dir + "/out"
        try long.write(toFile: dir + "/long.json", atomically: true, encoding: .utf8)
        let p = try interruptedRun(
            ["run", dir + "/long.json", "--out", out, "--frames", "--jobs", "2"], out: out, signal: SIGKILL,
            minimumFrames: 4)
        XCTAssertEqual(p.terminationStatus, SIGKILL)
        let visible = allEntries(out + "/long").filter { !$0.hasPrefix(".") }
        XCTAssertEqual(visible, [], "nothing of the killed run is visible")
        let leftovers = hidden(out + "/long").filter { !$0.contains("/") }
        XCTAssertEqual(leftovers.count, 1, "one hidden staged folder: \(leftovers)")
        // Its finished frames are complete files (temporary ones are dot-named).
        let staged = out + "/long/" + leftovers[0]
        for name in allEntries(staged + "/frames") where !name.hasPrefix(".") {
            let bytes = [UInt8](FileManager.default.contents(atPath: staged + "/frames/" + name) ?? Data())
            XCTAssertNoThrow(try PNGCodec.decode(bytes), name)
        }
        try short.write(toFile: dir + "/long.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["run", dir + "/long.json", "--out", out]).code, 0)
        XCTAssertEqual(hidden(out), [], "the leftover is gone")
        XCTAssertEqual(allEntries(out + "/long"), ["snapshots", "snapshots/end.png", "trace.json"])
    }

    /// A re-run without --gif removes the earlier animation.gif (outputs are replaced as a
    /// set), and files that are not outputs stay.
    func testARerunReplacesTheOutputsAsASetAndKeepsOtherFiles() throws {
        let dir = temporaryDirectory("rerun")
        try short.write(toFile: dir + "/long.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["run", dir + "/long.json", "--out", dir + "/out", "--gif", "--sheet"]).code, 0)
        try "mine\n".write(toFile: dir + "/out/long/notes.txt", atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["run", dir + "/long.json", "--out", dir + "/out", "--apng"]).code, 0)
        XCTAssertEqual(
            allEntries(dir + "/out/long"),
            ["animation.png", "notes.txt", "snapshots", "snapshots/end.png", "trace.json"])
    }

    /// A small tmpfs mounted for the test (root only), unmounted afterwards.
    func withTmpfs(kilobytes: Int, _ body: (String) throws -> Void) throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else {
            throw XCTSkip(skippedLoudly("mounting a small tmpfs needs root: full-disk outputs are not checked here"))
        }
        let dir = temporaryDirectory("tmpfs")
        let mounted = try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", dir])
        guard mounted.code == 0 else { throw XCTSkip(skippedLoudly("cannot mount a tmpfs here: \(mounted.out)")) }
        defer { _ = try? runProcess("/bin/umount", [dir]) }
        try body(dir)
    }

    /// A run whose second scenario fills the disk half-way: exit 2 naming that scenario's
    /// output (not the staged folder), and nothing of either scenario is published: the
    /// first scenario's earlier outputs stay as they were, and no staged folder is left.
    func testARunThatFailsMidwayPublishesNothingForAnyScenario() throws {
        try withTmpfs(kilobytes: 1024) { root in
            let small =
                #"{"name": "a", "editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}}, "script": [{"snapshot": "a"}]}"#
            let big =
                #"{"name": "b", "editor": {"viewport": {"width": 390, "height": 844, "scale": 2}}, "script": [{"pan": {"by": [200, 300], "duration": 2}}]}"#
            let dir = temporaryDirectory("midway")
            try small.write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
            try big.write(toFile: dir + "/b.json", atomically: true, encoding: .utf8)
            XCTAssertEqual(runCLI(["run", dir + "/a.json", "--out", root + "/out"]).code, 0)
            let before = snapshotTree(root + "/out")
            let r = runCLI(["run", dir + "/a.json", dir + "/b.json", "--out", root + "/out", "--frames"])
            XCTAssertEqual(r.code, 2, r.err)
            XCTAssertEqual(r.err.split(separator: "\n").count, 1, r.err)
            XCTAssertTrue(r.err.hasPrefix("Error: cannot write output: \(root)/out/b/"), r.err)
            XCTAssertTrue(r.err.hasSuffix("no space left on the device\n"), r.err)
            XCTAssertFalse(r.err.contains("staged"), r.err)
            XCTAssertEqual(r.out, "", "no scenario was reported written")
            XCTAssertEqual(snapshotTree(root + "/out"), before, "a's earlier outputs, unchanged")
            XCTAssertEqual(hidden(root + "/out"), [])
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out/b"), "b has nothing")
        }
    }

    /// `record` into a full or a read-only golden folder: one line naming golden/NAME/ (never
    /// the hidden staged folder), exit 2, and no staged folder left behind.
    func testRecordIntoAFullOrReadOnlyGoldenFolderNamesTheGoldenAndLeavesNothing() throws {
        try withTmpfs(kilobytes: 16) { root in
            let dir = temporaryDirectory("recordfull")
            try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
            try
                #"{"name": "s", "editor": {"viewport": {"width": 390, "height": 844, "scale": 2}}, "script": [{"snapshot": "a"}]}"#
                .write(toFile: dir + "/scenarios/s.json", atomically: true, encoding: .utf8)
            let full = runCLI(["record", "--golden", root + "/golden"], in: dir)
            XCTAssertEqual(full.code, 2, full.err)
            XCTAssertTrue(full.err.hasPrefix("Error: cannot write output: \(root)/golden/s/"), full.err)
            XCTAssertTrue(full.err.hasSuffix("no space left on the device\n"), full.err)
            XCTAssertFalse(full.err.contains("staged"), full.err)
            XCTAssertEqual(hidden(root), [], "no staged folder left")
            // Read-only (root ignores permissions, so the file system itself is read-only).
            XCTAssertEqual(try runProcess("/bin/mount", ["-o", "remount,ro", root]).code, 0)
            let readOnly = runCLI(["record", "--golden", root + "/golden"], in: dir)
            XCTAssertEqual(readOnly.code, 2, readOnly.err)
            XCTAssertTrue(readOnly.err.hasPrefix("Error: cannot write output: \(root)/golden/s/"), readOnly.err)
            XCTAssertTrue(readOnly.err.contains("read-only"), readOnly.err)
            XCTAssertFalse(readOnly.err.contains("staged"), readOnly.err)
        }
    }
}
