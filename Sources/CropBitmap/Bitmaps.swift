import CCropKernels

/// An 8-bit RGBA image with straight (non-premultiplied) alpha, row-major.
public struct RGBAImage: Equatable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Four bytes per pixel (red, green, blue, alpha), rows top to bottom.
    public var pixels: [UInt8]
    /// An image of `width` by `height` pixels from its bytes (`width * height * 4`).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
    /// An image of `width` by `height` pixels of one colour (transparent black by default).
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        self.width = width
        self.height = height
        var p = [UInt8](repeating: 0, count: width * height * 4)
        if fill != (0, 0, 0, 0) {
            for i in 0..<(width * height) {
                p[i * 4] = fill.0
                p[i * 4 + 1] = fill.1
                p[i * 4 + 2] = fill.2
                p[i * 4 + 3] = fill.3
            }
        }
        self.pixels = p
    }
}

/// A rendered frame: 8-bit sRGB, 3 bytes per pixel, row-major, opaque.
public struct RGBFrame: Equatable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Three bytes per pixel (red, green, blue), rows top to bottom.
    public var pixels: [UInt8]
    /// A frame of `width` by `height` pixels from its bytes (`width * height * 3`).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
    /// A black frame of `width` by `height` pixels.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 3))
    }
    /// The red, green and blue bytes of the pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 3
        return (pixels[i], pixels[i + 1], pixels[i + 2])
    }
}

/// An image prepared for sampling: premultiplied 8-bit RGBA (rounded), with a flag for opaque images.
package struct PremultipliedImage: Sendable {
    package let width: Int
    package let height: Int
    package let pixels: [UInt8]
    package let isOpaque: Bool

    package init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        var p = image.pixels
        let count = min(p.count / 4, image.width * image.height)
        isOpaque = p.withUnsafeMutableBufferPointer { crk_premultiply($0.baseAddress, count) } == 1
        pixels = p
    }
}
