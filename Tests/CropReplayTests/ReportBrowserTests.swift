import CropBitmap
import CropImageIO
import CropJSON
import CropPipeline
import Foundation
import TestSupport
import XCTest

/// The check report's diff view in a real browser (headless Chromium over the DevTools
/// protocol, Tests/Browser/report_diffview.py): expected and actual overlaid, the split moved
/// by keys and the slider, blinking, and what is on screen after each.
final class ReportBrowserTests: XCTestCase {
    func chromium() throws -> String? {
        guard let chromium = findChromium() else {
            if browserRequired {
                XCTFail("CROPREPLAY_REQUIRE_BROWSER=1 but no Chromium is installed")
                return nil
            }
            throw XCTSkip(
                skippedLoudly(
                    "chromium is not installed (apt-get install chromium): the report's diff view is not tested"))
        }
        guard hasCommand("python3") else {
            if browserRequired {
                XCTFail("CROPREPLAY_REQUIRE_BROWSER=1 but python3 is missing")
                return nil
            }
            throw XCTSkip(skippedLoudly("python3 is not installed: the report's diff view is not tested in a browser"))
        }
        return chromium
    }

    /// Mean absolute channel difference of two RGBA images over columns x0 ..< x1.
    func distance(_ a: RGBAImage, _ b: RGBAImage, columns: Range<Int>) -> Double {
        var sum = 0
        var n = 0
        for y in 0..<min(a.height, b.height) {
            for x in columns {
                for c in 0..<3 {
                    sum += abs(Int(a.pixels[(y * a.width + x) * 4 + c]) - Int(b.pixels[(y * b.width + x) * 4 + c]))
                    n += 1
                }
            }
        }
        return Double(sum) / Double(max(1, n))
    }

    func testDiffViewOverlaysExpectedAndActualWithSliderBlinkAndKeys() throws {
        guard let chromium = try chromium() else { return }
        let dir = temporaryDirectory("report-browser")
        try FileManager.default.createDirectory(atPath: dir + "/scenarios", withIntermediateDirectories: true)
        try """
        {"name": "drag", "editor": {"viewport": {"width": 120, "height": 160}, "image": {"testcard": [300, 400]}},
         "script": [{"pan": {"by": [30, 0], "duration": 0.1}}, {"snapshot": "moved"}]}
        """.write(toFile: dir + "/scenarios/drag.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["record"], in: dir).code, 0)
        // The golden becomes the inverted picture: every pixel differs.
        let golden = dir + "/golden/drag/moved.png"
        var image = try PNGCodec.decode(try FileIO.read(golden, limit: 1 << 24))
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            for c in 0..<3 { image.pixels[i + c] = 255 - image.pixels[i + c] }
        }
        try FileIO.writeAtomically(golden, PNGCodec.encode(image, .golden))
        let check = runCLI(["check", "--artifacts", "art"], in: dir)
        XCTAssertEqual(check.code, 1, check.out)
        let html = try String(contentsOfFile: dir + "/art/report.html", encoding: .utf8)
        XCTAssertTrue(html.contains("class=\"diffview\""), html)

        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/report_diffview.py").path
        let shots = temporaryDirectory("report-shots")
        let run = try runProcess("python3", [script, "file://" + dir + "/art/report.html", chromium, shots])
        XCTAssertEqual(run.code, 0, run.out)
        guard run.code == 0 else { return }
        let result = try JSONParser.parse(try String(contentsOfFile: shots + "/result.json", encoding: .utf8))
        XCTAssertEqual(result["views"]?.serialized(), "1")
        XCTAssertEqual(result["layout"]?["diffBeside"]?.serialized(), "true", "the diff image beside the overlay")
        func state(_ name: String, _ field: String) -> String? { result["states"]?[name]?[field]?.serialized() }
        XCTAssertEqual(state("loaded", "split"), "50")
        XCTAssertEqual(state("e", "showing"), "\"expected\"")
        XCTAssertEqual(state("e", "split"), "100")
        XCTAssertEqual(state("a", "showing"), "\"actual\"")
        XCTAssertEqual(state("left-at-0", "split"), "0", "the split stops at the edge")
        XCTAssertEqual(state("right-5", "split"), "50")
        XCTAssertEqual(state("right-5", "slider"), "50", "the slider follows the keys")
        XCTAssertEqual(state("shift-right", "split"), "51")
        XCTAssertEqual(state("blink-on", "blinking"), "true")
        XCTAssertEqual(result["blinkShowings"]?.serialized(), "[\"actual\",\"expected\"]")
        XCTAssertEqual(state("blink-off", "blinking"), "false")
        XCTAssertEqual(state("blink-off", "split"), "50")
        let clicked = try XCTUnwrap(Double(state("clicked", "split") ?? ""))
        XCTAssertEqual(clicked, 25, accuracy: 6, "a click a quarter along the slider")
        XCTAssertEqual(state("button", "blinking"), "true")
        XCTAssertEqual(result["errors"]?.serialized(), "[]")

        // What was on screen: the expected image, the actual one, and half of each.
        let expected = try PNGCodec.decode(try FileIO.read(dir + "/art/drag/moved.expected.png", limit: 1 << 24))
        let actual = try PNGCodec.decode(try FileIO.read(dir + "/art/drag/moved.actual.png", limit: 1 << 24))
        func shot(_ name: String) throws -> RGBAImage {
            try PNGCodec.decode(try FileIO.read(shots + "/\(name).png", limit: 1 << 24))
        }
        let all = 0..<expected.width
        for (name, shown, other) in [("expected-shown", expected, actual), ("actual-shown", actual, expected)] {
            let s = try shot(name)
            XCTAssertEqual(s.width, expected.width, name)
            XCTAssertEqual(s.height, expected.height, name)
            XCTAssertLessThan(distance(s, shown, columns: all), 2, name)
            XCTAssertGreaterThan(distance(s, other, columns: all), 40, name)
        }
        let split = try shot("split-50")
        let half = expected.width / 2
        XCTAssertLessThan(distance(split, expected, columns: 0..<(half - 2)), 2, "left of the split: expected")
        XCTAssertLessThan(
            distance(split, actual, columns: (half + 2)..<expected.width), 2, "right of the split: actual")
        XCTAssertGreaterThanOrEqual(
            Int(result["blinkScreenshots"]?.serialized() ?? "0") ?? 0, 2, "blinking changes the picture")
    }

    /// The animated WebP plays in Chromium: screenshots taken in real time differ.
    func testChromiumPlaysTheAnimatedWebP() throws {
        guard let chromium = try chromium() else { return }
        let dir = temporaryDirectory("webp-plays")
        try """
        {"name": "w", "preset": "circle-avatar-bounce", "editor": {"viewport": {"width": 200, "height": 260, "scale": 1},
         "image": {"testcard": [600, 500]}}, "script": [{"pan": {"by": [80, 40], "duration": 0.6}}, {"until": "settled"}, {"wait": 0.3}]}
        """.write(toFile: dir + "/w.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["run", "w.json", "--webp", "--out", "out"], in: dir).code, 0)
        try #"<html><body style="margin:0"><img src="out/w/animation.webp"></body></html>"#
            .write(toFile: dir + "/anim.html", atomically: true, encoding: .utf8)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/apng_plays.py").path
        let plays = try runProcess("python3", [script, "file://\(dir)/anim.html", chromium])
        XCTAssertEqual(plays.code, 0, plays.err)
        XCTAssertEqual(
            plays.out.trimmingCharacters(in: .whitespacesAndNewlines), "2", "the WebP shows the same frame all the time"
        )
    }
}
