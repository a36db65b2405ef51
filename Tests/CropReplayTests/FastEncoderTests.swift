import CropBitmap
import CropImageIO
import CropPipeline
import CropReplay
import TestSupport
import XCTest

@testable import CropImageIO

/// The own throwaway encoder: checksums against published values and byte-wise
/// definitions, and every PNG it writes decoded back by libpng (zlib verifies the
/// Adler-32, libpng the CRCs) to the exact pixels.
final class FastEncoderTests: XCTestCase {
    func bytewiseAdler(_ d: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for x in d {
            a = (a + UInt32(x)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    func testChecksumsMatchPublishedValuesAndTheBytewiseDefinitions() {
        XCTAssertEqual(Checksums.adler32(Array("Wikipedia".utf8), count: 9), 0x11E6_0398)
        XCTAssertEqual(Checksums.crc32(Array("123456789".utf8), count: 9), 0xCBF4_3926)
        var random = SeededRandom(seed: 3)
        for n in [0, 1, 15, 16, 17, 5551, 5552, 5553, 20000, 100_003] {
            // All-255 data is the worst case for the sums' ranges.
            for data in [
                (0..<n).map { _ in UInt8(truncatingIfNeeded: random.next()) }, [UInt8](repeating: 255, count: n),
            ] {
                let adler = data.withUnsafeBufferPointer {
                    Checksums.adler32($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: n)
                }
                XCTAssertEqual(adler, bytewiseAdler(data), "adler n \(n)")
                let crc = data.withUnsafeBufferPointer {
                    Checksums.crc32($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: n)
                }
                XCTAssertEqual(crc, RawPNG.crc(data), "crc n \(n)")  // TestSupport's bytewise CRC
            }
        }
    }

    func roundTrip(_ frame: RGBFrame, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let png = try PNGCodec.encode(frame, .fast)
        let back = try PNGCodec.decodeRGB(png)
        XCTAssertEqual(back.width, frame.width, file: file, line: line)
        XCTAssertEqual(back.height, frame.height, file: file, line: line)
        XCTAssertTrue(
            back.pixels == frame.pixels, "\(frame.width)x\(frame.height) differs after decoding", file: file, line: line
        )
        return png
    }

    func testEveryKindOfContentDecodesToTheSamePixels() throws {
        var random = SeededRandom(seed: 5)
        for (w, h) in [(1, 1), (2, 1), (1, 7), (5, 3), (86, 9), (300, 40), (200, 300)] {
            // Noise (literals), flat (long runs past 258 bytes), stripes and gradients (runs
            // broken every few bytes), and a mix.
            let kinds: [(Int, Int, Int) -> UInt8] = [
                { _, _, _ in UInt8(truncatingIfNeeded: random.next()) },
                { _, _, _ in 77 },
                { x, y, c in UInt8(truncatingIfNeeded: (x / 3 + y + c * 40) % 256) },
                { x, y, c in (x + y) % 11 == 0 ? UInt8(truncatingIfNeeded: random.next()) : UInt8(c * 50 + y % 2) },
            ]
            for kind in kinds {
                var frame = RGBFrame(width: w, height: h)
                for y in 0..<h {
                    for x in 0..<w { for c in 0..<3 { frame.pixels[(y * w + x) * 3 + c] = kind(x, y, c) } }
                }
                _ = try roundTrip(frame)
            }
        }
    }

    func testRGBAImagesAndARenderedFrameRoundTrip() throws {
        var random = SeededRandom(seed: 9)
        let rgba = RGBAImage(
            width: 37, height: 11,
            pixels: (0..<(37 * 11 * 4)).map { i in i % 9 < 5 ? 200 : UInt8(truncatingIfNeeded: random.next()) })
        var c = PNGCodec.Compression.fast
        c.level = 9  // ignored by the own encoder
        let back = try PNGCodec.decode(PNGCodec.encode(rgba, c))
        XCTAssertEqual(back.pixels, rgba.pixels)
        // The libdeflate writer (sheets, crops): RGBA too, with its adaptive filters.
        let shared = try PNGCodec.encode(rgba, .shared)
        XCTAssertEqual(try PNGCodec.decode(shared).pixels, rgba.pixels)
        XCTAssertEqual(try XCTUnwrap(PNGChunks.parse(shared)).map(\.type), ["IHDR", "IDAT", "IEND"])
        let card = Testcard.image(width: 640, height: 480)
        var frame = RGBFrame(width: 640, height: 480)
        for i in 0..<(640 * 480) { for ch in 0..<3 { frame.pixels[i * 3 + ch] = card.pixels[i * 4 + ch] } }
        let png = try roundTrip(frame)
        // Runs of pixels compress: the test card is far below its raw size.
        XCTAssertLessThan(png.count, frame.pixels.count / 10)
    }
}

/// The golden fast-path decoder against libpng: the same pixels for every filter,
/// level and block type, and nil (libpng decides) for damaged or unusual files.
final class FastDecoderTests: XCTestCase {
    func frame(_ w: Int, _ h: Int, seed: UInt64) -> RGBFrame {
        var random = SeededRandom(seed: seed)
        var f = RGBFrame(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<3 {
                    // Smooth areas, runs and noise in bands.
                    let v: Int
                    switch (y / 3) % 3 {
                    case 0: v = x * 7 + y * 3 + c * 50
                    case 1: v = (x / 5) % 2 == 0 ? 200 : 40 + c
                    default: v = Int(random.next() % 256)
                    }
                    f.pixels[(y * w + x) * 3 + c] = UInt8(truncatingIfNeeded: v)
                }
            }
        }
        return f
    }

    func testSamePixelsAsLibpngForEveryFilterLevelAndBlockType() throws {
        for (w, h) in [(1, 1), (3, 2), (17, 9), (130, 70)] {
            let f = frame(w, h, seed: UInt64(w * 1000 + h))
            var encodings: [[UInt8]] = [try PNGCodec.encode(f, .fast)]  // fixed-code blocks
            for level in [Int32(1), 7, 12] {  // libdeflate (sheets, crops), adaptive filters
                encodings.append(
                    try PNGCodec.encode(f, PNGCodec.Compression(level: level, filter: -1, writer: .libdeflate)))
            }
            for level in [Int32(0), 1, 6, 9] {  // 0: stored blocks; others dynamic
                for filter in [Int32(-1), 0, 1, 2, 3, 4] {
                    encodings.append(try PNGCodec.encode(f, PNGCodec.Compression(level: level, filter: filter)))
                }
            }
            for (i, png) in encodings.enumerated() {
                let fast = try XCTUnwrap(
                    FastPNGDecoder.decodeRGB(png), "\(w)x\(h) encoding \(i) not taken by the fast path")
                let (lw, lh, lp) = try PNGCodec.decode(png, channels: 3)
                XCTAssertEqual(fast.width, lw)
                XCTAssertEqual(fast.height, lh)
                XCTAssertTrue(fast.pixels == lp && fast.pixels == f.pixels, "\(w)x\(h) encoding \(i)")
            }
        }
    }

    func testDamagedStreamsFallBackAndNeverCrash() throws {
        let f = frame(40, 20, seed: 1)
        let png = try PNGCodec.encode(f, PNGCodec.Compression(level: 9, filter: 2))
        let chunks = try XCTUnwrap(PNGChunks.parse(png))
        XCTAssertTrue(chunks.contains { $0.type == "IDAT" })
        XCTAssertEqual(FastPNGDecoder.decodeRGB(png)?.pixels, f.pixels, "the undamaged file takes the fast path")
        // Truncations anywhere: never a result that differs from the original.
        for cut in stride(from: 0, to: png.count, by: 7) {
            if let d = FastPNGDecoder.decodeRGB(Array(png.prefix(cut))) {
                XCTAssertEqual(d.pixels, f.pixels, "cut \(cut)")
            }
        }
        var rejected = 0
        // Flipped bits inside the compressed data with the chunk CRC recomputed, so the
        // inflater itself meets the damage: nil, or (if the stream still decodes to the right
        // length with the right Adler-32) the pixels libpng gives.
        var random = SeededRandom(seed: 2)
        let idat = try XCTUnwrap(chunks.first { $0.type == "IDAT" })
        for _ in 0..<400 {
            var data = idat.data
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let i = Int(random.next() % UInt64(data.count))
                data[i] ^= UInt8(1 << (random.next() % 8))
            }
            var mutated = Array(png[0..<33])
            PNGChunks.append("IDAT", data, to: &mutated)
            PNGChunks.append("IEND", [], to: &mutated)
            if let d = FastPNGDecoder.decodeRGB(mutated) {
                XCTAssertEqual(d.pixels, try PNGCodec.decode(mutated, channels: 3).2)
            } else {
                rejected += 1
            }
        }
        XCTAssertGreaterThan(rejected, 300, "damage inside the stream is detected")
        // Well-formed streams of the wrong size, and a byte after the stream's end: refused.
        let rowBytes = 1 + f.width * 3
        func idatFile(_ data: [UInt8]) -> [UInt8] {
            var file = Array(png[0..<33])
            PNGChunks.append("IDAT", data, to: &file)
            PNGChunks.append("IEND", [], to: &file)
            return file
        }
        let short = DeflatePNG.deflate([UInt8](repeating: 0, count: rowBytes * (f.height - 1)), level: 6)
        let long = DeflatePNG.deflate([UInt8](repeating: 0, count: rowBytes * (f.height + 1)), level: 6)
        let exact = DeflatePNG.deflate([UInt8](repeating: 0, count: rowBytes * f.height), level: 6)
        XCTAssertEqual(FastPNGDecoder.decodeRGB(idatFile(exact))?.pixels.allSatisfy { $0 == 0 }, true)
        for (name, data) in [("short", short), ("long", long), ("trailing byte", exact + [0])] {
            XCTAssertTrue(FastPNGDecoder.decodeRGB(idatFile(data)) == nil, name)
        }
        // Not the fast path's kind: RGBA, interlaced-free gray, palette.
        let rgba = RGBAImage(width: 3, height: 3, pixels: [UInt8](repeating: 9, count: 36))
        XCTAssertNil(FastPNGDecoder.decodeRGB(try PNGCodec.encode(rgba, .golden)))
        XCTAssertNil(
            FastPNGDecoder.decodeRGB(RawPNG.png(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [[10, 200]])))
    }
}

/// `run --frames` renders each frame a band of rows at a time into the encoder; the files
/// must be exactly what encoding the whole rendered frame gives.
final class BandedRenderEncodeTests: XCTestCase {
    func testBandedRenderAndEncodeEqualsEncodingTheWholeFrame() throws {
        for file in ["cab-save-circle-rotate.json", "ffr-drag-out.json"] {
            let loaded = try LoadedScenario.load(path: packageRoot + "/scenarios/" + file)
            let trace = try loaded.replay()
            let session = RenderSession(loaded: loaded, trace: trace)
            let frames = Array(stride(from: 0, to: trace.frames.count, by: max(1, trace.frames.count / 4)))
            session.prepareLayers(frames)
            for n in frames {
                let whole = try PNGCodec.encode(session.render(frame: n), .fast)
                XCTAssertEqual(session.renderPNG(frame: n), whole, "\(file) frame \(n)")
            }
        }
    }

    func testAnEncoderFedRowByRowWritesTheSameBytesAsOneCall() throws {
        var random = SeededRandom(seed: 4)
        var frame = RGBFrame(width: 33, height: 700)  // several compression bands
        for i in 0..<frame.pixels.count {
            frame.pixels[i] = i % 7 == 0 ? UInt8(truncatingIfNeeded: random.next()) : UInt8(i / 99 % 256)
        }
        let oneCall = try PNGCodec.encode(frame, .fast)
        let encoder = FastPNGEncoder(width: 33, height: 700, channels: 3)
        var y = 0
        var step = 1
        frame.pixels.withUnsafeBufferPointer { px in
            while y < 700 {
                let rows = min(step, 700 - y)
                encoder.append(rows: px.baseAddress! + y * 99, count: rows)
                y += rows
                step = step % 13 + 1
            }
        }
        XCTAssertEqual(encoder.finish(), oneCall)
        XCTAssertEqual(try PNGCodec.decodeRGB(oneCall).pixels, frame.pixels)
    }
}
