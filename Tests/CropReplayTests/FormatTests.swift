import Foundation
import TestSupport
import XCTest

/// The code follows `.swift-format` (4-space indentation, lines up to 140 columns, no
/// `;`-joined statements): `swift format lint --strict` finds nothing. After editing:
/// `swift format format -i -r Sources Tests Package.swift Fuzz`.
final class FormatTests: XCTestCase {
    func testSourcesFollowTheFormatConfiguration() throws {
        guard (try? runProcess("swift", ["format", "--version"]))?.code == 0 else {
            throw XCTSkip(skippedLoudly("`swift format` is not in this toolchain"))
        }
        let r = try runProcess(
            "swift", ["format", "lint", "--strict", "-r", "Sources", "Tests", "Package.swift", "Fuzz", "Examples"], in: packageRoot)
        XCTAssertEqual(r.code, 0, "swift format lint found:\n\(r.out)\(r.err)")
        XCTAssertEqual(r.err, "", r.err)
    }
}
