import CropGeometry
import CropRender
import TestSupport
import XCTest

/// The strokes' coverage is each pixel's exact area (docs/behaviour.md, "Rendering"): dash
/// ends cut the band exactly, the bands of two sides overlapping in a corner are covered where
/// either side's dash is on, and grid lines that overlap count once. Expected values are
/// computed here from the rules' geometry (rect areas, sector areas), not read from the renderer.
final class ExactStrokeTests: XCTestCase {
    /// The border map of a frame at `rect` on a W x H viewport (scale 1).
    func border(
        _ w: Int, _ h: Int, rect: Rect, shape: String = "rect", radius: Double = 0, width: Double,
        dash: [Double], position: String = "center"
    ) throws -> CoverageMap {
        let list = dash.map { "\($0)" }.joined(separator: ", ")
        let s = try scenario(
            """
            {"editor": {"viewport": {"width": \(w), "height": \(h)}, "frame": {"shape": "\(shape)", "size": [\(rect.width), \(rect.height)], "cornerRadius": \(radius)}, "border": {"width": \(width), "dash": [\(list)], "position": "\(position)"}}}
            """)
        let layers = FrameLayers(
            editor: s.editor, scale: 1, viewportWidth: Double(w), viewportHeight: Double(h), frameRect: rect)
        return try XCTUnwrap(layers.border)
    }

    /// Area of a rect inside the unit pixel (x, y).
    func inPixel(_ r: Rect, _ x: Int, _ y: Int) -> Double {
        AreaMath.overlap(r.minX, r.maxX, Double(x), Double(x + 1))
            * AreaMath.overlap(r.minY, r.maxY, Double(y), Double(y + 1))
    }

    func testADashEndInsideAPixelCoversItsExactArea() throws {
        // Top side of the centreline at y = 102.5 (band 101.5 ... 103.5 covers row 102), from
        // x = 10; the first dash ends at x = 100.7025.
        let map = try border(
            200, 200, rect: Rect(x: 10, y: 102.5, width: 150, height: 60), width: 2, dash: [90.7025, 30])
        XCTAssertEqual(map.coverage(x: 100, y: 102), 0.7025, accuracy: 1e-6)
        XCTAssertEqual(Int((map.coverage(x: 100, y: 102) * 255).rounded()), 179)
        XCTAssertEqual(map.coverage(x: 99, y: 102), 1, accuracy: 1e-6)
        XCTAssertEqual(map.coverage(x: 101, y: 102), 0)
        // The row half covered by the band at its edge: half of the dash end's area.
        XCTAssertEqual(map.coverage(x: 100, y: 101), 0.5 * 0.7025, accuracy: 1e-6)
    }

    func testEitherSidesDashCoversTheCornersOverlap() throws {
        // A 2.5-point centred border, dash [4, 4], on a 20.3 x 13.7 rect at (10.4, 10.6): the path
        // is 68 long, so the dash is on at its end (64 ... 68) and at its start (0 ... 4), the
        // start vertex's mitre is filled, and the top-left corner's square is covered by the top
        // dash, the left dash and the mitre together.
        let rect = Rect(x: 10.4, y: 10.6, width: 20.3, height: 13.7)
        let map = try border(60, 60, rect: rect, width: 2.5, dash: [4, 4])
        let hw = 1.25
        let top = Rect(x: rect.minX, y: rect.minY - hw, width: 4, height: 2 * hw)
        let left = Rect(x: rect.minX - hw, y: rect.minY, width: 2 * hw, height: 4)
        let mitre = Rect(x: rect.minX - hw, y: rect.minY - hw, width: hw, height: hw)
        let both = Rect(x: rect.minX, y: rect.minY, width: hw, height: hw)
        for (x, y) in [(9, 9), (10, 9), (11, 9), (9, 10), (10, 10), (11, 10), (9, 11), (10, 11), (11, 11)] {
            let exact =
                inPixel(top, x, y) + inPixel(left, x, y) + inPixel(mitre, x, y) - inPixel(both, x, y)
            XCTAssertEqual(map.coverage(x: x, y: y), exact, accuracy: 1e-6, "pixel (\(x), \(y))")
        }
        // The pixel that holds the inner corner square: covered in full where the top dash is on,
        // though the left side is nearer to part of it.
        XCTAssertEqual(
            map.coverage(x: 11, y: 11), inPixel(top, 11, 11) + inPixel(left, 11, 11) - inPixel(both, 11, 11),
            accuracy: 1e-6)
    }

