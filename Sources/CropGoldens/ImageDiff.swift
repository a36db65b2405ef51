import CCropKernels
import CropBitmap
import Foundation

/// Pixel comparison of a rendered frame with a golden image, in memory.
public struct ImageDiff: Sendable, Equatable {
    /// The bounding box of differing pixels, inclusive.
    public struct Box: Sendable, Equatable {
        /// The left, top, right and bottom pixel of the box (inclusive).
        public var x0: Int, y0: Int, x1: Int, y1: Int
    }

    /// Two sizes that differ.
    public struct SizeMismatch: Sendable, Equatable {
        /// The golden image's width and height.
        public var expectedWidth: Int, expectedHeight: Int
        /// The replay's width and height.
        public var actualWidth: Int, actualHeight: Int
    }

    /// Pixels whose channels differ by more than the tolerance.
    public var differing: Int
    /// Pixels compared.
    public var total: Int
    /// The largest channel difference.
    public var maxDelta: Int
    /// The bounding box of the differing pixels, or nil when none differ.
    public var box: Box?
    /// The two sizes when they differ (then nothing else is compared).
    public var sizeMismatch: SizeMismatch?

    /// The share of differing pixels, `differing / total`.
    public var ratio: Double { total == 0 ? 0 : Double(differing) / Double(total) }

    /// One line of pixel figures.
    public var summary: String {
        if let s = sizeMismatch {
            return "size \(s.expectedWidth)x\(s.expectedHeight) -> \(s.actualWidth)x\(s.actualHeight)"
        }
        var text =
            "\(differing) of \(total) pixels \(differing == 1 ? "differs" : "differ")"
            + " (\(ImageDiff.percent(ratio))), max channel delta \(maxDelta)"
        if let b = box { text += ", in box x \(b.x0)...\(b.x1), y \(b.y0)...\(b.y1)" }
        return text
    }

    static func percent(_ r: Double) -> String {
        let p = (r * 10000).rounded() / 100
        return "\(p)%"
    }

    /// Compares a golden decoded to RGB with a frame: identical bytes end the check at once
    /// (one memcmp); otherwise the pixel figures are computed. A pixel differs when a channel
    /// differs by more than `tolerance`.
    package static func compare(expected: RGBFrame, actual: RGBFrame, tolerance: Int) -> ImageDiff {
        let n = actual.width * actual.height
        guard expected.width == actual.width, expected.height == actual.height else {
            return ImageDiff(
                differing: n, total: n, maxDelta: 255, box: nil,
                sizeMismatch: SizeMismatch(
                    expectedWidth: expected.width, expectedHeight: expected.height,
                    actualWidth: actual.width, actualHeight: actual.height))
        }
        let d = expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                crk_compare_rgb(e.baseAddress, a.baseAddress, actual.width, actual.height, tolerance)
            }
        }
        return ImageDiff(
            differing: d.differing, total: n, maxDelta: d.max_delta,
            box: d.differing > 0 ? Box(x0: d.x0, y0: d.y0, x1: d.x1, y1: d.y1) : nil, sizeMismatch: nil)
    }

    /// A picture of the difference: differing pixels red (brighter for larger deltas),
    /// the rest a faded copy of the actual frame.
    package static func picture(expected: RGBFrame, actual: RGBFrame, tolerance: Int) -> RGBFrame {
        var out = RGBFrame(width: actual.width, height: actual.height)
        let sameSize = expected.width == actual.width && expected.height == actual.height
        for i in 0..<(actual.width * actual.height) {
            let p = i * 3
            let a = (Int(actual.pixels[p]), Int(actual.pixels[p + 1]), Int(actual.pixels[p + 2]))
            var d = 255
            if sameSize {
                d = max(
                    abs(a.0 - Int(expected.pixels[p])), abs(a.1 - Int(expected.pixels[p + 1])),
                    abs(a.2 - Int(expected.pixels[p + 2])))
            }
            if d > tolerance {
                out.pixels[p] = UInt8(min(255, 128 + d))
                out.pixels[p + 1] = 0
                out.pixels[p + 2] = 0
            } else {
                let v = UInt8((a.0 + a.1 + a.2) / 3 / 4 + 160)
                out.pixels[p] = v
                out.pixels[p + 1] = v
                out.pixels[p + 2] = v
            }
        }
        return out
    }
}
