import Foundation
import XCTest

/// `assertReplay` from a client package in another folder, run with `swift test
/// --package-path` from an unrelated working directory: scenarios and goldens are found
/// beside the client's test file. It builds the library in a fresh package (about 30 s).
final class ClientPackageTests: XCTestCase {
    func testAssertReplayFindsScenariosAndGoldensBesideTheTestFile() throws {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        guard let swift = PublicSurfaceTests.which("swift") else { throw XCTSkip("swift is not on PATH") }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let client = NSTemporaryDirectory() + "client-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: client) }
        let tests = client + "/Tests/ClientTests"
        try FileManager.default.createDirectory(atPath: tests + "/scenarios", withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(
            name: "Client",
            dependencies: [.package(path: "\(root)")],
            targets: [.testTarget(name: "ClientTests", dependencies: [.product(name: "CropReplayTesting", package: "main")])]
        )
        """.replacingOccurrences(of: "package: \"main\"", with: "package: \"\((root as NSString).lastPathComponent)\"")
            .write(toFile: client + "/Package.swift", atomically: true, encoding: .utf8)
        try """
        {"name": "drag", "editor": {"viewport": {"width": 80, "height": 120}, "image": {"testcard": [160, 240]}},
         "script": [{"pan": {"by": [30, 0], "duration": 0.1}}, {"snapshot": "released"}]}
        """.write(toFile: tests + "/scenarios/drag.json", atomically: true, encoding: .utf8)
        try """
        import Testing
        import CropReplayTesting

        @Test func dragMatchesItsGolden() {
            assertReplay(file: "scenarios/drag.json")
        }
        """.write(toFile: tests + "/ClientTests.swift", atomically: true, encoding: .utf8)
        func swiftTest(record: String) throws -> (Int32, String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: swift)
            p.arguments = ["test", "--package-path", client]
            p.currentDirectoryURL = URL(fileURLWithPath: "/")
            var environment = env
            environment["CROPREPLAY_RECORD"] = record
            p.environment = environment
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = pipe
            try p.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        // First run records the missing golden beside the test file and fails once.
        let first = try swiftTest(record: "missing")
        XCTAssertNotEqual(first.0, 0, first.1)
        XCTAssertTrue(first.1.contains("drag: recorded a new golden in \(tests)/golden/drag/"), first.1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: tests + "/golden/drag/trace.json"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: tests + "/golden/drag/released.png"))
        // Then it passes, in another working directory, in check-only mode.
        let second = try swiftTest(record: "never")
        XCTAssertEqual(second.0, 0, second.1)
    }
}
