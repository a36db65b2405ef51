import XCTest
import Foundation
import TestSupport
import CropReplay

/// Bad scenarios: exit 2, one line naming the file, the place and what was expected,
/// and nothing written (SPEC 13).
final class MalformedScenarioTests: XCTestCase {
    static let cases: [(name: String, json: String, words: [String])] = [
        ("trailing-comma", "{\"fps\": 60,}", ["1:12", "trailing commas"]),
        ("array-trailing-comma", "{\"script\": [1, 2,]}", ["1:18", "trailing commas"]),
        ("nan", "{\"fps\": NaN}", ["1:9", "NaN"]),
        ("infinity", "{\"fps\": Infinity}", ["1:9", "Infinity"]),
        ("unterminated", "{\"name\": \"x", ["1:", "unterminated string"]),
        ("duplicate-key", "{\"fps\": 30,\n \"fps\": 60}", ["2:2", "duplicate key \"fps\""]),
        ("unknown-top-key", "{\"scirpt\": []}", ["scirpt", "did you mean \"script\""]),
        ("unknown-editor-key", "{\"editor\": {\"frame\": {\"shap\": \"rect\"}}}", ["editor.frame.shap", "did you mean \"shape\""]),
        ("wrong-type", "{\"fps\": \"sixty\"}", ["fps", "expected a number"]),
        ("fps-range", "{\"fps\": 1000}", ["fps", "from 1 to 240"]),
        ("fps-fraction", "{\"fps\": 29.97}", ["fps", "integer"]),
        ("negative-duration", "{\"script\": [{\"pan\": {\"by\": [1, 2], \"duration\": -1}}]}", ["script[0].pan.duration", ">= 0"]),
        ("overflow", "{\"script\": [{\"wait\": 1e999}]}", ["script[0].wait", "finite numbers only"]),
        ("zero-scale", "{\"script\": [{\"pinch\": {\"scale\": 0}}]}", ["script[0].pinch.scale", "> 0"]),
        ("two-keys-step", "{\"script\": [{\"wait\": 1, \"snapshot\": \"a\"}]}", ["script[0]", "exactly one key"]),
        ("unknown-step", "{\"script\": [{\"zoom\": 2}]}", ["script[0].zoom", "unknown step"]),
        ("bad-preset", "{\"preset\": \"circle-avatar\"}", ["preset", "did you mean \"circle-avatar-bounce\""]),
        ("viewport-too-large", "{\"editor\": {\"viewport\": {\"width\": 4000, \"height\": 800, \"scale\": 4}}}", ["editor.viewport.width", "limit is 8192"]),
        ("fractional-pixels", "{\"editor\": {\"viewport\": {\"width\": 390.5, \"height\": 800}}}", ["editor.viewport.width", "whole pixels"]),
        ("image-too-large", "{\"editor\": {\"image\": {\"testcard\": [20000, 100]}}}", ["editor.image.testcard", "16384"]),
        ("bad-color", "{\"editor\": {\"background\": \"red\"}}", ["editor.background", "#RRGGBB"]),
        ("non-square-circle", "{\"editor\": {\"frame\": {\"shape\": \"circle\", \"size\": [100, 120]}}}", ["editor.frame.size", "must be square"]),
        ("path-traversal", "{\"script\": [{\"snapshot\": \"../etc\"}]}", ["script[0].snapshot", "A-Z a-z 0-9"]),
        ("dot-dot-name", "{\"name\": \"..\"}", ["name", "not \".\" or \"..\""]),
        ("duplicate-snapshot", "{\"script\": [{\"snapshot\": \"a\"}, {\"snapshot\": \"a\"}]}", ["script[1].snapshot", "duplicate snapshot"]),
        ("illegal-transition", "{\"script\": [{\"events\": [{\"frame\": 2, \"gesture\": \"pinch\", \"phase\": \"changed\"}]}]}", ["script[0]", "frame 2", "pinch \"changed\" without \"began\""]),
        ("never-settles", "{\"editor\": {\"policy\": {\"kind\": \"snapNearest\", \"animation\": {\"curve\": \"spring\", \"dampingRatio\": 0}}}, \"script\": [{\"pan\": {\"by\": [-600, 0]}}, {\"until\": \"settled\"}]}", ["script[1]", "still animating"]),
        ("two-fingers-one-point", "{\"script\": [{\"touches\": [[[10, 10], [10, 10]]]}]}", ["script[0].touches[0]", "two fingers at one point"]),
        ("empty-crop", "{\"editor\": {\"policy\": {\"kind\": \"none\"}}, \"script\": [{\"pan\": {\"by\": [2000, 0]}}, {\"save\": {\"name\": \"c\"}}]}", ["script[1]", "crop is empty"]),
        ("missing-image", "{\"editor\": {\"image\": {\"file\": \"nope.png\"}}}", ["editor.image.file", "no such file"]),
        ("events-order", "{\"script\": [{\"events\": [{\"frame\": 3, \"gesture\": \"pan\", \"phase\": \"began\"}, {\"frame\": 2, \"gesture\": \"pan\", \"phase\": \"ended\"}]}]}", ["script[0].events[1].frame", "non-decreasing"]),
        ("not-an-object", "[1, 2]", ["1:1", "scenario object"]),
        ("empty-file", "", ["1:1", "end of file"]),
        ("resize-too-large", "{\"script\": [{\"resize\": [9000, 100]}]}", ["script[0].resize.width", "limit is 8192"]),
        ("negative-margin", "{\"editor\": {\"frame\": {\"margin\": -1}}}", ["editor.frame.margin", ">= 0"]),
        ("zero-viewport", "{\"editor\": {\"viewport\": {\"width\": 0}}}", ["editor.viewport.width", "> 0"]),
        ("bad-curve", "{\"editor\": {\"policy\": {\"animation\": {\"curve\": \"sprng\"}}}}", ["editor.policy.animation.curve", "did you mean \"spring\""]),
        ("curve-extra-key", "{\"editor\": {\"policy\": {\"animation\": {\"curve\": \"none\", \"duration\": 1}}}}", ["editor.policy.animation.duration", "for curve \"none\""]),
        ("momentum-range", "{\"editor\": {\"policy\": {\"momentum\": 1.5}}}", ["editor.policy.momentum", "between 0 and 1"]),
        ("corrupt-image", "{\"editor\": {\"image\": {\"file\": \"corrupt.png\"}}}", ["editor.image.file", "not a readable PNG"]),
        ("oversized-image", "{\"editor\": {\"image\": {\"file\": \"huge.png\"}}}", ["editor.image.file", "20000x20000", "16384"]),
        ("huge-viewport", "{\"editor\": {\"viewport\": {\"width\": 100000, \"height\": 100000}}}", ["editor.viewport.width", "limit is 8192"]),
        ("empty-name", "{\"name\": \"\"}", ["name", "1 to 100 characters"]),
        ("string-for-bool", "{\"script\": [{\"restore\": \"yes\"}]}", ["script[0].restore", "true or false"]),
        ("three-fingers", "{\"script\": [{\"touches\": [[[1, 1], [2, 2], [3, 3]]]}]}", ["script[0].touches[0]", "0, 1 or 2 finger"]),
        ("nested-together", "{\"script\": [{\"together\": [{\"together\": []}]}]}", ["script[0].together[0].together", "gesture step"]),
        ("deep-nesting", String(repeating: "[", count: 300) + String(repeating: "]", count: 300), ["1:201", "nesting deeper"]),
        ("invalid-escape", "{\"name\": \"a\\xb\"}", ["1:13", "invalid escape"]),
        ("leading-zero", "{\"fps\": 060}", ["1:10", "leading zeros"]),
        ("negative-hold", "{\"script\": [{\"pinch\": {\"scale\": 2, \"hold\": -0.5}}]}", ["script[0].pinch.hold", ">= 0"]),
    ]

