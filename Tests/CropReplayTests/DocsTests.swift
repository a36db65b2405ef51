import CropScenario
import Foundation
import TestSupport
import XCTest

/// The docs stay true to the code: every preset, editor key, step and command is documented,
/// and the README starts with the two commands a new user runs.
final class DocsTests: XCTestCase {
    func read(_ path: String) throws -> String { try String(contentsOfFile: packageRoot + "/" + path, encoding: .utf8) }

    func testReadmeStartsWithTheDemoAndTheTests() throws {
        let readme = try read("README.md")
        let firstBlock =
            readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first ?? ""
        XCTAssertTrue(firstBlock.hasPrefix("swift run cropreplay demo"), firstBlock)
        XCTAssertTrue(firstBlock.contains("\nswift test"), firstBlock)
        // Every picture and link into docs/ exists.
        for match in readme.split(separator: "(").compactMap({ $0.split(separator: ")").first })
        where match.hasPrefix("docs/") {
            let target = String(match).components(separatedBy: "#")[0]
            XCTAssertTrue(FileManager.default.fileExists(atPath: packageRoot + "/" + target), "README links \(target)")
        }
    }

    func testEveryPresetIsInTheReadmeAndTheReference() throws {
        let readme = try read("README.md")
        let reference = try read("docs/scenarios.md")
        for preset in Preset.all.map(\.name) {
            XCTAssertTrue(readme.contains("`\(preset)`"), "README: \(preset)")
            XCTAssertTrue(reference.contains("`\(preset)`"), "docs/scenarios.md: \(preset)")
        }
    }

    func testEveryEditorKeyAndStepIsInTheReference() throws {
        let reference = try read("docs/scenarios.md")
        let schema = try JSONSerialization.jsonObject(with: Data(runCLI(["schema"]).out.utf8)) as? [String: Any]
        let definitions = schema?["definitions"] as? [String: Any]
        let properties = try XCTUnwrap((definitions?["editor"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertGreaterThan(properties.count, 15)
        for key in properties.keys { XCTAssertTrue(reference.contains("`\(key)`"), "editor key \(key)") }
        for step in [
            "pan", "pinch", "rotation", "straighten", "together", "touches", "events", "wait", "until", "snapshot",
            "save", "restore",
            "resize", "rotate", "quarterTurn", "flip", "aspect", "doubleTap",
        ] {
            XCTAssertTrue(reference.contains("{\"\(step)\""), "step \(step)")
        }
    }

    /// The editor's key tables and the ranges are generated from the declaration; the
    /// reference holds them as `cropreplay schema --docs` prints them.
    func testTheKeyTablesAndRangesAreTheGeneratedOnes() throws {
        let reference = try read("docs/scenarios.md")
        func generated(_ part: String) -> String? {
            guard let begin = reference.range(of: "<!-- BEGIN \(part):"),
                let open = reference.range(of: "-->\n", range: begin.upperBound..<reference.endIndex),
                let end = reference.range(of: "<!-- END \(part) -->", range: open.upperBound..<reference.endIndex)
            else { return nil }
            return String(reference[open.upperBound..<end.lowerBound])
        }
        let regenerate = "docs/scenarios.md is stale: paste the output of `swift run cropreplay schema --docs`"
        XCTAssertEqual(generated("editor keys"), EditorDocs.keyTables, regenerate)
        XCTAssertEqual(generated("ranges"), EditorDocs.rangeTable, regenerate)
        XCTAssertEqual(runCLI(["schema", "--docs"]).out, EditorDocs.markdown)
    }

    func testEveryCommandIsInTheReference() throws {
        let reference = try read("docs/commands.md")
        // The subcommands `cropreplay --help` lists.
        let help = runCLI(["--help"]).out.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        let commands = help.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "See" }
        XCTAssertGreaterThanOrEqual(commands.count, 9, help)
        for command in commands {
            XCTAssertTrue(reference.contains("`\(command)"), "command \(command)")
        }
    }
}
