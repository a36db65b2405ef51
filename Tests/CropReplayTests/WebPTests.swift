import CropBitmap
import CropImageIO
import CropPipeline
import CropScenario
import Foundation
import TestSupport
import XCTest

/// Animated WebP (libwebp's animation encoder): timing to the millisecond, determinism, the
/// lossy quality floor on a real clip (decoded by libwebp's animation decoder), lossless
/// exactness, and the memory bound.
final class WebPTests: XCTestCase {
    /// A gradient with a block moving right `step` pixels a frame.
    func scene(_ n: Int, width w: Int = 64, height h: Int = 48, step: Int = 3) -> [RGBFrame] {
        (0..<n).map { k in
            var f = RGBFrame(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let i = (y * w + x) * 3
                    let inBlock = x >= k * step && x < k * step + 8 && y >= 10 && y < 20
                    f.pixels[i] = inBlock ? 250 : UInt8(x * 3)
                    f.pixels[i + 1] = inBlock ? 20 : UInt8(y * 5)
                    f.pixels[i + 2] = inBlock ? 30 : UInt8((x + y) * 2)
                }
            }
            return f
        }
    }

    func webp(_ frames: [RGBFrame], fps: Int, ticks: Int = 1, lossless: Bool = false, batches: [Int]? = nil) throws
        -> [UInt8]
    {
        let buffer = ByteBuffer()
        let writer = try WebPWriter(
            width: frames[0].width, height: frames[0].height, fps: fps, sink: buffer, lossless: lossless)
        var start = 0
        for size in batches ?? [frames.count] where start < frames.count {
            try writer.append(Array(frames[start..<min(frames.count, start + size)]), ticks: ticks)
            start += size
        }
        if start < frames.count { try writer.append(Array(frames[start...]), ticks: ticks) }
        try writer.finish()
        return buffer.bytes
    }

    static func psnr(_ a: RGBFrame, _ b: RGBFrame) -> Double {
        var sum = 0
        for i in 0..<a.pixels.count {
            let d = Int(a.pixels[i]) - Int(b.pixels[i])
            sum += d * d
        }
        if sum == 0 { return .infinity }
        return 10 * log10(255 * 255 / (Double(sum) / Double(a.pixels.count)))
    }

    func testFrameTimesAreExactToTheMillisecond() throws {
        // 60 fps: 16.67 ms a frame; every frame ends at round(1000 (i + 1) / 60) ms.
        for (fps, ticks) in [(60, 1), (60, 3), (24, 1), (7, 2)] {
            let frames = scene(13)
            let decoded = try WebPAnimation.decode(webp(frames, fps: fps, ticks: ticks, lossless: true))
            XCTAssertEqual(decoded.count, frames.count, "fps \(fps)")
            for (i, d) in decoded.enumerated() {
                XCTAssertEqual(
                    d.endMs, ((i + 1) * ticks * 2000 + fps) / (2 * fps), "fps \(fps) ticks \(ticks) frame \(i)")
                XCTAssertEqual(d.frame, frames[i], "lossless frame \(i)")
            }
        }
        // Delays at 60 fps vary by a millisecond and add up: 17, 16, 17 ms ...
        let ends = try WebPAnimation.decode(webp(scene(6), fps: 60, lossless: true)).map(\.endMs)
        XCTAssertEqual(ends, [17, 33, 50, 67, 83, 100])
    }

    func testRepeatedFramesMergeAndKeepTheTotalLength() throws {
        let moving = scene(3)
        let frames = [moving[0], moving[1], moving[1], moving[1], moving[2]]
        let decoded = try WebPAnimation.decode(webp(frames, fps: 60, lossless: true))
        XCTAssertEqual(decoded.map(\.endMs), [17, 67, 83])
        XCTAssertEqual(decoded.map(\.frame), moving)
    }

    func testSameFramesGiveTheSameBytesInAnyBatches() throws {
        let frames = scene(20)
        let whole = try webp(frames, fps: 60)
        XCTAssertEqual(try webp(frames, fps: 60), whole)
        XCTAssertEqual(try webp(frames, fps: 60, batches: [3, 8, 1, 8]), whole)
        XCTAssertNotEqual(try webp(frames, fps: 60, lossless: true), whole)
        XCTAssertEqual(Array(whole[0..<4]), Array("RIFF".utf8))
        XCTAssertEqual(Array(whole[8..<12]), Array("WEBP".utf8))
    }

    func testRefusesBadSizesAndDamagedFiles() throws {
        XCTAssertThrowsError(try WebPWriter(width: 16384, height: 10, fps: 60, sink: ByteBuffer()))
        XCTAssertThrowsError(try WebPWriter(width: 10, height: 10, fps: 0, sink: ByteBuffer()))
        let writer = try WebPWriter(width: 8, height: 8, fps: 60, sink: ByteBuffer())
        XCTAssertThrowsError(try writer.append([RGBFrame(width: 9, height: 8)], ticks: 1))
        XCTAssertThrowsError(try writer.finish(), "no frames")
        var bytes = try webp(scene(4), fps: 60)
        XCTAssertThrowsError(try WebPAnimation.decode(Array(bytes[0..<40])))
        bytes.replaceSubrange(0..<4, with: Array("RIFX".utf8))
        XCTAssertThrowsError(try WebPAnimation.decode(bytes))
    }

    /// A real clip: the sample photo (3000x2000) at 390x844, panned and pinched. Every
    /// decoded frame is at least 35 dB PSNR against the rendered frame shown at that time.
    func testLossyFramesStayAbove35DecibelsOnThePhoto() throws {
        let json = """
            {"name": "webp-photo", "preset": "circle-avatar-bounce", "editor": {"viewport": {"width": 390, "height": 844, "scale": 1},
             "image": {"file": "photo.png"}},
             "script": [{"pan": {"by": [120, 80], "duration": 0.25}}, {"pinch": {"scale": 1.8, "at": [195, 422], "duration": 0.25}},
                        {"pan": {"by": [-150, -60], "duration": 0.25}}]}
            """
        let decoded = try ScenarioDecoder.decode(text: json, file: "webp.json", defaultName: "webp", directory: ".")
        let loaded = LoadedScenario(scenario: decoded, image: SamplePhoto.image(width: 3000, height: 2000))
        let trace = try loaded.replay()
        let session = RenderSession(loaded: loaded, trace: trace)
        let rendered = session.render(frames: Array(0..<trace.frames.count), jobs: Parallel.defaultJobs)
        let frames = (0..<trace.frames.count).compactMap { rendered[$0] }
        XCTAssertGreaterThan(frames.count, 40)
        let bytes = try webp(frames, fps: trace.fps, batches: [8, 8, 8, 8, 8])
        let shown = try WebPAnimation.decode(bytes)
        var k = 0
        var worst = Double.infinity
        for (i, f) in frames.enumerated() {
            let start = WebPWriter.milliseconds(ticks: i, fps: trace.fps)
            while k < shown.count - 1 && shown[k].endMs <= start { k += 1 }
            let p = Self.psnr(shown[k].frame, f)
            worst = min(worst, p)
            XCTAssertGreaterThanOrEqual(p, 35, "frame \(i)")
        }
        XCTAssertEqual(shown.last?.endMs, WebPWriter.milliseconds(ticks: frames.count, fps: trace.fps))
        // Lossy: far smaller than the frames, and not exact.
        XCTAssertLessThan(bytes.count, frames.count * 390 * 844 * 3 / 30)
        XCTAssertLessThan(worst, 60)
    }

    func testRunWritesAnimationWebPAndLosslessMatchesTheFrames() throws {
        let dir = temporaryDirectory("webp-run")
        let scenario = """
            {"name": "w", "preset": "circle-avatar-bounce", "editor": {"viewport": {"width": 120, "height": 200, "scale": 1},
             "image": {"testcard": [400, 300]}}, "script": [{"pan": {"by": [40, 10], "duration": 0.2}}]}
            """
        try scenario.write(toFile: dir + "/w.json", atomically: true, encoding: .utf8)
        let lossy = runCLI(["run", "w.json", "--webp", "--frames", "--out", "out"], in: dir)
        XCTAssertEqual(lossy.code, 0, lossy.err)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/out/w/animation.webp")))
        let frameFiles = try FileManager.default.contentsOfDirectory(atPath: dir + "/out/w/frames").sorted()
        let frames = try frameFiles.map {
            try PNGCodec.decodeRGB([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/out/w/frames/" + $0))))
        }
        let shown = try WebPAnimation.decode(bytes)
        XCTAssertEqual(shown.last?.endMs, WebPWriter.milliseconds(ticks: frames.count, fps: 60))
        let lossless = runCLI(["run", "w.json", "--webp-lossless", "--out", "exact"], in: dir)
        XCTAssertEqual(lossless.code, 0, lossless.err)
        let exact = try WebPAnimation.decode(
            [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/exact/w/animation.webp"))))
        // Each decoded frame is the rendered frame that starts it (identical frames merge).
        var start = 0
        for d in exact {
            let first = frames.indices.first { WebPWriter.milliseconds(ticks: $0, fps: 60) >= start } ?? 0
            XCTAssertEqual(d.frame, frames[first])
            start = d.endMs
        }
        XCTAssertEqual(start, WebPWriter.milliseconds(ticks: frames.count, fps: 60))
        XCTAssertNotEqual(bytes, try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/exact/w/animation.webp"))))
    }

    func testRunRefusesAWebPAboveTheMemoryBoundBeforeWritingAnything() throws {
        let dir = temporaryDirectory("webp-budget")
        // 1170x2532 frames (8.9 MB each) for 10 seconds at 60 fps: 5.3 GB of frames.
        let scenario = """
            {"name": "big", "preset": "circle-avatar-bounce", "editor": {"viewport": {"width": 390, "height": 844, "scale": 3}},
             "script": [{"wait": 10}]}
            """
        try scenario.write(toFile: dir + "/big.json", atomically: true, encoding: .utf8)
        let before = snapshotTree(dir)
        let r = runCLI(["run", "big.json", "--webp", "--out", "out"], in: dir)
        XCTAssertEqual(r.code, 2)
        let lines = r.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, r.err)
        XCTAssertTrue(r.err.contains("big.json: --webp would assemble 601 frames of 1170x2532"), r.err)
        XCTAssertTrue(r.err.contains("the limit is 4096 MB"), r.err)
        XCTAssertEqual(snapshotTree(dir), before)
        // --every brings it under the bound.
        XCTAssertNoThrow(
            try WebPBudget.check(frames: 601 / 2, width: 1170, height: 2532, what: "big.json: --webp"))
    }
}
