import Foundation
import TestSupport
import XCTest

/// The code follows `.swift-format` (4-space indentation, lines up to 120 columns, no
/// `;`-joined statements): `swift format lint --strict` finds nothing. After editing:
/// `swift format format -i -r Sources Tests Package.swift Fuzz`.
final class FormatTests: XCTestCase {
    func testSourcesFollowTheFormatConfiguration() throws {
        guard (try? runProcess("swift", ["format", "--version"]))?.code == 0 else {
            throw XCTSkip(skippedLoudly("`swift format` is not in this toolchain"))
        }
        let r = try runProcess(
            "swift", ["format", "lint", "--strict", "-r", "Sources", "Tests", "Package.swift", "Fuzz", "Examples"],
            in: packageRoot)
        XCTAssertEqual(r.code, 0, "swift format lint found:\n\(r.out)\(r.err)")
        XCTAssertEqual(r.err, "", r.err)
    }

    /// Long lines the formatter cannot break (string literals, URLs) stay rare: at most 0.5%
    /// of the Swift lines in Sources are longer than 120 characters.
    func testAtMostHalfAPercentOfSourceLinesExceed120Characters() throws {
        let root = URL(fileURLWithPath: packageRoot + "/Sources")
        var total = 0
        var long: [String] = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            total += lines.count
            for (n, line) in lines.enumerated() where line.count > 120 {
                long.append("\(url.lastPathComponent):\(n + 1)")
            }
        }
        XCTAssertGreaterThan(total, 10_000)
        XCTAssertLessThanOrEqual(Double(long.count), 0.005 * Double(total), long.joined(separator: ", "))
    }
}
