import CropImageIO
import CropPipeline
import CropRender
import CropReplay
import Foundation
import TestSupport
import XCTest

/// APNG, GIF, contact sheets, thinning and downscaling, and policy comparison.
final class SequenceTests: XCTestCase {
    func frame(_ w: Int, _ h: Int, _ fill: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBFrame {
        var f = RGBFrame(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let c = fill(x, y)
                let i = (y * w + x) * 3
                f.pixels[i] = c.0
                f.pixels[i + 1] = c.1
                f.pixels[i + 2] = c.2
            }
        }
        return f
    }

    func testAPNGChunksSequenceDelaysSubRectanglesAndPixels() throws {
        let a = frame(16, 12) { x, y in (UInt8(x * 10), UInt8(y * 20), 90) }
        var b = a
        for y in 3..<5 { for x in 6..<9 { b.pixels[(y * 16 + x) * 3] = 255 } }  // a 3x2 change
        let frames = [a, a, b, b, b, a]
        let bytes = try APNG.encode(frames.map { APNG.Input(frame: $0, ticks: 1) }, fps: 30)
        let anim = try APNGReader.read(bytes)
        // Identical neighbours merge: a(2) b(3) a(1).
        XCTAssertEqual(anim.frameCount, 3)
        XCTAssertEqual(anim.controls.map { $0.delayNum }, [2, 3, 1])
        XCTAssertTrue(anim.controls.allSatisfy { $0.delayDen == 30 })
        // Sequence numbers run 0, 1, 2, ... over fcTL and fdAT in file order.
        var seq = anim.controls.map { $0.sequence } + anim.dataSequences
        seq.sort()
        XCTAssertEqual(seq, Array(0..<UInt32(seq.count)))
        // The changed frames are stored as the 3x2 sub-rectangle, inside the canvas.
        XCTAssertEqual(anim.controls[1].width, 3)
        XCTAssertEqual(anim.controls[1].height, 2)
        XCTAssertEqual(anim.controls[1].x, 6)
        XCTAssertEqual(anim.controls[1].y, 3)
        for c in anim.controls {
            XCTAssertLessThanOrEqual(c.x + c.width, 16)
            XCTAssertLessThanOrEqual(c.y + c.height, 12)
        }
        // Every frame decodes back (sub-rectangles composed) to the rendered frame.
        for (decoded, expected) in zip(anim.frames, [a, b, a]) {
            for p in 0..<(16 * 12) {
                XCTAssertEqual(Array(decoded.pixels[p * 4..<(p * 4 + 3)]), Array(expected.pixels[p * 3..<(p * 3 + 3)]))
            }
        }
    }

    func testLZWRoundTrips() throws {
        // Our stream decodes with an independent decoder, at every code size.
        let data: [UInt8] = (0..<5000).map { UInt8(($0 * 7 + $0 / 13) % 256) }
        XCTAssertEqual(lzwDecode(LZW.encode(data, minCodeSize: 8), minCodeSize: 8), data)
        let runs = [UInt8](repeating: 3, count: 100_000)
        XCTAssertEqual(lzwDecode(LZW.encode(runs, minCodeSize: 8), minCodeSize: 8), runs)
        for bits in 2...7 {
            let small: [UInt8] = (0..<9000).map { UInt8(($0 * 5 + $0 / 7) % (1 << bits)) }
            XCTAssertEqual(lzwDecode(LZW.encode(small, minCodeSize: bits), minCodeSize: bits), small, "\(bits) bits")
        }
        XCTAssertEqual(lzwDecode(LZW.encode([], minCodeSize: 2), minCodeSize: 2), [])
    }

    func testSheetLabelsNeverRunTogether() {
        // Tiles narrower than their labels: each label stays in its own cell, with a gap of
        // background between neighbours.
        let tile = frame(10, 6) { _, _ in (0, 0, 0) }
        let label = "#123 10.25s\nP:C Z:- R:-"
        let sheet = Tiling.sheet([(tile, label), (tile, label), (tile, label)], columns: 3)
        // Columns with text anywhere in the two label lines.
        let band = (8 + 6 + 3)..<(8 + 6 + 3 + 2 * Tiling.lineHeight)
        let lit = (0..<sheet.width).map { x in band.contains { y in sheet.pixels[(y * sheet.width + x) * 3] > 100 } }
        // Runs of columns with text, separated by at least 8 columns without.
        var gaps: [Int] = []
        var run = 0
        var seenText = false
        for l in lit {
            if l {
                if seenText && run > 0 { gaps.append(run) }
                seenText = true
                run = 0
            } else {
                run += 1
            }
        }
        XCTAssertEqual(gaps.filter { $0 >= 8 }.count, 2, "three labels, two wide gaps")
        XCTAssertEqual(BitmapFont.width("#123 10.25s"), 66)
    }

