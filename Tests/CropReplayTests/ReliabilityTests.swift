import CropImageIO
import Foundation
import TestSupport
import XCTest

/// Golden folders are never touched by check. (Interrupted runs: InterruptedOutputTests.)
final class ReliabilityTests: XCTestCase {
    func executable() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: cropreplayExecutable) else {
            throw XCTSkip(skippedLoudly("the cropreplay executable was not built beside the tests"))
        }
        return cropreplayExecutable
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