    func testEveryMalformedScenarioFailsWithExitTwoAndAOneLineMessage() throws {
        let dir = temporaryDirectory("malformed")
        // Image fixtures: a corrupt PNG and a header that claims 20000 x 20000 pixels.
        try Data("\u{89}PNG garbage".utf8).write(to: URL(fileURLWithPath: dir + "/corrupt.png"))
        try Data(RawPNG.png(width: 20000, height: 20000, bitDepth: 8, colorType: 0, rows: [[0]])).write(to: URL(fileURLWithPath: dir + "/huge.png"))
        for c in Self.cases {
            let path = dir + "/\(c.name).json"
            try c.json.write(toFile: path, atomically: true, encoding: .utf8)
            let before = snapshotTree(dir)
            let result = runCLI(["run", path, "--out", dir + "/out"])
            XCTAssertEqual(result.code, 2, "\(c.name): \(result.err)")
            let lines = result.err.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(c.name): \(result.err)")
            let line = String(lines.first ?? "")
            XCTAssertTrue(line.hasPrefix("Error: "), line)
            XCTAssertTrue(line.contains(path), "\(c.name): names the file: \(line)")
            for w in c.words { XCTAssertTrue(line.contains(w), "\(c.name): expected \"\(w)\" in: \(line)") }
            XCTAssertEqual(snapshotTree(dir), before, "\(c.name): nothing written")
            XCTAssertEqual(runCLI(["validate", path]).code, 2, c.name)
        }
    }

    /// An output folder that is a file: bad input (exit 2), one line naming the path, for
    /// `run` and `compare` alike.
    func testUnwritableOutputIsBadInputWithOneLine() throws {
        let dir = temporaryDirectory("unwritable")
        try #"{"name": "s", "editor": {"viewport": {"width": 40, "height": 40}}, "script": [{"snapshot": "a"}]}"#
            .write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        try "not a folder".write(toFile: dir + "/out", atomically: true, encoding: .utf8)
        for args in [["run", dir + "/s.json", "--out", dir + "/out"], ["compare", dir + "/s.json", "--out", dir + "/out"]] {
            let r = runCLI(args)
            XCTAssertEqual(r.code, 2, "\(args[0]): \(r.err)")
            let lines = r.err.split(separator: "\n").filter { !$0.isEmpty }
            XCTAssertTrue(lines.first?.contains("cannot write output") == true && lines.first?.contains(dir + "/out") == true, "\(args[0]): \(r.err)")
        }
    }

    func testUsageErrorsFollowArgumentParserManners() {
        let r = runCLI(["run", "--fast"])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.err, "Error: unknown option '--fast' (see 'cropreplay help run')\n")
        let help = runCLI(["check", "--help"])
        XCTAssertEqual(help.code, 0)
        XCTAssertTrue(help.out.contains("USAGE:") && help.out.contains("OPTIONS:") && help.out.contains("--max-diff-ratio"))
        XCTAssertEqual(runCLI(["frobnicate"]).code, 2)
        XCTAssertEqual(runCLI(["chek"]).err, "Error: unknown subcommand 'chek' (did you mean 'check'?) (see 'cropreplay --help')\n")
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
