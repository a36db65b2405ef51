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
        // The steps the printed schema accepts: a gesture step or one of the others.
        func steps(_ definition: String) -> [String] {
            let alternatives = (definitions?[definition] as? [String: Any])?["oneOf"] as? [[String: Any]] ?? []
            return alternatives.flatMap { ($0["properties"] as? [String: Any])?.keys.map { $0 } ?? [] }
        }
        let steps = steps("gestureStep") + steps("step")
        XCTAssertEqual(Set(steps), Set(StepKeys.names))
        XCTAssertEqual(steps.count, StepKeys.names.count)
        for step in steps { XCTAssertTrue(reference.contains("| `\(step)` |"), "step \(step)") }
    }

    /// Every Swift file of the package (Sources, Tests, Examples, Fuzz), by path from the root.
    func swiftFiles() -> [String] {
        var paths: [String] = []
        for folder in ["Sources", "Tests", "Examples", "Fuzz"] {
            let base = packageRoot + "/" + folder
            guard let walk = FileManager.default.enumerator(atPath: base) else { continue }
            for case let path as String in walk where path.hasSuffix(".swift") { paths.append(folder + "/" + path) }
        }
        return paths.sorted()
    }

    /// The headings of a docs page (`## Projection` gives "Projection"), outside code blocks.
    func headings(_ page: String) throws -> Set<String> {
        var found: Set<String> = []
        var inCode = false
        for line in try read("docs/" + page).split(separator: "\n") {
            if line.hasPrefix("```") { inCode.toggle() }
            if !inCode && line.hasPrefix("#") {
                found.insert(String(line.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces))
            }
        }
        return found
    }

    /// The docs headings a source text cites, as `docs/<page>.md, "Heading"` (several headings
    /// may follow, separated by commas or "and"; a citation may wrap onto the next comment line).
    static func citations(in text: String) -> [(page: String, heading: String)] {
        // A wrapped comment reads as one line: a line break, indentation and slashes become a space.
        let joined = text.replacingOccurrences(of: #"\n[ \t]*//+ ?"#, with: " ", options: .regularExpression)
        let citation = try! NSRegularExpression(pattern: #"docs/([A-Za-z0-9_-]+\.md),((?:\s*(?:,|and)?\s*"[^"\n]+")+)"#)
        let quoted = try! NSRegularExpression(pattern: #""([^"\n]+)""#)
        let whole = joined as NSString
        var out: [(String, String)] = []
        for match in citation.matches(in: joined, range: NSRange(location: 0, length: whole.length)) {
            let page = whole.substring(with: match.range(at: 1))
            let list = whole.substring(with: match.range(at: 2)) as NSString
            for heading in quoted.matches(in: list as String, range: NSRange(location: 0, length: list.length)) {
                out.append((page, list.substring(with: heading.range(at: 1))))
            }
        }
        return out
    }

    /// Whether a cited heading names one of the page's headings: the whole heading, or the part
    /// before its colon (`"start"` for "start: re-opening a saved edit").
    static func names(_ cited: String, in headings: Set<String>) -> Bool {
        headings.contains(cited) || headings.contains { $0.hasPrefix(cited + ":") }
    }

    func testCodeCitesDocsHeadingsThatExist() throws {
        // The parser finds wrapped and listed citations, and a heading that does not exist fails.
        // (Written with DOCS/ so that this file does not cite a missing heading itself.)
        let sample = """
            /// A rule (DOCS/behaviour.md, "Rotation" and
            ///   "Quarter turns and flips"), another (DOCS/outputs.md, "No such heading").
            """.replacingOccurrences(of: "DOCS/", with: "docs/")
        let parsed = Self.citations(in: sample)
        XCTAssertEqual(parsed.map(\.heading), ["Rotation", "Quarter turns and flips", "No such heading"])
        XCTAssertFalse(Self.names("No such heading", in: try headings("outputs.md")))
        XCTAssertTrue(Self.names("start", in: try headings("scenarios.md")))

        var pages: [String: Set<String>] = [:]
        var cited = 0
        for file in swiftFiles() {
            for (page, heading) in Self.citations(in: try read(file)) {
                cited += 1
                guard FileManager.default.fileExists(atPath: packageRoot + "/docs/" + page) else {
                    XCTFail("\(file) cites docs/\(page), which does not exist")
                    continue
                }
                if pages[page] == nil { pages[page] = try headings(page) }
                XCTAssertTrue(
                    Self.names(heading, in: pages[page] ?? []),
                    "\(file) cites docs/\(page), \"\(heading)\": no such heading")
            }
        }
        XCTAssertGreaterThan(cited, 20, "the code cites the docs by heading")
    }

    func testCodeNamesNoContractSection() throws {
        // The project's reference is docs/: the code states a rule or cites docs/behaviour.md,
        // never the contract's file or its section numbers (nor a test or folder named by one).
        let contract = "S" + "PEC"
        let forbidden = try NSRegularExpression(
            pattern: "\\b\(contract)\\b|\u{00A7}|(?i:sections?[ _-]?(?:1[0-8]|[1-9])(?:\\.[0-9]+)?(?![0-9]))"
                + "|(?i:section(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
                + "|fourteen|fifteen|sixteen|seventeen|eighteen))")
        for named in [
            "Section" + "16ScenarioTests", "test" + "Section" + "Sixteen", "S" + "PEC 7", "section" + " 16.8",
        ] {
            XCTAssertEqual(
                forbidden.numberOfMatches(in: named, range: NSRange(location: 0, length: named.utf16.count)), 1)
        }
        let files = swiftFiles()
        XCTAssertGreaterThan(files.count, 100)
        for file in files {
            for text in [file, try read(file)] {
                let ns = text as NSString
                for match in forbidden.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                    let before = ns.substring(to: match.range.location).suffix(24)
                    if before.contains("RFC ") { continue }  // another standard's section, not the contract's
                    XCTFail("\(file): \"\(ns.substring(with: match.range))\" names the contract; cite docs/ instead")
                }
            }
        }
    }

    /// The scenario's keys, the editor's key tables, the ranges, the start state's keys and the
    /// steps are generated from their declarations; the reference holds them as
    /// `cropreplay schema --docs` prints them.
    func testTheKeyTablesAndRangesAreTheGeneratedOnes() throws {
        let path = packageRoot + "/docs/scenarios.md"
        var reference = try read("docs/scenarios.md")
        let parts = [
            ("scenario keys", ReferenceDocs.scenarioTable), ("editor keys", ReferenceDocs.editorTables),
            ("ranges", ReferenceDocs.rangeTable),
            ("start keys", ReferenceDocs.startTable), ("steps", ReferenceDocs.stepTables),
        ]
        /// The text between a part's markers.
        func generated(_ part: String) -> Range<String.Index>? {
            guard let begin = reference.range(of: "<!-- BEGIN \(part):"),
                let open = reference.range(of: "-->\n", range: begin.upperBound..<reference.endIndex),
                let end = reference.range(of: "<!-- END \(part) -->", range: open.upperBound..<reference.endIndex)
            else { return nil }
            return open.upperBound..<end.lowerBound
        }
        // After a declaration changed: CROPREPLAY_RECORD_DOCS=1 swift test --filter DocsTests
        if ProcessInfo.processInfo.environment["CROPREPLAY_RECORD_DOCS"] == "1" {
            for (part, text) in parts {
                if let range = generated(part) { reference.replaceSubrange(range, with: text) }
            }
            try reference.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let regenerate =
            "docs/scenarios.md is stale: CROPREPLAY_RECORD_DOCS=1 swift test --filter DocsTests rewrites its"
            + " generated tables (the output of `swift run cropreplay schema --docs`)"
        for (part, text) in parts {
            XCTAssertEqual(generated(part).map { String(reference[$0]) }, text, "\(part): " + regenerate)
        }
        XCTAssertEqual(runCLI(["schema", "--docs"]).out, ReferenceDocs.markdown)
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
