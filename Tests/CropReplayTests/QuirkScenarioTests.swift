import CropEngine
import CropPipeline
import Foundation
import TestSupport
import XCTest

/// The founding editors' documented quirks, each kept as a committed scenario with a golden
/// (`scenarios/quirk-*.json`): these tests pin what each one shows.
final class QuirkScenarioTests: XCTestCase {
    func trace(_ name: String) throws -> Trace {
        try LoadedScenario.load(path: packageRoot + "/scenarios/\(name).json").replay()
    }

    /// fixed-frame-rollback hides its mask per gesture: began hides it, ended shows it, and a
    /// cancelled gesture leaves it hidden.
    func testFixedFrameMaskStaysHiddenAfterACancelledGesture() throws {
        let t = try trace("quirk-ffr-mask-stays-hidden-after-cancel")
        XCTAssertEqual(t.frames[0].mask, 1)
        let cancelled = try XCTUnwrap(t.frames.firstIndex { $0.pan == .cancelled })
        XCTAssertTrue(t.frames[1..<cancelled].allSatisfy { $0.mask == 0 })
        XCTAssertTrue(t.frames[cancelled...].allSatisfy { $0.mask == 0 }, "still hidden 0.5 s after the cancel")
    }

    /// The 7:10 scroll-view editor accepts a frame that holds letterbox: the saved crop is the
    /// whole wide photo, not a 7:10 picture.
    func testPortraitEditorLetsTheLetterboxBeCropped() throws {
        let t = try trace("quirk-p710-letterbox-cropped")
        XCTAssertTrue(t.frames[0].valid, "the viewport constraint calls the letterboxed state valid")
        XCTAssertEqual(t.crops.first?.pixelRect, [0, 0, 1600, 600])
    }

    /// The 16:9 editor's offset/factor formula assumes a width-limited fit: on a tall photo it
    /// crops another, smaller region than the one under the frame.
    func testWideEditorOffsetFactorCropsTheWrongRegionOfATallPhoto() throws {
        let quirk = try XCTUnwrap(try trace("quirk-w169-offset-factor-tall-photo").crops.first?.pixelRect)
        let t = try trace("quirk-w169-geometric-tall-photo")
        let geometric = try XCTUnwrap(t.crops.first?.pixelRect)
        // The geometric rect by hand: the frame in image pixels, made integral (floor the
        // origin, ceil the far edge).
        let f = try XCTUnwrap(t.crops.first.map { t.frames[$0.frame] })
        let (k, image, box) = (f.k, f.imageRect, f.frameRect)
        let x0 = Int(((box.minX - image.x) / k).rounded(.down))
        let y0 = Int(((box.minY - image.y) / k).rounded(.down))
        let x1 = Int(((box.maxX - image.x) / k).rounded(.up))
        let y1 = Int(((box.maxY - image.y) / k).rounded(.up))
        XCTAssertEqual(geometric, [x0, y0, x1 - x0, y1 - y0])
        XCTAssertNotEqual(quirk, geometric)
        XCTAssertLessThan(quirk[2], geometric[2], "the factor Iw/W shrinks the crop of a height-limited photo")
    }
}
