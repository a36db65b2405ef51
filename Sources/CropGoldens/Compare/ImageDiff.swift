import Foundation
import CropRender

/// Pixel comparison of a rendered frame with a golden image, in memory.
public struct ImageDiff: Sendable, Equatable {
    public var differing: Int
    public var total: Int
    public var maxDelta: Int
    /// Bounding box of differing pixels: x0, y0, x1, y1 (inclusive), or nil.
    public var box: (Int, Int, Int, Int)?
    public var sizeMismatch: (expected: (Int, Int), actual: (Int, Int))?

    public static func == (a: ImageDiff, b: ImageDiff) -> Bool {
        a.differing == b.differing && a.total == b.total && a.maxDelta == b.maxDelta
    }

    public var ratio: Double { total == 0 ? 0 : Double(differing) / Double(total) }

    /// One line of pixel figures.
    public var summary: String {
        if let s = sizeMismatch {
            return "size \(s.expected.0)x\(s.expected.1) -> \(s.actual.0)x\(s.actual.1)"
        }
        var text = "\(differing) of \(total) pixels differ (\(formatPercent(ratio))), max channel delta \(maxDelta)"
        if let b = box { text += ", in box x \(b.0)...\(b.2), y \(b.1)...\(b.3)" }
        return text
    }

    func formatPercent(_ r: Double) -> String {
        let p = (r * 10000).rounded() / 100
        return "\(p)%"
    }

    /// Compares a golden decoded to RGB with a frame: identical bytes end the check at once
    /// (one memcmp); otherwise the pixel figures are computed.
    public static func compare(expected: RGBFrame, actual: RGBFrame, tolerance: Int) -> ImageDiff {
        let n = actual.width * actual.height
        if expected.width == actual.width, expected.height == actual.height {
            let same = expected.pixels.withUnsafeBytes { e in actual.pixels.withUnsafeBytes { a in memcmp(e.baseAddress!, a.baseAddress!, a.count) == 0 } }
            if same { return ImageDiff(differing: 0, total: n, maxDelta: 0, box: nil, sizeMismatch: nil) }
        }
        return compare(expected: RGBAImage(rgb: expected), actual: actual, tolerance: tolerance)
    }

    /// Compares RGB channels; a pixel differs when some channel differs by more than `tolerance`.
    /// `expected` is a decoded golden (RGBA, alpha ignored).
    public static func compare(expected: RGBAImage, actual: RGBFrame, tolerance: Int) -> ImageDiff {
        guard expected.width == actual.width, expected.height == actual.height else {
            return ImageDiff(differing: actual.width * actual.height, total: actual.width * actual.height, maxDelta: 255, box: nil,
                             sizeMismatch: ((expected.width, expected.height), (actual.width, actual.height)))
        }
        var differing = 0, maxDelta = 0
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        let w = actual.width
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for y in 0..<actual.height {
                    for x in 0..<w {
                        let ai = (y * w + x) * 3, ei = (y * w + x) * 4
                        let d = max(abs(Int(a[ai]) - Int(e[ei])), abs(Int(a[ai + 1]) - Int(e[ei + 1])), abs(Int(a[ai + 2]) - Int(e[ei + 2])))
                        if d > maxDelta { maxDelta = d }
                        if d > tolerance {
                            differing += 1
                            if x < x0 { x0 = x }
                            if x > x1 { x1 = x }
                            if y < y0 { y0 = y }
                            if y > y1 { y1 = y }
                        }
                    }
                }
            }
        }
        return ImageDiff(differing: differing, total: w * actual.height, maxDelta: maxDelta,
                         box: differing > 0 ? (x0, y0, x1, y1) : nil, sizeMismatch: nil)
    }

    /// A picture of the difference: differing pixels red (brighter for larger deltas),
    /// the rest a faded copy of the actual frame.
    public static func picture(expected: RGBAImage, actual: RGBFrame, tolerance: Int) -> RGBFrame {
        var out = RGBFrame(width: actual.width, height: actual.height)
        let sameSize = expected.width == actual.width && expected.height == actual.height
        for i in 0..<(actual.width * actual.height) {
            let a = (Int(actual.pixels[i * 3]), Int(actual.pixels[i * 3 + 1]), Int(actual.pixels[i * 3 + 2]))
            var d = 255
            if sameSize {
                let e = i * 4
                d = max(abs(a.0 - Int(expected.pixels[e])), abs(a.1 - Int(expected.pixels[e + 1])), abs(a.2 - Int(expected.pixels[e + 2])))
            }
            if d > tolerance {
                out.pixels[i * 3] = UInt8(min(255, 128 + d))
                out.pixels[i * 3 + 1] = 0
                out.pixels[i * 3 + 2] = 0
            } else {
                let gray = (a.0 + a.1 + a.2) / 3
                let v = UInt8(gray / 4 + 160)
                out.pixels[i * 3] = v; out.pixels[i * 3 + 1] = v; out.pixels[i * 3 + 2] = v
            }
        }
        return out
    }
}

extension RGBAImage {
    /// An opaque RGBA copy of an RGB frame.
    init(rgb f: RGBFrame) {
        var p = [UInt8](repeating: 255, count: f.width * f.height * 4)
        for i in 0..<(f.width * f.height) {
            p[i * 4] = f.pixels[i * 3]; p[i * 4 + 1] = f.pixels[i * 3 + 1]; p[i * 4 + 2] = f.pixels[i * 3 + 2]
        }
        self.init(width: f.width, height: f.height, pixels: p)
    }
}
