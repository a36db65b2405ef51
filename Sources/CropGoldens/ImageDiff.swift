import CropBitmap
import Foundation

/// Pixel comparison of a rendered frame with a golden image, in memory.
public struct ImageDiff: Sendable, Equatable {
    /// The bounding box of differing pixels, inclusive.
    public struct Box: Sendable, Equatable {
        public var x0: Int, y0: Int, x1: Int, y1: Int
    }

    /// Two sizes that differ.
    public struct SizeMismatch: Sendable, Equatable {
        public var expectedWidth: Int, expectedHeight: Int
        public var actualWidth: Int, actualHeight: Int
    }

    public var differing: Int
    public var total: Int
    public var maxDelta: Int
    public var box: Box?
    public var sizeMismatch: SizeMismatch?

    public var ratio: Double { total == 0 ? 0 : Double(differing) / Double(total) }

    /// One line of pixel figures.
    public var summary: String {
        if let s = sizeMismatch {
            return "size \(s.expectedWidth)x\(s.expectedHeight) -> \(s.actualWidth)x\(s.actualHeight)"
        }
        var text =
            "\(differing) of \(total) pixels \(differing == 1 ? "differs" : "differ") (\(ImageDiff.percent(ratio))), max channel delta \(maxDelta)"
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
        if expected.pixels == actual.pixels { return ImageDiff(differing: 0, total: n, maxDelta: 0, box: nil, sizeMismatch: nil) }
        var differing = 0
        var maxDelta = 0
        var x0 = Int.max
        var y0 = Int.max
        var x1 = -1
        var y1 = -1
        let w = actual.width
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for y in 0..<actual.height {
                    for x in 0..<w {
                        let i = (y * w + x) * 3
                        let d = max(abs(Int(a[i]) - Int(e[i])), abs(Int(a[i + 1]) - Int(e[i + 1])), abs(Int(a[i + 2]) - Int(e[i + 2])))
                        if d > maxDelta { maxDelta = d }
                        if d > tolerance {
                            differing += 1
                            x0 = min(x0, x)
                            x1 = max(x1, x)
                            y0 = min(y0, y)
                            y1 = max(y1, y)
                        }
                    }
                }
            }
        }
        return ImageDiff(
            differing: differing, total: n, maxDelta: maxDelta,
            box: differing > 0 ? Box(x0: x0, y0: y0, x1: x1, y1: y1) : nil, sizeMismatch: nil)
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
                d = max(abs(a.0 - Int(expected.pixels[p])), abs(a.1 - Int(expected.pixels[p + 1])), abs(a.2 - Int(expected.pixels[p + 2])))
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