    func testTheTopDashAloneCoversTheCornerSquareWhenTheLeftOneIsOff() throws {
        // Path length 2 * (20 + 16.5) = 73: at its end (72 ... 73) the dash is on, but from 64 to
        // 72 it is off, so the left side's band near the top-left corner (arc 71.75 ... 73) is on
        // only from 72 on (y <= top + 1) and the mitre is filled (on at both ends).
        let rect = Rect(x: 20.3, y: 20.2, width: 20, height: 16.5)
        let map = try border(60, 60, rect: rect, width: 2.5, dash: [4, 4])
        let hw = 1.25
        let top = Rect(x: rect.minX, y: rect.minY - hw, width: 4, height: 2 * hw)
        let left = Rect(x: rect.minX - hw, y: rect.minY, width: 2 * hw, height: 1)
        let mitre = Rect(x: rect.minX - hw, y: rect.minY - hw, width: hw, height: hw)
        let both = Rect(x: rect.minX, y: rect.minY, width: hw, height: 1)
        for y in 18...22 {
            for x in 18...22 {
                let exact =
                    inPixel(top, x, y) + inPixel(left, x, y) + inPixel(mitre, x, y) - inPixel(both, x, y)
                XCTAssertEqual(map.coverage(x: x, y: y), exact, accuracy: 1e-6, "pixel (\(x), \(y))")
            }
        }
    }

    func testAMitreIsFilledOnlyWhereTheDashRunsThroughTheCorner() throws {
        // A 20 x 10 rect at (20.5, 20.5), a 2-point centred border: the path is 60 long, the
        // top-right vertex at arc length 20; each corner's mitre square is 1 x 1, a quarter of
        // the pixel beyond the vertex ((41, 19) top-right, (19, 19) top-left), which no side's
        // band reaches.
        let rect = Rect(x: 20.5, y: 20.5, width: 20, height: 10)
        func corners(_ dash: [Double]) throws -> (topRight: Double, start: Double) {
            let map = try border(60, 50, rect: rect, width: 2, dash: dash)
            return (map.coverage(x: 41, y: 19), map.coverage(x: 19, y: 19))
        }
        // A dash ending exactly at the vertex does not run through it; on at both ends of the
        // path (59.999 is 15.999 into a period of 22), the start vertex's mitre is filled.
        let ends = try corners([20, 2])
        XCTAssertEqual(ends.topRight, 0, accuracy: 1e-9)
        XCTAssertEqual(ends.start, 0.25, accuracy: 1e-9)
        // A dash through the vertex fills its mitre.
        XCTAssertEqual(try corners([21, 1]).topRight, 0.25, accuracy: 1e-9)
        // Off at the end of the path (59.999 is 9.999 into a period of 10): no start mitre,
        // though the dash is on at the start.
        XCTAssertEqual(try corners([5, 5]).start, 0, accuracy: 1e-9)
    }

    func testADashedCirclesAreaIsItsDashesSectors() throws {
        // Radius 30 centred at (40.3, 40.6), a 3-point centred band: each dash of arc length a
        // covers a / 30 radians of the annulus 28.5 ... 31.5.
        let map = try border(
            90, 90, rect: Rect(x: 10.3, y: 10.6, width: 60, height: 60), shape: "circle", width: 3, dash: [5, 3, 1])
        let pattern = [5.0, 3, 1, 5, 3, 1]
        let length = 2 * Double.pi * 30
        var on = 0.0
        var s = 0.0
        var i = 0
        while s < length {
            let end = min(length, s + pattern[i])
            if i % 2 == 0 { on += end - s }
            s += pattern[i]
            i = (i + 1) % pattern.count
        }
        let exact = on / 30 * (31.5 * 31.5 - 28.5 * 28.5) / 2
        XCTAssertEqual(map.totalArea, exact, accuracy: 1e-3)
    }

