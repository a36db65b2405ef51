import CCropKernels
import CDeflateShim

/// The PNG writer for pictures people look at (contact sheets, crops, the demo photo) and the
/// deflate of animation frames: rows PNG-filtered by the smallest-sum heuristic (as libpng
/// and ffmpeg choose) and deflated whole by libdeflate, which is built optimised, so it is as
/// fast in a client's debug build as in a release build.
package enum DeflatePNG {
    /// The deflate level (libdeflate, 1 ... 12) of sheets, crops and animation frames: 7 is
    /// 2-3% smaller than zlib's level 6 and still faster than it.
    package static let level: Int32 = 7

    /// An 8-bit RGB (3 channels) or RGBA (4 channels) PNG of `pixels` (rows packed), or nil
    /// when deflating fails.
    package static func encode(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, channels: Int, level: Int32
    ) -> [UInt8]? {
        guard let base = pixels.baseAddress, width > 0, height > 0, pixels.count == width * height * channels else {
            return nil
        }
        var filtered = [UInt8](repeating: 0, count: (1 + width * channels) * height)
        filtered.withUnsafeMutableBufferPointer {
            crk_png_filter(base, width * channels, width, height, channels, $0.baseAddress)
        }
        let stream = deflate(filtered, level: level)
        guard !stream.isEmpty else { return nil }
        var out = PNGChunks.signature
        out.reserveCapacity(8 + 25 + 12 + stream.count + 12)
        let header =
            PNGChunks.be32(UInt32(width)) + PNGChunks.be32(UInt32(height)) + [8, channels == 4 ? 6 : 2, 0, 0, 0]
        PNGChunks.append("IHDR", header, to: &out)
        PNGChunks.append("IDAT", stream, to: &out)
        PNGChunks.append("IEND", [], to: &out)
        return out
    }

    /// A zlib stream of `bytes` (libdeflate at `level`), or empty when deflating fails. The
    /// stream is returned in an array of its own size, not in the worst-case buffer it was
    /// written into: an APNG's batch of compressed frames would otherwise hold a frame's size
    /// each (4 MB for 780x1688, where the stream is a tenth of that).
    package static func deflate(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        let bound = cds_deflate_bound(bytes.count)
        var out = [UInt8](repeating: 0, count: bound)
        let n = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer {
                cds_deflate(input.baseAddress, input.count, level, $0.baseAddress, bound)
            }
        }
        guard n >= 0 else { return [] }
        return Array(out[..<n])
    }
}