    func testBlitClipsOnEverySideAndFillCoversTheCanvas() {
        var canvas = RGBFrame(width: 5, height: 4)
        Tiling.fill(&canvas, (1, 2, 3))
        XCTAssertEqual(canvas.pixels, [UInt8]((0..<20).flatMap { _ in [UInt8(1), 2, 3] }))
        var tile = RGBFrame(width: 3, height: 3)
        tile.pixels = (0..<27).map { UInt8(100 + $0) }
        // Out over the top-left and the bottom-right corners, and fully outside.
        for (x, y) in [(-1, -2), (3, 2), (-3, 0), (5, 1), (0, 4)] {
            var got = canvas
            Tiling.blit(tile, into: &got, x: x, y: y)
            var expected = canvas
            for ty in 0..<3 {
                for tx in 0..<3 where (0..<5).contains(x + tx) && (0..<4).contains(y + ty) {
                    for c in 0..<3 {
                        expected.pixels[((y + ty) * 5 + x + tx) * 3 + c] = tile.pixels[(ty * 3 + tx) * 3 + c]
                    }
                }
            }
            XCTAssertEqual(got.pixels, expected.pixels, "tile at (\(x), \(y))")
        }
    }

    func testAreaAveragingDownscale() {
        let f = frame(4, 2) { x, _ in x < 2 ? (0, 0, 0) : (200, 100, 50) }
        let half = Downscale.resize(f, width: 2, height: 1)
        XCTAssertTrue(half[0, 0] == (0, 0, 0))
        XCTAssertTrue(half[1, 0] == (200, 100, 50))
        let one = Downscale.resize(f, width: 1, height: 1)
        XCTAssertTrue(one[0, 0] == (100, 50, 25))
        let third = Downscale.resize(frame(3, 1) { x, _ in (UInt8(x * 90), 0, 0) }, width: 2, height: 1)
        XCTAssertEqual(third[0, 0].0, UInt8((0 * 1.0 + 90 * 0.5) / 1.5 + 0.5))
    }

