import CropGeometry
import CropRender
import Foundation
import TestSupport
import XCTest

/// Dashed borders against an independent reference: Tests/Reference/dash_reference.py builds
/// each border's dash pieces as polygons from the rules' words and measures every pixel with
/// shapely. Seeded random rects, circles and rounded rects, inside, centred and outside, at
/// scales 1 to 3, including strokes wider than the box; every pixel within 1/255.
final class DashReferenceTests: XCTestCase {
    func testRandomDashedBordersMatchThePolygonReference() throws {
        // The Python on PATH, else the system's (where Debian's python3-shapely installs).
        guard
            let python = ["python3", "/usr/bin/python3"].first(where: {
                (try? runProcess($0, ["-c", "import shapely"]))?.code == 0
            })
        else {
            throw XCTSkip(
                skippedLoudly(
                    "Python shapely is not installed (apt-get install python3-shapely, or pip install shapely)"))
        }
        var random = SeededRandom(seed: 255)
        func uniform(_ lo: Double, _ hi: Double) -> Double {
            // Three decimals, as a scenario file would hold them.
            ((lo + (hi - lo) * Double(random.next() >> 11) / Double(1 << 53)) * 1000).rounded() / 1000
        }
        var cases: [[String: Any]] = []
        var coverage: [[[Double]]] = []
        for i in 0..<24 {
            let shape = ["rect", "circle", "roundedRect"][i % 3]
            let position = ["inside", "center", "outside"][(i / 3) % 3]
            let vw = 40 + Double(i % 5) * 8
            let vh = 36 + Double(i % 4) * 9
            let fw = uniform(6, vw - 16)
            let fh = shape == "circle" ? min(fw, vh - 16) : uniform(6, vh - 16)
            let side = shape == "circle" ? min(fw, fh) : fw
            let rect = Rect(
                x: uniform(7, vw - side - 7), y: uniform(7, vh - fh - 7), width: side, height: fh)
            let radius = shape == "roundedRect" ? uniform(0, min(side, fh) / 2) : 0
            // Every fourth stroke is wider than a quarter of the box: bands that overlap.
            let width = i % 4 == 3 ? uniform(3, 9) : uniform(0.3, 5)
            let dash = (0..<(1 + i % 3)).map { _ in uniform(0.2, 8) }
            let scale = 1 + i % 3
            let list = dash.map { "\($0)" }.joined(separator: ", ")
            let s = try scenario(
                """
                {"editor": {"viewport": {"width": \(vw), "height": \(vh)}, "frame": {"shape": "\(shape)", "size": [\(side), \(fh)], "cornerRadius": \(radius)}, "border": {"width": \(width), "dash": [\(list)], "position": "\(position)"}}}
                """)
            let layers = FrameLayers(
                editor: s.editor, scale: scale, viewportWidth: vw, viewportHeight: vh, frameRect: rect)
            var pixels: [[Double]] = []
            if let map = layers.border {
                for y in 0..<map.height {
                    for run in map.runs(row: y) {
                        switch run {
                        case .full(let x0, let x1): for x in x0..<x1 { pixels.append([Double(x), Double(y), 1]) }
                        case .partial(let x0, let count, let offset):
                            for j in 0..<count {
                                pixels.append([Double(x0 + j), Double(y), Double(map.values[offset + j])])
                            }
                        }
                    }
                }
            }
            cases.append([
                "shape": shape, "position": position, "rect": [rect.x, rect.y, rect.width, rect.height],
                "radius": radius, "width": width, "dash": dash, "scale": scale,
                "canvas": [layers.width, layers.height],
            ])
            coverage.append(pixels)
        }
        let dir = temporaryDirectory()
        let file = dir + "/cases.json"
        try JSONSerialization.data(withJSONObject: ["cases": cases, "coverage": coverage]).write(
            to: URL(fileURLWithPath: file))
        let r = try runProcess(python, [packageRoot + "/Tests/Reference/dash_reference.py", file])
        print(r.out)
        XCTAssertEqual(r.code, 0, r.out + r.err)
    }
}