    func testADashedRoundedRectsAreaIsItsSidesAndCorners() throws {
        // A 40 x 30 rect, corner radius 6, 2-point inside border: the centreline (38 x 28) has
        // radius 5, straight sides 28 and 18 long, quarter arcs of 5 * pi / 2; dash [7, 2].
        let map = try border(
            70, 60, rect: Rect(x: 10.25, y: 12.75, width: 40, height: 30), shape: "roundedRect", radius: 6, width: 2,
            dash: [7, 2], position: "inside")
        let quarter = 5 * Double.pi / 2
        // Pieces in path order: top, corner, right, corner, bottom, corner, left, corner.
        let pieces: [(length: Double, arc: Bool)] = [
            (28, false), (quarter, true), (18, false), (quarter, true), (28, false), (quarter, true), (18, false),
            (quarter, true),
        ]
        var exact = 0.0
        var start = 0.0
        for piece in pieces {
            // On length of [start, start + length] under a period of 9 with 7 on.
            func onUpTo(_ s: Double) -> Double {
                let n = (s / 9).rounded(.down)
                return n * 7 + min(7, s - n * 9)
            }
            let on = onUpTo(start + piece.length) - onUpTo(start)
            // A straight piece's band is on * width; an arc's is (on / 5) * (6^2 - 4^2) / 2.
            exact += piece.arc ? on / 5 * (36 - 16) / 2 : on * 2
            start += piece.length
        }
        XCTAssertEqual(map.totalArea, exact, accuracy: 1e-3)
    }

    func testADashThatNeverTurnsOffIsTheSolidStroke() throws {
        for (shape, radius) in [("rect", 0.0), ("circle", 0), ("roundedRect", 7)] {
            let rect = Rect(x: 10.37, y: 10.37, width: 40, height: 40)
            let dashed = try border(64, 64, rect: rect, shape: shape, radius: radius, width: 3.3, dash: [5, 0])
            let solid = try border(64, 64, rect: rect, shape: shape, radius: radius, width: 3.3, dash: [])
            for y in 0..<64 {
                for x in 0..<64 {
                    XCTAssertEqual(
                        dashed.coverage(x: x, y: y), solid.coverage(x: x, y: y), accuracy: 1e-5, "\(shape) (\(x), \(y))"
                    )
                }
            }
        }
    }

    func testGridLinesThatOverlapCountOnce() throws {
        // A 3-point frame with 9 lines half a point wide: centres 0.3 apart, so neighbouring
        // bands overlap by 0.2 and together span 0.05 ... 2.95 of the frame each way.
        let s = try scenario(
            """
            {"editor": {"viewport": {"width": 20, "height": 20}, "frame": {"size": [3, 3]}, "border": null, "grid": {"lines": 9, "width": 0.5, "visibility": "always"}}}
            """)
        let layers = FrameLayers(
            editor: s.editor, scale: 1, viewportWidth: 20, viewportHeight: 20,
            frameRect: Rect(x: 5, y: 5, width: 3, height: 3))
        let grid = try XCTUnwrap(layers.grid)
        // Vertical bands 2.9 x 3, horizontal ones 3 x 2.9, their crossing 2.9 x 2.9.
        XCTAssertEqual(grid.totalArea, 2.9 * 3 + 3 * 2.9 - 2.9 * 2.9, accuracy: 1e-5)
        // The frame's corner pixel: 0.95 of it under the vertical bands, 0.95 under the horizontal.
        XCTAssertEqual(grid.coverage(x: 5, y: 5), 0.95 + 0.95 - 0.95 * 0.95, accuracy: 1e-6)
        XCTAssertEqual(grid.coverage(x: 6, y: 6), 1, accuracy: 1e-6)
    }
}
