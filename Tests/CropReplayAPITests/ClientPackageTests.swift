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
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
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
        func swiftTest(record: String, attachments: String? = nil) throws -> (Int32, String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: swift)
            p.arguments = ["test", "--package-path", client] + (attachments.map { ["--attachments-path", $0] } ?? [])
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
        // A failure attaches expected, actual and diff images and the first trace difference
        // (Swift Testing writes attachments to --attachments-path).
        let scenario = tests + "/scenarios/drag.json"
        let text = try String(contentsOfFile: scenario, encoding: .utf8)
        try text.replacingOccurrences(of: "[160, 240]", with: "[170, 250]")
            .write(toFile: scenario, atomically: true, encoding: .utf8)
        let attached = client + "/attachments"
        try FileManager.default.createDirectory(atPath: attached, withIntermediateDirectories: true)
        let third = try swiftTest(record: "never", attachments: attached)
        XCTAssertNotEqual(third.0, 0, third.1)
        XCTAssertTrue(third.1.contains("drag: trace: frame"), third.1)
        var found: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: attached)
        while let item = walker?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: attached + "/" + item) {
                found[(item as NSString).lastPathComponent] = data
            }
        }
        for name in ["released.expected.png", "released.actual.png", "released.diff.png"] {
            let data = try XCTUnwrap(found.first { $0.key.contains(name) }?.value, "\(name) in \(found.keys.sorted())")
            XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47], name)
        }
        let trace = try XCTUnwrap(
            found.first { $0.key.contains("drag.trace-difference.txt") }?.value, "\(found.keys.sorted())")
        let traceText = String(decoding: trace, as: UTF8.self)
        XCTAssertTrue(traceText.hasPrefix("drag: first trace difference\nframe "), traceText)
        XCTAssertTrue(traceText.contains("frame 0: k 0.500 -> 0.480"), traceText)
    }
}
