import CPNGShim
import CropBitmap

/// Errors of the image I/O stage.
package enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libpng refused the data (corrupt, truncated, not a PNG, over a limit); its words.
    case unreadable(String)
    /// The image is larger than the limits (width, height).
    case tooLarge(width: Int, height: Int)
    case encodeFailed(String)
    /// libjpeg refused the data; its words.
    case unreadableJPEG(String)
    /// Neither a PNG nor a JPEG signature.
    case unknownFormat

    package var description: String {
        switch self {
        case .unreadable(let why): return "not a readable PNG: \(why)"
        case .tooLarge(let w, let h): return "\(w)x\(h) pixels; the limit is 16384x16384 and 100 MP"
        case .encodeFailed(let why): return "could not encode the image: \(why)"
        case .unreadableJPEG(let why): return "not a readable JPEG: \(why)"
        case .unknownFormat: return "neither a PNG nor a JPEG file (unknown signature)"
        }
    }
}

/// PNG reading and writing through libpng (via the C shim, so libpng's longjmp
/// never crosses Swift).
package enum PNGCodec {
    package static let maxSide = 16384
    package static let maxPixels = 100_000_000

    /// Width and height from the header.
    package static func size(of data: [UInt8]) throws(ImageError) -> (width: Int, height: Int) {
        var w: UInt32 = 0
        var h: UInt32 = 0
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_SIZE))
        let rc = data.withUnsafeBufferPointer { buf in
            cpng_read_size(buf.baseAddress, buf.count, &w, &h, &message)
        }
        if rc != 0 { throw .unreadable(string(message)) }
        return (Int(w), Int(h))
    }

    /// Decodes any PNG to 8-bit straight RGBA (16-bit keeps the high byte; gray and
    /// palette expanded; gamma and colour profiles ignored), refusing oversized images
    /// before allocating their pixels.
    package static func decode(_ data: [UInt8]) throws(ImageError) -> RGBAImage {
        let (w, h, pixels) = try decode(data, channels: 4)
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    /// Decodes to 8-bit RGB (alpha dropped): goldens, compared byte for byte with frames.
    /// 8-bit RGB files take `FastPNGDecoder` (libdeflate) unless `fastPath` is false;
    /// everything else, and any file the fast path does not accept, goes through libpng.
    package static func decodeRGB(_ data: [UInt8], fastPath: Bool = true) throws(ImageError) -> RGBFrame {
        if fastPath, let frame = FastPNGDecoder.decodeRGB(data) { return frame }
        let (w, h, pixels) = try decode(data, channels: 3)
        return RGBFrame(width: w, height: h, pixels: pixels)
    }

    static func decode(_ data: [UInt8], channels: Int) throws(ImageError) -> (Int, Int, [UInt8]) {
        // The header first: an oversized image is refused before libpng allocates anything.
        let (w0, h0) = try size(of: data)
        if w0 > maxSide || h0 > maxSide || w0 * h0 > maxPixels { throw .tooLarge(width: w0, height: h0) }
        var out = cpng_decoded()
        let rc = data.withUnsafeBufferPointer { buf in
            channels == 4
                ? cpng_decode_rgba(
                    buf.baseAddress, buf.count, UInt32(maxSide), UInt32(maxSide), UInt64(maxPixels), &out)
                : cpng_decode_rgb(buf.baseAddress, buf.count, UInt32(maxSide), UInt32(maxSide), UInt64(maxPixels), &out)
        }
        defer { cpng_free(out.pixels) }
        if rc != 0 {
            let message = withUnsafeBytes(of: out.message) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            throw .unreadable(message.isEmpty ? "unknown libpng error" : message)
        }
        let w = Int(out.width)
        let h = Int(out.height)
        return (w, h, [UInt8](UnsafeBufferPointer(start: out.pixels, count: w * h * channels)))
    }

    /// How hard to compress: libpng (zlib) at a level, filter and strategy, the project's own
    /// fast encoder, or adaptive filters and libdeflate (`DeflatePNG`).
    package struct Compression: Sendable, Equatable {
        /// Which code writes the file.
        package enum Writer: Sendable, Equatable {
            /// libpng at `level`, `filter` and `strategy`.
            case libpng
            /// `FastPNG` (Up filter, fixed-code deflate with pixel-run matches).
            case fast
            /// `DeflatePNG`: smallest-sum filters, libdeflate at `level`.
            case libdeflate
        }
        package var level: Int32
        /// -1 adaptive, 0...4 one filter.
        package var filter: Int32
        /// -1 zlib's default strategy; 3 = run-length only (Z_RLE).
        package var strategy: Int32 = -1
        package var writer: Writer
        package init(level: Int32, filter: Int32, strategy: Int32 = -1, writer: Writer = .libpng) {
            self.level = level
            self.filter = filter
            self.strategy = strategy
            self.writer = writer
        }
        /// Goldens live in git: maximum zlib effort keeps them small; the Up filter on every
        /// row (about 15% larger than adaptive filtering on rendered frames) lets `check`
        /// unfilter them with vector adds (`FastPNGDecoder`), about twice as fast.
        package static let golden = Compression(level: 9, filter: 2)
        /// Throwaway frames: the own encoder, several times faster than zlib level 1 on
        /// rendered frames (see the benchmark), with larger files on photographic content.
        package static let fast = Compression(level: 1, filter: 2, writer: .fast)
        /// Pictures people look at (contact sheets, crops, the demo photo): adaptive filters
        /// and libdeflate at level 7, smaller than zlib's level 6 and about twice as fast.
        package static let shared = Compression(level: DeflatePNG.level, filter: -1, writer: .libdeflate)
        /// zlib level 1 with the Up filter (the throwaway encoder before the own one), for comparison.
        package static let zlibFast = Compression(level: 1, filter: 2)
        /// zlib level 1, Up filter, run-length matches only (Z_RLE), for comparison.
        package static let rle = Compression(level: 1, filter: 2, strategy: 3)
    }

    package static func encode(_ frame: RGBFrame, _ compression: Compression = .fast) throws(ImageError) -> [UInt8] {
        try encode(pixels: frame.pixels, width: frame.width, height: frame.height, channels: 3, compression)
    }

    package static func encode(_ image: RGBAImage, _ compression: Compression = .golden) throws(ImageError) -> [UInt8] {
        try encode(pixels: image.pixels, width: image.width, height: image.height, channels: 4, compression)
    }

    static func encode(pixels: [UInt8], width: Int, height: Int, channels: Int32, _ c: Compression) throws(ImageError)
        -> [UInt8]
    {
        if c.writer != .libpng {
            guard width > 0, height > 0, width <= 1 << 24, height <= 1 << 24,
                pixels.count == width * height * Int(channels)
            else {
                throw .encodeFailed("image of \(width)x\(height) with \(pixels.count) bytes")
            }
            if c.writer == .fast {
                return pixels.withUnsafeBufferPointer {
                    FastPNG.encode($0, width: width, height: height, channels: Int(channels))
                }
            }
            let png = pixels.withUnsafeBufferPointer {
                DeflatePNG.encode($0, width: width, height: height, channels: Int(channels), level: c.level)
            }
            guard let png else { throw .encodeFailed("deflate failed on \(width)x\(height)") }
            return png
        }
        var outPtr: UnsafeMutablePointer<UInt8>?
        var outSize = 0
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_SIZE))
        let rc = pixels.withUnsafeBufferPointer { buf in
            cpng_encode(
                buf.baseAddress, UInt32(width), UInt32(height), channels, c.level, c.filter, c.strategy, &outPtr,
                &outSize, &message)
        }
        defer { cpng_free(outPtr) }
        guard rc == 0, let outPtr else { throw .encodeFailed(string(message)) }
        return [UInt8](UnsafeBufferPointer(start: outPtr, count: outSize))
    }

    static func string(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
