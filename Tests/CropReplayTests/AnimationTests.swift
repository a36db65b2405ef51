import CropBitmap
import CropExplore
import CropImageIO
import Foundation
import TestSupport
import XCTest

/// The streaming APNG and GIF writers: timing, pixels, stability, batch independence.
final class AnimationTests: XCTestCase {
    var rng = SplitMix(seed: 77)

    /// A gradient (hundreds of colours) with a block moving right by `step` pixels a frame.
    func scene(_ n: Int, width w: Int = 48, height h: Int = 32, step: Int = 2) -> [RGBFrame] {
        (0..<n).map { k in
            var f = RGBFrame(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let i = (y * w + x) * 3
                    let inBlock = x >= k * step && x < k * step + 8 && y >= 10 && y < 20
                    f.pixels[i] = inBlock ? 250 : UInt8(x * 5)
                    f.pixels[i + 1] = inBlock ? 20 : UInt8(y * 7)
                    f.pixels[i + 2] = inBlock ? 30 : UInt8((x + y) * 3)
                }
            }
            return f
        }
    }

    /// Four colours (a checker and a block moving right a pixel a frame): the GIF is exact.
    func blocks(_ n: Int) -> [RGBFrame] {
        (0..<n).map { k in
            var f = RGBFrame(width: 40, height: 8)
            for y in 0..<8 {
                for x in 0..<40 {
                    let i = (y * 40 + x) * 3
                    let c: (UInt8, UInt8, UInt8) =
                        x >= k % 36 && x < k % 36 + 4
                        ? (200, 30, 40) : (x / 4 + y / 4) % 2 == 0 ? (0, 0, 0) : (90, 90, 90)
                    (f.pixels[i], f.pixels[i + 1], f.pixels[i + 2]) = c
                }
            }
            return f
        }
    }

    func gif(_ frames: [RGBFrame], fps: Int, ticks: Int = 1, batches: [Int]? = nil, loop: EncodeLoop = serialLoop)
        throws -> [UInt8]
    {
        let histogram = try GIFPalette.Histogram()
        for f in frames { histogram.add(f) }
        let palette = try XCTUnwrap(histogram.palette())
        let buffer = ByteBuffer()
        let writer = try GIFWriter(
            width: frames[0].width, height: frames[0].height, fps: fps, sink: buffer, palette: palette)
        var start = 0
        for size in batches ?? [frames.count] {
            try writer.append(Array(frames[start..<min(frames.count, start + size)]), ticks: ticks, loop: loop)
            start += size
        }
        try writer.finish(loop: loop)
        return buffer.bytes
    }

    func testGIFDelaysAreAtLeastTwoCentisecondsAndAddUpExactly() throws {
        // (frames, fps, ticks per frame): the replay lasts frames * ticks / fps seconds.
        for (n, fps, ticks) in [
            (7, 60, 1), (1, 60, 1), (2, 60, 1), (170, 60, 1), (50, 30, 1), (40, 60, 3), (9, 24, 1), (5, 100, 1),
        ] {
            let frames = blocks(n)
            let decoded = try decodeGIF(gif(frames, fps: fps, ticks: ticks))
            let delays = decoded.frames.map(\.delay)
            let total = (n * ticks * 200 + fps) / (2 * fps)
            XCTAssertTrue(delays.allSatisfy { $0 >= 2 }, "\(n) frames at \(fps) fps: \(delays)")
            XCTAssertEqual(delays.reduce(0, +), max(2, total), "\(n) frames at \(fps) fps")
            // The last GIF frame shows the last frame.
            XCTAssertTrue(decoded.frames.last?.pixels == frames.last?.pixels, "\(n) frames at \(fps) fps")
            // A GIF frame starting at t shows the frame visible at t (at most 50 per second).
            var t = 0
            for (k, shown) in decoded.frames.dropLast().enumerated() {
                let visible = min(n - 1, t * fps / (100 * ticks))
                XCTAssertTrue(
                    shown.pixels == frames[visible].pixels, "GIF frame \(k) at \(t) cs, \(n) frames at \(fps) fps")
                t += shown.delay
            }
        }
        // The 2.5x slow-down of the old clock: 170 frames at 60 fps play in 2.83 s, not 2.1.
        let decoded = try decodeGIF(gif(blocks(170), fps: 60))
        XCTAssertEqual(decoded.frames.map(\.delay).reduce(0, +), 283)
    }

    func testGIFPixelsThatDoNotChangeNeverChange() throws {
        // Hundreds of colours: the palette is a median cut, yet static pixels are stable.
        let frames = scene(20)
        let decoded = try decodeGIF(gif(frames, fps: 50))
        XCTAssertEqual(decoded.frames.count, 20)
        for k in 1..<decoded.frames.count {
            let (a, b) = (frames[k - 1].pixels, frames[k].pixels)
            let (ga, gb) = (decoded.frames[k - 1].pixels, decoded.frames[k].pixels)
            var changedInGIF = 0
            for p in stride(from: 0, to: a.count, by: 3)
            where a[p] == b[p] && a[p + 1] == b[p + 1] && a[p + 2] == b[p + 2] {
                if ga[p] != gb[p] || ga[p + 1] != gb[p + 1] || ga[p + 2] != gb[p + 2] { changedInGIF += 1 }
            }
            XCTAssertEqual(changedInGIF, 0, "frame \(k): pixels unchanged in the replay changed in the GIF")
            // Only the block's neighbourhood is stored.
            XCTAssertLessThanOrEqual(decoded.regions[k].width * decoded.regions[k].height, 10 * 10)
        }
    }

    func testGIFWithFewColoursIsExact() throws {
        let colors: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (1, 1, 1), (255, 255, 255), (12, 200, 33), (13, 200, 33)]
        let frames = (0..<6).map { k -> RGBFrame in
            var f = RGBFrame(width: 16, height: 9)
            for p in 0..<(16 * 9) {
                let c = colors[(p + k * 3) % colors.count]
                (f.pixels[p * 3], f.pixels[p * 3 + 1], f.pixels[p * 3 + 2]) = c
            }
            return f
        }
        let decoded = try decodeGIF(gif(frames, fps: 50))
        XCTAssertTrue(decoded.frames.map(\.pixels) == frames.map(\.pixels))
    }

    func testGIFQuantizationIsClose() throws {
        let frames = scene(4)
        let decoded = try decodeGIF(gif(frames, fps: 50))
        var se = 0.0
        for (d, f) in zip(decoded.frames, frames) {
            for p in 0..<f.pixels.count { se += pow(Double(d.pixels[p]) - Double(f.pixels[p]), 2) }
        }
        let psnr = 10 * log10(255 * 255 / (se / Double(4 * frames[0].pixels.count)))
        XCTAssertGreaterThan(psnr, 35, "the palette fits the frames' colours")
    }

    func testOutputDoesNotDependOnBatchesOrThreads() throws {
        let frames = scene(23) + scene(1) + scene(1) + scene(5)
        let parallel: EncodeLoop = { n, body in DispatchQueue.concurrentPerform(iterations: n) { body($0) } }
        let one = try gif(frames, fps: 60)
        XCTAssertEqual(try gif(frames, fps: 60, batches: [1, 2, 3, 5, 8, 13]), one)
        XCTAssertEqual(try gif(frames, fps: 60, batches: [7, 7, 7, 7, 2], loop: parallel), one)
        func apng(_ batches: [Int], loop: EncodeLoop) throws -> [UInt8] {
            let buffer = ByteBuffer()
            let writer = try APNGWriter(width: 48, height: 32, fps: 60, sink: buffer)
            var start = 0
            for size in batches {
                try writer.append(Array(frames[start..<min(frames.count, start + size)]), ticks: 2, loop: loop)
                start += size
            }
            try writer.finish()
            return buffer.bytes
        }
        let whole = try apng([frames.count], loop: serialLoop)
        XCTAssertEqual(try apng([1, 2, 3, 5, 8, 13], loop: serialLoop), whole)
        XCTAssertEqual(try apng([4, 4, 4, 4, 4, 4, 4, 2], loop: parallel), whole)
        // And it decodes to the frames, repeats merged across batch boundaries.
        let anim = try APNGReader.read(whole)
        XCTAssertEqual(anim.frameCount, 28)
        XCTAssertEqual(anim.controls.map(\.delayNum).reduce(0, +), 2 * frames.count)
    }

    func testAPNGFramesLongerThanTheDelayFieldContinue() throws {
        let frames = scene(2)
        let buffer = ByteBuffer()
        let writer = try APNGWriter(width: 48, height: 32, fps: 60, sink: buffer)
        try writer.append([frames[0]], ticks: 70_000)
        try writer.append([frames[1]], ticks: 1)
        try writer.finish()
        let anim = try APNGReader.read(buffer.bytes)
        XCTAssertEqual(anim.controls.map(\.delayNum), [65535, 4465, 1])
        XCTAssertEqual(anim.frames.count, 3)
        for p in 0..<(48 * 32) {
            XCTAssertEqual(
                Array(anim.frames[1].pixels[(p * 4)..<(p * 4 + 3)]), Array(frames[0].pixels[(p * 3)..<(p * 3 + 3)]))
            XCTAssertEqual(
                Array(anim.frames[2].pixels[(p * 4)..<(p * 4 + 3)]), Array(frames[1].pixels[(p * 3)..<(p * 3 + 3)]))
        }
    }

    func testWritersRefuseMisuseWithAnError() throws {
        let buffer = ByteBuffer()
        let writer = try APNGWriter(width: 4, height: 4, fps: 60, sink: buffer)
        XCTAssertThrowsError(try writer.append([RGBFrame(width: 5, height: 4)], ticks: 1))
        XCTAssertThrowsError(try writer.finish(), "no frames")
        XCTAssertThrowsError(try APNGWriter(width: 0, height: 4, fps: 60, sink: buffer))
        XCTAssertNil(GIFPalette(colors: []))
        XCTAssertNil(GIFPalette(colors: [UInt32](repeating: 0, count: 256)))
    }
}
