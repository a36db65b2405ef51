import Foundation
import TestSupport
import XCTest

/// The app example (Examples/CropViewApp) checks its view model's frames against
/// `Fixtures/trace.json` without any image library; here `cropreplay run` of the scenario the
/// example recorded must write exactly that trace, so the example's check is against the CLI.
final class ExampleAppTests: XCTestCase {
    static let fixtures = packageRoot + "/Examples/CropViewApp/Tests/CropViewTests/Fixtures"

    func testTheCLIReplaysTheRecordedSessionToTheExamplesTrace() throws {
        let out = temporaryDirectory("example-app")
        let r = runCLI(["run", Self.fixtures + "/session.json", "--out", out])
        XCTAssertEqual(r.code, 0, r.err)
        let written = try String(contentsOfFile: out + "/app-session/trace.json", encoding: .utf8)
        let committed = try String(contentsOfFile: Self.fixtures + "/trace.json", encoding: .utf8)
        XCTAssertEqual(
            written, committed,
            "the CLI's trace of the example's session changed; if intended, copy it to Examples/CropViewApp/Tests/CropViewTests/Fixtures/trace.json"
        )
        // The session exercises what an app's callbacks bring: several events on one frame,
        // all three recognizers, and a release that leaves the box uncovered.
        XCTAssertTrue(committed.contains("\"events\": [\"pan.began\", \"pan.changed\"]"), "two callbacks on one frame")
        XCTAssertTrue(committed.contains("pinch.ended") && committed.contains("rotation.ended"), "pinch and twist")
        XCTAssertTrue(committed.contains("\"valid\": false"), "a drag past the edge")
    }

    func testTheExampleUsesTheEngineProductOnly() throws {
        let manifest = try String(contentsOfFile: packageRoot + "/Examples/CropViewApp/Package.swift", encoding: .utf8)
        let code = manifest.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .joined(separator: "\n")
        let products = code.components(separatedBy: ".product(name: \"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertEqual(products, ["CropReplayEngine"], "the example's products")
    }
}
