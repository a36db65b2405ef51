import CropRender
import XCTest

@testable import CropRender

/// The vectorizable fixed-point blend must equal the blend table wherever it is used.
final class BlendTests: XCTestCase {
    func table(_ c: Double, _ alpha: Double) -> [UInt8] {
        (0..<256).map { d in UInt8(c * alpha + Double(d) * (1 - alpha) + 0.5) }
    }

    func testFixedPointBlendReproducesTheTableAndIsUsuallyAvailable() {
        var available = 0
        var total = 0
        for c in [0.0, 255, 128] {
            for i in 0...200 {
                let alpha = Double(i) / 200
                let lut = table(c, alpha)
                total += 1
                guard let f = FixedBlend(table: lut) else { continue }
                available += 1
                // 256 inputs plus a tail of 5 (the vector loop and the scalar tail).
                var bytes = (0..<261).map { UInt8($0 % 256) }
                bytes.withUnsafeMutableBufferPointer { f.apply($0.baseAddress!, count: 261) }
                XCTAssertEqual(bytes, (0..<261).map { lut[$0 % 256] }, "c \(c) alpha \(alpha)")
            }
        }
        // The presets' masks (black 0.8, 0.5, 0.35, white 0.3) all take the fast path.
        for (c, a) in [(0.0, 0.8), (0.0, 0.5), (0.0, 0.35), (255.0, 0.3)] {
            XCTAssertNotNil(FixedBlend(table: table(c, a)), "\(c) \(a)")
        }
        XCTAssertGreaterThan(Double(available) / Double(total), 0.9)
    }
}