    func testRunWritesSequencesThinnedAndShrunk() throws {
        let dir = temporaryDirectory("seq")
        let path = dir + "/s.json"
        try
            #"{"editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}, "frame": {"size": [40, 40]}}, "script": [{"pan": {"by": [30, 0], "duration": 0.2}}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = runCLI([
            "run", path, "--out", dir + "/out", "--frames", "--apng", "--gif", "--sheet", "--every", "3", "--thumb",
            "0.5",
        ])
        XCTAssertEqual(r.code, 0, r.err)
        let out = dir + "/out/s"
        let frames = try FileManager.default.contentsOfDirectory(atPath: out + "/frames").sorted()
        XCTAssertEqual(frames, ["0000.png", "0003.png", "0006.png", "0009.png", "0012.png"])  // 14 frames, every 3rd
        let first = try PNGCodec.decode([UInt8](FileManager.default.contents(atPath: out + "/frames/0000.png")!))
        XCTAssertEqual([first.width, first.height], [30, 40])
        let anim = try APNGReader.read([UInt8](FileManager.default.contents(atPath: out + "/animation.png")!))
        XCTAssertEqual(anim.controls.map { $0.delayNum }.reduce(0, +), 15)  // 5 kept frames x 3 ticks
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/animation.gif"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/sheet.png"))
    }

    /// `--frames` alone takes the banded render-and-encode path: the same names as above,
    /// frames smaller than the canvas (after a resize) centred on black, the others equal to
    /// the rendered frame.
    func testFramesOnlyRunWritesEveryKeptFrameOnTheCanvas() throws {
        let dir = temporaryDirectory("framesonly")
        let path = dir + "/r.json"
        try
            #"{"editor": {"viewport": {"width": 40, "height": 60}, "image": {"testcard": [80, 60]}, "frame": {"size": [30, 30]}}, "script": [{"pan": {"by": [10, 0], "duration": 0.1}}, {"resize": [30, 50]}, {"wait": 0.1}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["run", path, "--out", dir + "/out", "--frames", "--every", "2"]).code, 0)
        let loaded = try LoadedScenario.load(path: path)
        let trace = try loaded.replay()
        let session = RenderSession(loaded: loaded, trace: trace)
        let kept = Array(stride(from: 0, to: trace.frames.count, by: 2))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/out/r/frames").sorted()
        XCTAssertEqual(names, kept.map { String(format: "%04d.png", $0) })
        var padded = 0
        for n in kept {
            let file = try PNGCodec.decodeRGB(
                [UInt8](FileManager.default.contents(atPath: dir + "/out/r/frames/" + String(format: "%04d.png", n))!))
            XCTAssertEqual([file.width, file.height], [40, 60], "frame \(n): the canvas is the larger viewport")
            let rendered = session.render(frame: n)
            let x0 = (40 - rendered.width) / 2
            let y0 = (60 - rendered.height) / 2
            if x0 > 0 || y0 > 0 { padded += 1 }
            for y in 0..<60 {
                for x in 0..<40 {
                    let inside = x >= x0 && x < x0 + rendered.width && y >= y0 && y < y0 + rendered.height
                    let want = inside ? rendered[x - x0, y - y0] : (0, 0, 0)
                    if file[x, y] != want {
                        XCTFail("frame \(n) differs at \(x),\(y)")
                        return
                    }
                }
            }
        }
        XCTAssertGreaterThan(padded, 0)
        XCTAssertLessThan(padded, kept.count)
    }

    func testOversizedSheetIsRefusedBeforeAnythingIsWritten() throws {
        let dir = temporaryDirectory("big")
        // 36001 tiles of 1000x1000 (a quarter of 4000 a side): 100 GB. Animations stream instead.
        try #"{"editor": {"viewport": {"width": 1000, "height": 1000, "scale": 4}}, "script": [{"wait": 600}]}"#
            .write(toFile: dir + "/big.json", atomically: true, encoding: .utf8)
        let r = runCLI(["run", dir + "/big.json", "--sheet", "--out", dir + "/out"])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains("big.json: --sheet would hold 36001 frames of 1000x1000"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"))
    }

    func testCompareWritesMetricsAndPage() throws {
        let dir = temporaryDirectory("cmp")
        let path = dir + "/drag.json"
        try
            #"{"editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}, "fit": "aspectFit", "frame": {"size": [40, 40]}, "policy": {"animation": {"curve": "linear", "duration": 0.1}}}, "script": [{"pan": {"by": [40, 0], "duration": 0.1}}, {"until": "settled"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = runCLI(["compare", path, "--policies", "clamp,snapNearest,none", "--out", dir])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.out.contains("| clamp | "), r.out)
        let out = dir + "/drag-compare"
        for f in [
            "index.html", "comparison.png", "comparison.gif", "sheet.png", "metrics.md", "metrics.csv", "metrics.json",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/" + f), f)
        }
        let csv = try String(contentsOfFile: out + "/metrics.csv", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(csv.count, 4)
        // none keeps the overshoot: image x from 10 + 40, frame at x 10: 40 pt uncovered on the left? (image 60 wide)
        let none = csv[3].split(separator: ",")
        XCTAssertEqual(none[0], "none")
        let overshoot = try XCTUnwrap(csv[0].split(separator: ",").firstIndex(of: "worstOvershoot"))
        XCTAssertEqual(Double(none[overshoot]), 30)  // worst overshoot: frame's left edge 10 vs image left 40
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<svg") && html.contains("src=\"comparison.png\""))
        XCTAssertFalse(html.contains("src=\"http"), "self-contained: no network")
        XCTAssertEqual(runCLI(["compare", path, "--policies", "bogus"]).code, 2)
    }

    func testComparisonPageRendersInChromium() throws {
        guard let chromium = findChromium() else {
            if browserRequired { return XCTFail("CROPREPLAY_REQUIRE_BROWSER=1 but no Chromium is installed") }
            throw XCTSkip(skippedLoudly("chromium is not installed (apt-get install chromium)"))
        }
        let dir = temporaryDirectory("chromium")
        let path = dir + "/drag.json"
        try
            #"{"editor": {"viewport": {"width": 60, "height": 80}, "image": {"testcard": [120, 160]}, "frame": {"size": [40, 40]}}, "script": [{"pan": {"by": [40, 0], "duration": 0.1}}, {"until": "settled"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(runCLI(["compare", path, "--out", dir]).code, 0)
        let shot = dir + "/shot.png"
        try runProcess(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--screenshot=\(shot)", "--window-size=1200,1000",
                "file://\(dir)/drag-compare/index.html",
            ])
        let image = try PNGCodec.decode([UInt8](FileManager.default.contents(atPath: shot) ?? Data()))
        XCTAssertEqual(image.width, 1200)
        // The page is not blank: many distinct colours (plots, animation).
        var colors = Set<UInt32>()
        for i in stride(from: 0, to: image.pixels.count, by: 4 * 7) {
            colors.insert(
                UInt32(image.pixels[i]) << 16 | UInt32(image.pixels[i + 1]) << 8 | UInt32(image.pixels[i + 2]))
        }
        XCTAssertGreaterThan(colors.count, 50)

        // The APNG plays: screenshots taken in real time over the DevTools protocol (up to 8 s)
        // differ. (Virtual-time screenshots were flaky under load.)
        try #"<html><body style="margin:0"><img src="drag-compare/comparison.png"></body></html>"#
            .write(toFile: dir + "/anim.html", atomically: true, encoding: .utf8)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/apng_plays.py").path
        let plays = try runProcess("python3", [script, "file://\(dir)/anim.html", chromium])
        XCTAssertEqual(plays.code, 0, plays.err)
        XCTAssertEqual(
            plays.out.trimmingCharacters(in: .whitespacesAndNewlines), "2", "the APNG shows the same frame all the time"
        )
    }
}
