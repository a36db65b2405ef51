import CropImageIO
import Foundation
import TestSupport
import XCTest

/// Interrupted runs leave no partial file at a final path; golden folders are
/// never touched by check.
final class ReliabilityTests: XCTestCase {
    func executable() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: cropreplayExecutable) else {
            throw XCTSkip(skippedLoudly("the cropreplay executable was not built beside the tests"))
        }
        return cropreplayExecutable
    }

    func testKilledRunLeavesOnlyCompleteFilesAtFinalPaths() throws {
        let bin = try executable()
        let dir = temporaryDirectory("kill")
        try
            #"{"name": "long", "editor": {"viewport": {"width": 390, "height": 844, "scale": 2}}, "script": [{"pan": {"by": [200, 300], "duration": 20}}]}"#
            .write(toFile: dir + "/long.json", atomically: true, encoding: .utf8)
        for signal in [SIGKILL, SIGTERM, SIGINT] {
            let out = dir + "/out-\(signal)"
            let p = Process()
            p.executableURL = URL(fileURLWithPath: bin)
            p.arguments = ["run", dir + "/long.json", "--out", out, "--frames", "--jobs", "2"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Wait until more than three frames are complete (temporary files, dot-named, do not
            // count), then interrupt.
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: out + "/long/frames")) ?? []
                if names.filter({ !$0.hasPrefix(".") }).count > 3 { break }
                usleep(20_000)
            }
            kill(p.processIdentifier, signal)
            p.waitUntilExit()
            XCTAssertNotEqual(p.terminationStatus, 0, "the run was interrupted")
            let frames = (try? FileManager.default.contentsOfDirectory(atPath: out + "/long/frames")) ?? []
            let finals = frames.filter { !$0.hasPrefix(".") }
            XCTAssertGreaterThan(finals.count, 3, "signal \(signal)")
            for name in finals {
                let bytes = [UInt8](FileManager.default.contents(atPath: out + "/long/frames/" + name) ?? Data())
                XCTAssertNoThrow(try PNGCodec.decode(bytes), "\(name) is complete (signal \(signal))")
            }
            // trace.json is written before any frame and complete.
            let trace = try String(contentsOfFile: out + "/long/trace.json", encoding: .utf8)
            XCTAssertTrue(trace.hasSuffix("}\n"))
        }
    }

    func testFailingCheckLeavesTheGoldenFolderByteIdentical() throws {
        let dir = temporaryDirectory("safety")
        try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
        try
            #"{"name": "s", "editor": {"viewport": {"width": 40, "height": 60}, "image": {"testcard": [80, 120]}}, "script": [{"snapshot": "a"}]}"#
            .write(toFile: dir + "/scenarios/s.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        try
            ##"{"name": "s", "editor": {"viewport": {"width": 40, "height": 60}, "image": {"testcard": [80, 120]}, "mask": {"opacity": 0.3}}, "script": [{"snapshot": "a"}]}"##
            .write(toFile: dir + "/scenarios/s.json", atomically: true, encoding: .utf8)
        let before = snapshotTree(dir + "/golden")
        XCTAssertEqual(runCLI(["check", "--artifacts", "art"], in: dir).code, 1)
        XCTAssertEqual(snapshotTree(dir + "/golden"), before)
    }
}
