import CCropKernels
import CropBitmap

/// The palette every frame of a GIF shares: at most 255 colours (the next index is
/// transparent), from a histogram of the frames' colours (`Histogram`), with an exact
/// nearest-colour search. One palette keeps a colour's index the same in every frame, so a
/// pixel that keeps its colour keeps its index and can be left transparent.
package final class GIFPalette: @unchecked Sendable {
    package let colors: [UInt32]
    private let nearest: OpaquePointer

    /// Nil when `colors` is empty or holds more than 255 colours (or memory is short).
    package convenience init?(colors: [UInt32]) {
        self.init(colors: colors, hint: nil)
    }

    init?(colors: [UInt32], hint: UnsafePointer<crk_histogram>?) {
        guard !colors.isEmpty, colors.count <= 255, let n = crk_nearest_new(colors, colors.count, hint) else {
            return nil
        }
        self.colors = colors
        nearest = n
    }

    deinit { crk_nearest_free(nearest) }

    /// The index of the transparent entry.
    package var transparent: Int { colors.count }

    /// Each pixel's nearest palette index (with ordered dithering anchored at the frame's
    /// top-left pixel when `dither`). Safe to call from several threads.
    package func map(_ frame: RGBFrame, dither: Bool) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: frame.width * frame.height)
        frame.pixels.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { o in
                crk_nearest_map(
                    nearest, px.baseAddress, frame.width * 3, frame.width, frame.height, dither ? 1 : 0, o.baseAddress)
            }
        }
        return out
    }

    /// The colour table: the colours, then the transparent entry (black).
    var table: [UInt8] {
        var t: [UInt8] = []
        for c in colors { t += [UInt8(c >> 16), UInt8((c >> 8) & 255), UInt8(c & 255)] }
        return t + [0, 0, 0]
    }

    /// Colour counts of frames (a sample of about 256K pixels per frame), 2^18 bins.
    package final class Histogram {
        private let bins: UnsafeMutablePointer<crk_histogram>

        /// An empty histogram (8 MB of bins, zeroed by the system page by page as they are
        /// used); fails only when that memory is not available.
        package init() throws(ImageError) {
            guard let bins = crk_histogram_new() else {
                throw .encodeFailed("no memory for the GIF palette's histogram (8 MB)")
            }
            self.bins = bins
        }

        deinit { crk_histogram_free(bins) }

        package func add(_ frame: RGBFrame) {
            let step = max(1, frame.width * frame.height / 262_144)
            frame.pixels.withUnsafeBufferPointer { px in
                crk_histogram_add(bins, px.baseAddress, frame.width * 3, frame.width, frame.height, step)
            }
        }

        /// The palette (at most 255 colours); nil when nothing was added.
        package func palette() -> GIFPalette? {
            var colors = [UInt32](repeating: 0, count: 256)
            let count = crk_histogram_palette(bins, 255, &colors)
            return GIFPalette(colors: Array(colors.prefix(max(0, count))), hint: UnsafePointer(bins))
        }
    }
}
