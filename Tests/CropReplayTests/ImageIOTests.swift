import CropImageIO
import CropReplay
import TestSupport
import XCTest

/// PNG decoding of every kind, from fixtures written by a codec-independent writer.
final class ImageIOTests: XCTestCase {
    func testGrayEightBitExpandsToRGBA() throws {
        let png = RawPNG.png(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [[10, 200]])
        let img = try PNGCodec.decode(png)
        XCTAssertEqual(img.pixels, [10, 10, 10, 255, 200, 200, 200, 255])
    }

    func testPaletteWithTransparency() throws {
        let png = RawPNG.png(
            width: 3, height: 1, bitDepth: 8, colorType: 3, rows: [[0, 1, 2]],
            palette: [255, 0, 0, 0, 255, 0, 0, 0, 255], trns: [255, 128])
        let img = try PNGCodec.decode(png)
        XCTAssertEqual(img.pixels, [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255])
    }

    func testSixteenBitKeepsTheHighByteAndIgnoresGamma() throws {
        let gama = RawPNG.chunk("gAMA", [0, 0, 0x5A, 0x00])  // some gamma: ignored
        let png = RawPNG.png(
            width: 1, height: 1, bitDepth: 16, colorType: 6, rows: [[0x12, 0xFF, 0x34, 0x01, 0xAB, 0xCD, 0x80, 0x00]],
            extra: [gama])
        let img = try PNGCodec.decode(png)
        XCTAssertEqual(img.pixels, [0x12, 0x34, 0xAB, 0x80])
    }

    func testGrayAlphaAndLowBitDepth() throws {
        let ga = try PNGCodec.decode(RawPNG.png(width: 1, height: 1, bitDepth: 8, colorType: 4, rows: [[77, 99]]))
        XCTAssertEqual(ga.pixels, [77, 77, 77, 99])
        let bits = try PNGCodec.decode(
            RawPNG.png(width: 4, height: 1, bitDepth: 2, colorType: 0, rows: [[0b00_01_10_11]]))
        XCTAssertEqual(bits.pixels.enumerated().filter { $0.offset % 4 == 0 }.map { $0.element }, [0, 85, 170, 255])
    }

    func testRoundTripThroughLibpng() throws {
        var frame = RGBFrame(width: 5, height: 3)
        for i in 0..<frame.pixels.count { frame.pixels[i] = UInt8((i * 37) % 256) }
        for c in [PNGCodec.Compression.fast, .golden] {
            let img = try PNGCodec.decode(PNGCodec.encode(frame, c))
            XCTAssertEqual(img.width, 5)
            for p in 0..<15 {
                XCTAssertEqual(Array(img.pixels[p * 4..<(p * 4 + 3)]), Array(frame.pixels[p * 3..<(p * 3 + 3)]))
            }
        }
    }

    func testCorruptTruncatedAndOversizedAreClearErrors() throws {
        let good = RawPNG.png(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [[10, 200]])
        XCTAssertThrowsError(try PNGCodec.decode(Array(good.prefix(30)))) { e in
            XCTAssertTrue("\(e)".contains("not a readable PNG"), "\(e)")
        }
        var corrupt = good
        corrupt[corrupt.count - 20] ^= 0xFF  // inside IDAT: CRC mismatch
        XCTAssertThrowsError(try PNGCodec.decode(corrupt))
        XCTAssertThrowsError(try PNGCodec.decode(Array("hello".utf8))) { e in
            XCTAssertTrue("\(e)".contains("signature"), "\(e)")
        }
        // A header claiming 20000 x 20000: refused before allocating.
        let huge = RawPNG.png(width: 20000, height: 20000, bitDepth: 8, colorType: 0, rows: [[0]])
        XCTAssertThrowsError(try PNGCodec.decode(huge)) { e in
            XCTAssertEqual(e as? ImageError, .tooLarge(width: 20000, height: 20000))
        }
    }
}
