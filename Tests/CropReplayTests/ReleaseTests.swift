import CropReplayCLI
import Foundation
import TestSupport
import XCTest

/// The version is declared once (`CLI.version`): `--version` prints it, it is semantic
/// versioning, and CHANGELOG.md has its section (docs/releasing.md).
final class ReleaseTests: XCTestCase {
    func testVersionPrintsTheOneDeclaration() {
        let result = runCLI(["--version"])
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.out, CLI.version + "\n")
        let parts = CLI.version.split(separator: ".", omittingEmptySubsequences: false)
        XCTAssertEqual(parts.count, 3, CLI.version)
        XCTAssertTrue(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    }

    func testTheChangelogHasTheVersionsSection() throws {
        let changelog = try String(contentsOfFile: packageRoot + "/CHANGELOG.md", encoding: .utf8)
        let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }
        XCTAssertTrue(
            headings.contains { $0 == "## \(CLI.version)" || $0.hasPrefix("## \(CLI.version) ") },
            "CHANGELOG.md has no section for \(CLI.version): \(headings)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: packageRoot + "/LICENSE"))
    }
}
