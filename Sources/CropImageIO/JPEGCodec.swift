import CJPEGShim
import CropBitmap

/// JPEG decoding through libjpeg-turbo (see `cjpeg_shim.h` for the fixed options that make
/// the pixels the same on every machine), upright: the EXIF orientation is applied.
package enum JPEGCodec {
    /// libjpeg's working memory is bounded (a progressive 100 MP file needs about 1.2 GB).
    static let maxMemory = 2_000_000_000

    package static func isJPEG(_ data: [UInt8]) -> Bool {
        data.count >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF
    }

    /// Decodes to 8-bit RGBA (alpha 255), turned and mirrored as its EXIF orientation says.
    package static func decode(_ data: [UInt8]) throws(ImageError) -> RGBAImage {
        var out = cjpeg_decoded()
        let status = data.withUnsafeBufferPointer { buf in
            cjpeg_decode_rgba(
                buf.baseAddress, buf.count, UInt32(PNGCodec.maxSide), UInt32(PNGCodec.maxSide),
                UInt64(PNGCodec.maxPixels), maxMemory, &out
            )
        }
        let message = withUnsafeBytes(of: &out.message) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if status == 2 { throw .tooLarge(width: Int(out.width), height: Int(out.height)) }
        guard status == 0, let pixels = out.pixels else {
            throw .unreadableJPEG(message.isEmpty ? "cannot be decoded" : message)
        }
        defer { cjpeg_free(pixels) }
        let w = Int(out.width)
        let h = Int(out.height)
        let stored = RGBAImage(width: w, height: h, pixels: Array(UnsafeBufferPointer(start: pixels, count: w * h * 4)))
        return ExifOrientation.read(data).upright(stored)
    }
}

/// The EXIF orientation tag (0x0112) of a JPEG: how the stored pixels must be turned and
/// mirrored to show the picture upright (1 = as stored; 6 = a phone's portrait photo stored
/// landscape, turned 90 degrees clockwise to show).
package enum ExifOrientation: Int, Sendable, CaseIterable {
    case up = 1
    case mirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// The orientation in the first APP1 "Exif" segment; `.up` when there is none or it
    /// cannot be read (every offset is checked against the data).
    package static func read(_ d: [UInt8]) -> ExifOrientation {
        var i = 2
        while i + 4 <= d.count, d[i] == 0xFF {
            let marker = d[i + 1]
            if marker == 0xD9 || marker == 0xDA { break }  // end of image, start of scan
            let length = Int(d[i + 2]) << 8 | Int(d[i + 3])
            guard length >= 2, i + 2 + length <= d.count else { break }
            if marker == 0xE1, length >= 16, Array(d[(i + 4)..<(i + 10)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return tiff(Array(d[(i + 10)..<(i + 2 + length)])) ?? .up
            }
            i += 2 + length
        }
        return .up
    }

    /// The orientation entry of IFD0 in a TIFF block (byte order "II" or "MM").
    static func tiff(_ t: [UInt8]) -> ExifOrientation? {
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= t.count else { return nil }
            return little ? Int(t[at]) | Int(t[at + 1]) << 8 : Int(t[at]) << 8 | Int(t[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for k in 0..<min(count, 1000) {
            let entry = ifd + 2 + k * 12
            guard let tag = u16(entry) else { return nil }
            // Tag 0x0112, type SHORT (3), count 1: the value sits in the entry's first two bytes.
            if tag == 0x0112, u16(entry + 2) == 3, let value = u16(entry + 8) {
                return ExifOrientation(rawValue: value)
            }
        }
        return nil
    }

    /// The stored pixels turned and mirrored upright: output pixel (x, y) of the upright
    /// image (w' x h') takes the stored pixel given by the EXIF transform.
    package func upright(_ image: RGBAImage) -> RGBAImage {
        if self == .up { return image }
        let (w, h) = (image.width, image.height)
        let swaps = rawValue >= 5
        let (ow, oh) = swaps ? (h, w) : (w, h)
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<oh {
                    for x in 0..<ow {
                        // The stored pixel (sx, sy) shown at (x, y).
                        let (sx, sy): (Int, Int)
                        switch self {
                        case .up: (sx, sy) = (x, y)
                        case .mirrored: (sx, sy) = (w - 1 - x, y)
                        case .down: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case .downMirrored: (sx, sy) = (x, h - 1 - y)
                        case .leftMirrored: (sx, sy) = (y, x)
                        case .right: (sx, sy) = (y, h - 1 - x)
                        case .rightMirrored: (sx, sy) = (w - 1 - y, h - 1 - x)
                        case .left: (sx, sy) = (w - 1 - y, x)
                        }
                        let s = (sy * w + sx) * 4
                        let d = (y * ow + x) * 4
                        dst[d] = src[s]
                        dst[d + 1] = src[s + 1]
                        dst[d + 2] = src[s + 2]
                        dst[d + 3] = src[s + 3]
                    }
                }
            }
        }
        return RGBAImage(width: ow, height: oh, pixels: out)
    }
}

/// Any image the tool reads: PNG or JPEG, told apart by their first bytes.
package enum ImageDecoder {
    package static func decode(_ data: [UInt8]) throws(ImageError) -> RGBAImage {
        if JPEGCodec.isJPEG(data) { return try JPEGCodec.decode(data) }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGCodec.decode(data) }
        throw .unknownFormat
    }
}
