import CropBitmap
import CropImageIO
import Foundation
import TestSupport
import XCTest

/// JPEG input: the eight EXIF orientations, progressive and grey files, damage. The fixtures
/// (`Fixtures/jpeg`, made by `make.py` with Pillow) hold flat 16-pixel quadrants, so their
/// truth does not depend on the codec: each quadrant keeps its colour within a few levels.
final class JPEGTests: XCTestCase {
    static let folder = packageRoot + "/Tests/CropReplayTests/Fixtures/jpeg"

    func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: Self.folder + "/" + name)))
    }

    /// The colour at the centre of each quadrant: top-left, top-right, bottom-left, bottom-right.
    func quadrants(_ image: RGBAImage) -> [[Int]] {
        [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)].map { fx, fy in
            let x = Int(Double(image.width) * fx)
            let y = Int(Double(image.height) * fy)
            let i = (y * image.width + x) * 4
            return (0..<3).map { Int(image.pixels[i + $0]) }
        }
    }

    func assertUpright(_ image: RGBAImage, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(image.width, 48, what, file: file, line: line)
        XCTAssertEqual(image.height, 32, what, file: file, line: line)
        let expected = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
        for (got, want) in zip(quadrants(image), expected) {
            XCTAssertTrue(
                zip(got, want).allSatisfy { abs($0 - $1) <= 6 }, "\(what): \(got) vs \(want)", file: file, line: line)
        }
        XCTAssertTrue(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }, "opaque")
    }

    func testEveryExifOrientationShowsThePictureUpright() throws {
        // The reference is the PNG the JPEGs were made from.
        assertUpright(try PNGCodec.decode(bytes("upright.png")), "upright.png")
        for n in 1...8 {
            let data = try bytes("orientation-\(n).jpg")
            XCTAssertEqual(ExifOrientation.read(data).rawValue, n)
            assertUpright(try ImageDecoder.decode(data), "orientation \(n)")
        }
        // Orientation 6 (a phone's portrait photo) is stored 32 wide and shown 48 wide.
        XCTAssertEqual(try ImageDecoder.decode(bytes("orientation-6.jpg")).width, 48)
    }

    func testProgressiveAndGreyFilesDecode() throws {
        assertUpright(try ImageDecoder.decode(bytes("progressive.jpg")), "progressive")
        let grey = try ImageDecoder.decode(bytes("grey.jpg"))
        XCTAssertEqual(grey.width, 48)
        let q = quadrants(grey)
        XCTAssertTrue(q.allSatisfy { $0[0] == $0[1] && $0[1] == $0[2] }, "grey stays grey: \(q)")
        XCTAssertEqual(ExifOrientation.read(try bytes("grey.jpg")), .up)
    }

    func testDecodingIsReproducible() throws {
        // Same bytes, same pixels (fixed IDCT and upsampling); 10 runs.
        let data = try bytes("orientation-5.jpg")
        let first = try ImageDecoder.decode(data)
        for _ in 0..<10 { XCTAssertEqual(try ImageDecoder.decode(data).pixels, first.pixels) }
    }

    func testDamagedFilesAreOneClearError() throws {
        let truncated = try bytes("truncated.jpg")
        XCTAssertThrowsError(try ImageDecoder.decode(truncated)) { e in
            XCTAssertTrue("\(e)".hasPrefix("not a readable JPEG: "), "\(e)")
        }
        // Every prefix and a few flipped bytes: an error or an image, never a crash.
        let whole = try bytes("orientation-6.jpg")
        for n in stride(from: 0, to: whole.count, by: 7) { _ = try? ImageDecoder.decode(Array(whole.prefix(n))) }
        var rng = SeededRandom(seed: 9)
        for _ in 0..<200 {
            var damaged = whole
            for _ in 0..<3 {
                damaged[Int.random(in: 2..<damaged.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            _ = try? ImageDecoder.decode(damaged)
        }
        XCTAssertThrowsError(try ImageDecoder.decode(Array("GIF89a".utf8))) { e in
            XCTAssertTrue("\(e)".contains("neither a PNG nor a JPEG"), "\(e)")
        }
    }

    func testExifParsingChecksEveryOffset() {
        // APP1 segments that lie about their lengths and offsets read as "up", never trap.
        let exifHead: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1]
        let cases: [[UInt8]] = [
            exifHead + [0x00, 0x02],
            exifHead + [0xFF, 0xFF] + Array("Exif".utf8) + [0, 0],
            exifHead + [0x00, 0x20] + Array("Exif".utf8) + [0, 0, 0x49, 0x49, 42, 0, 0xFF, 0xFF, 0xFF, 0x7F]
                + [UInt8](repeating: 0, count: 18),
            exifHead + [0x00, 0x20] + Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0xFF, 0xFF]
                + [UInt8](repeating: 0, count: 16),
        ]
        for c in cases { XCTAssertEqual(ExifOrientation.read(c), .up) }
    }

    func testAScenarioCanUseAJPEGPhoto() throws {
        let dir = temporaryDirectory("jpeg")
        try FileManager.default.copyItem(atPath: Self.folder + "/orientation-6.jpg", toPath: dir + "/photo.jpg")
        try
            #"{"editor": {"viewport": {"width": 60, "height": 40}, "image": {"file": "photo.jpg"}, "fit": "aspectFit"}, "script": [{"snapshot": "shown"}]}"#
            .write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let r = runCLI(["run", dir + "/s.json", "--out", dir + "/out"])
        XCTAssertEqual(r.code, 0, r.err)
        // The upright 48x32 picture fits a 60x40 viewport at 1.25: the top-left is red.
        let shot = try PNGCodec.decode(
            [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: dir + "/out/s/snapshots/shown.png"))))
        let centre = (shot.height / 4 * shot.width + shot.width / 4) * 4
        XCTAssertGreaterThan(
            Int(shot.pixels[centre]), 2 * Int(shot.pixels[centre + 1]) + 40, "red, under the default mask or frame")
        XCTAssertEqual(shot.pixels[centre + 1], shot.pixels[centre + 2])
    }
}
