import CropCompare
import CropImageIO
import CropPipeline
import Foundation
import TestSupport
import XCTest

/// The comparison page in headless Chromium: on the drag-out script, where the five policies'
/// curves overlap, each policy's curve is drawn in its own plot (its colour found in its own
/// column of the page), with a valid band and release markers. CROPREPLAY_UPDATE_SCREENSHOTS=1
/// writes the screenshot to docs/compare-page.png.
final class CompareBrowserTests: XCTestCase {
    func testFiveOverlappingPoliciesAreDistinguishableOnTheDragOutPage() throws {
        guard let chromium = findChromium() else {
            if browserRequired { return XCTFail("CROPREPLAY_REQUIRE_BROWSER=1 but no Chromium is installed") }
            throw XCTSkip(
                skippedLoudly(
                    "chromium is not installed (apt-get install chromium): the comparison page is not screenshotted here"
                ))
        }
        let dir = temporaryDirectory("compare-page")
        let r = runCLI([
            "compare", packageRoot + "/comparisons/drag-out.json", "--out", dir, "--thumb", "0.3", "--every", "3",
        ])
        XCTAssertEqual(r.code, 0, r.err)
        let page = dir + "/drag-out-compare/index.html"
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // One plot per policy and quantity, each with a release marker and a valid band.
        XCTAssertEqual(
            html.components(separatedBy: "<title>release</title>").count - 1, 5 * 3, "one release in each of 15 plots")
        XCTAssertEqual(
            html.components(separatedBy: "fill=\"#2da44e\"").count - 1 >= 15, true, "a valid band in every plot")

        let shot = dir + "/shot.png"
        let run = try runProcess(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--screenshot=\(shot)", "--window-size=1400,1500", "file://\(page)",
            ])
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot), run.err)
        let image = try PNGCodec.decode([UInt8](FileManager.default.contents(atPath: shot) ?? Data()))
        XCTAssertEqual(image.width, 1400)
        let channels = image.pixels.count / (image.width * image.height)
        // Each policy's colour right of the table's swatches: how many pixels show it and
        // across which columns of the page they spread.
        var spans: [(low: Int, high: Int)] = []
        for (i, label) in ["rollback", "clamp", "rubberBand", "snapNearest", "none"].enumerated() {
            let hex = ComparisonPage.color(i).dropFirst()
            let value = try XCTUnwrap(UInt32(hex, radix: 16))
            let (red, green, blue) = (Int(value >> 16), Int(value >> 8 & 0xff), Int(value & 0xff))
            var xs: [Int] = []
            for y in 0..<image.height {
                for x in 140..<image.width {
                    let p = (y * image.width + x) * channels
                    let d =
                        abs(Int(image.pixels[p]) - red) + abs(Int(image.pixels[p + 1]) - green)
                        + abs(Int(image.pixels[p + 2]) - blue)
                    if d <= 24 { xs.append(x) }
                }
            }
            XCTAssertGreaterThan(xs.count, 400, "\(label)'s curves are visible (not covered by another policy's)")
            xs.sort()
            spans.append(xs.isEmpty ? (0, 0) : (xs[xs.count / 50], xs[xs.count - 1 - xs.count / 50]))
        }
        // Left to right, each in its own column: no policy's curve is drawn over another's.
        for i in 1..<spans.count {
            XCTAssertLessThan(
                spans[i - 1].high, spans[i].low, "policy \(i - 1) and \(i) do not share a column: \(spans)")
        }
        if ProcessInfo.processInfo.environment["CROPREPLAY_UPDATE_SCREENSHOTS"] == "1" {
            try FileManager.default.removeItem(atPath: packageRoot + "/docs/compare-page.png")
            try FileManager.default.copyItem(atPath: shot, toPath: packageRoot + "/docs/compare-page.png")
        }
    }
}
