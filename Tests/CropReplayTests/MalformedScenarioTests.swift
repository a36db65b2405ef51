import Foundation
import TestSupport
import Testing
import XCTest

/// Bad scenarios, one fixture file each under `Fixtures/malformed/` with the words its
/// message must contain in `expected.txt`: exit 2, one line naming the file, the place and
/// what was expected, and nothing written (docs/commands.md, "Errors").
@Suite struct MalformedScenarioFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures/malformed"

    /// name -> words, from expected.txt.
    static let expectations: [String: [String]] = {
        let text = (try? String(contentsOfFile: folder + "/expected.txt", encoding: .utf8)) ?? ""
        var out: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            out[String(line[..<colon])] = line[line.index(colon, offsetBy: 2)...].components(separatedBy: " | ")
        }
        return out
    }()

    static let fixtures: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()

    @Test func everyFixtureHasExpectationsAndTheReverse() {
        #expect(Set(Self.fixtures) == Set(Self.expectations.keys))
        #expect(Self.fixtures.count >= 50)
    }

    @Test(arguments: fixtures)
    func fixtureFailsWithExitTwoAndAOneLineMessage(_ name: String) throws {
        let dir = temporaryDirectory("malformed")
        // Image fixtures: a corrupt PNG, a truncated JPEG and a header that claims 20000 x 20000 pixels.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("garbage".utf8)).write(
            to: URL(fileURLWithPath: dir + "/corrupt.png"))
        try FileManager.default.copyItem(
            atPath: packageRoot + "/Tests/CropReplayTests/Fixtures/jpeg/truncated.jpg", toPath: dir + "/corrupt.jpg")
        try Data(RawPNG.png(width: 20000, height: 20000, bitDepth: 8, colorType: 0, rows: [[0]])).write(
            to: URL(fileURLWithPath: dir + "/huge.png"))
        let path = dir + "/\(name).json"
        try FileManager.default.copyItem(atPath: Self.folder + "/\(name).json", toPath: path)
        let before = snapshotTree(dir)
        let result = runCLI(["run", path, "--out", dir + "/out"])
        #expect(result.code == 2, "\(result.err)")
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1, "\(result.err)")
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("Error: \(path)"), "names the file first: \(line)")
        for w in Self.expectations[name] ?? [] { #expect(line.contains(w), "expected \"\(w)\" in: \(line)") }
        #expect(snapshotTree(dir) == before, "nothing written")
        #expect(runCLI(["validate", path]).code == 2)
    }
}

final class MalformedScenarioTests: XCTestCase {
    func testUnwritableOutputIsBadInputWithOneLine() throws {
        let dir = temporaryDirectory("unwritable")
        try #"{"name": "s", "editor": {"viewport": {"width": 40, "height": 40}}, "script": [{"snapshot": "a"}]}"#
            .write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        try "not a folder".write(toFile: dir + "/out", atomically: true, encoding: .utf8)
        for args in [
            ["run", dir + "/s.json", "--out", dir + "/out"], ["compare", dir + "/s.json", "--out", dir + "/out"],
        ] {
            let r = runCLI(args)
            XCTAssertEqual(r.code, 2, "\(args[0]): \(r.err)")
            let lines = r.err.split(separator: "\n").filter { !$0.isEmpty }
            XCTAssertTrue(
                lines.first?.contains("cannot write output") == true && lines.first?.contains(dir + "/out") == true,
                "\(args[0]): \(r.err)")
        }
    }

    func testUsageErrorsFollowArgumentParserManners() {
        let r = runCLI(["run", "--fast"])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.err, "Error: unknown option '--fast' (see 'cropreplay help run')\n")
        let help = runCLI(["check", "--help"])
        XCTAssertEqual(help.code, 0)
        XCTAssertTrue(
            help.out.contains("USAGE:") && help.out.contains("OPTIONS:") && help.out.contains("--max-diff-ratio"))
        XCTAssertEqual(runCLI(["frobnicate"]).code, 2)
        XCTAssertEqual(
            runCLI(["chek"]).err, "Error: unknown subcommand 'chek' (did you mean 'check'?) (see 'cropreplay --help')\n"
        )
        XCTAssertEqual(runCLI(["check", "--tolerance", "300"]).code, 2)
    }

    func testPresetsListsEveryPreset() {
        let r = runCLI(["presets"])
        XCTAssertEqual(r.code, 0)
        for p in ["fixed-frame-rollback", "circle-avatar-bounce", "portrait-7x10-zoom2", "wide-16x9-zoom10"] {
            XCTAssertTrue(r.out.contains(p), p)
        }
        XCTAssertTrue(r.out.contains("\"momentum\": 0.998"))
    }
}
