import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGTERM (and SIGINT) during a parallel `run` of several scenarios with every output
/// (issue 38): the signal is handled on one thread while the worker threads keep rendering
/// and writing `frames/`, so the handler must not race them. At each moment the process
/// ends by the signal, no temporary file or staged folder is left in any scenario's
/// folder, and the earlier outputs are there, whole.
final class InterruptedParallelRunTests: XCTestCase {
    /// Two scenarios of 301 frames each, long enough to interrupt in each phase of the run.
    func scenario(_ name: String) -> String {
        #"{"name": "\#(name)", "editor": {"viewport": {"width": 120, "height": 160}, "#
            + #""image": {"testcard": [240, 320]}}, "#
            + #""script": [{"pan": {"by": [90, 120], "duration": 5}}, {"snapshot": "end"}]}"#
    }

    /// Every entry under `path` (relative), folders included.
    func allEntries(_ path: String) -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Entries whose name starts with a dot (temporary files, staged folders), at any depth.
    func hidden(_ path: String) -> [String] {
        allEntries(path).filter { ($0 as NSString).lastPathComponent.hasPrefix(".") }
    }

    /// Finished frames (not temporary files) of the staged folders under `folder`.
    func stagedFrames(_ folder: String) -> Int {
        allEntries(folder).filter {
            $0.hasPrefix(".cropreplay-staged-") && $0.contains("/frames/")
                && !($0 as NSString).lastPathComponent.hasPrefix(".")
        }.count
    }

    /// Moments of the run, each seen from outside in `out`, and the signal sent then.
    var moments: [(name: String, signal: Int32, reached: (String) -> Bool)] {
        [
            (
                "a's outputs being staged", SIGTERM,
                { self.allEntries($0 + "/a").contains { $0.hasPrefix(".cropreplay") } }
            ),
            (
                "a's animation files open", SIGTERM,
                { self.allEntries($0 + "/a").contains { ($0 as NSString).lastPathComponent.hasPrefix(".animation.") } }
            ),
            ("a's frames being written by the workers", SIGTERM, { self.stagedFrames($0 + "/a") >= 40 }),
            ("a's frames being written by the workers", SIGINT, { self.stagedFrames($0 + "/a") >= 120 }),
            ("b's frames being written, a staged whole", SIGTERM, { self.stagedFrames($0 + "/b") >= 40 }),
        ]
    }

    func testASignalAtAnyMomentOfAParallelRunLeavesNothingAndKeepsTheEarlierOutputs() throws {
        guard FileManager.default.isExecutableFile(atPath: cropreplayExecutable) else {
            throw XCTSkip(skippedLoudly("the cropreplay executable was not built beside the tests"))
        }
        let dir = temporaryDirectory("parallel-signal")
        try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
        for name in ["a", "b"] {
            try scenario(name).write(toFile: dir + "/scenarios/\(name).json", atomically: true, encoding: .utf8)
        }
        let outputs = ["--frames", "--apng", "--gif", "--sheet"]
        let out = dir + "/out"
        // Earlier outputs of a shorter run (every 50th frame), which the interrupted runs must leave.
        let first = runCLI(["run", dir + "/scenarios", "--out", out, "--every", "50"] + outputs)
        XCTAssertEqual(first.code, 0, first.err)
        let before = snapshotTree(out)
        XCTAssertNotNil(before["b/animation.gif"])
        XCTAssertNotNil(before["a/frames/0050.png"])

        for moment in moments {
            let signal = moment.signal
            let p = Process()
            p.executableURL = URL(fileURLWithPath: cropreplayExecutable)
            p.arguments = ["run", dir + "/scenarios", "--out", out, "--jobs", "2"] + outputs
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline && p.isRunning && !moment.reached(out) { usleep(2_000) }
            XCTAssertTrue(p.isRunning, "\(moment.name): the run was still going when interrupted")
            kill(p.processIdentifier, signal)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationReason, .uncaughtSignal, "\(moment.name): ended by the signal")
            XCTAssertEqual(p.terminationStatus, signal, moment.name)
            XCTAssertEqual(hidden(out), [], "\(moment.name), signal \(signal): no temporary file or staged folder")
            XCTAssertEqual(snapshotTree(out), before, "\(moment.name), signal \(signal): the earlier outputs, whole")
        }
    }
}
