/// The throwaway-frame PNG writer: Up filter on every row, `FastDeflater`, one IDAT,
/// CRCs from libdeflate. Several times faster than zlib level 1 on rendered frames, at the
/// price of larger files on photographic content; goldens use libpng at level 9.
///
/// Rows arrive in order, any number at a time (a renderer can hand over each band of
/// rows while it is still in the cache); they are filtered into a ~96 KB band that is
/// compressed when full, so the bytes written do not depend on how the rows arrived.
package final class FastPNGEncoder {
    package let width: Int
    package let height: Int
    package let channels: Int
    private let rowBytes: Int
    private let filteredRow: Int
    private let bandRows: Int
    /// [lead: the previous band's last pixel][band of filtered rows][8 spare bytes]
    private let lead = 8
    private let band: UnsafeMutablePointer<UInt8>
    private var rowsInBand = 0
    /// The last row received (the Up filter's "above" for the next one); zeros at first.
    private let previous: UnsafeMutablePointer<UInt8>
    private let out: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var deflater: FastDeflater
    private var rowsReceived = 0
    /// Where the IDAT chunk's length and the zlib stream start.
    private let lengthAt: Int
    private let streamAt: Int

    /// An encoder for a `width` x `height` image of 8-bit RGB (`channels` 3) or RGBA (4).
    package init(width: Int, height: Int, channels: Int) {
        self.width = width
        self.height = height
        self.channels = channels
        rowBytes = width * channels
        filteredRow = rowBytes + 1
        bandRows = max(1, min(height, (96 << 10) / filteredRow))
        band = .allocate(capacity: lead + bandRows * filteredRow + 8)
        band.initialize(repeating: 0, count: lead + bandRows * filteredRow + 8)
        previous = .allocate(capacity: max(1, rowBytes))
        previous.initialize(repeating: 0, count: max(1, rowBytes))
        let header = 8 + 25 + 8  // signature, IHDR chunk, IDAT length and type
        capacity = header + FastDeflate.bound(height * filteredRow) + 4 + 12
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        let ihdr: [UInt8] =
            Array("IHDR".utf8) + PNGChunks.be32(UInt32(width)) + PNGChunks.be32(UInt32(height)) + [
                8, channels == 4 ? 6 : 2, 0, 0, 0,
            ]
        let head =
            PNGChunks.signature + PNGChunks.be32(13) + ihdr + PNGChunks.be32(Checksums.crc32(ihdr, count: ihdr.count))
        let start = head + [0, 0, 0, 0] + Array("IDAT".utf8)
        buffer.initialize(from: start, count: start.count)
        out = buffer
        lengthAt = head.count
        streamAt = start.count
        deflater = FastDeflater(into: buffer + start.count, distance: channels)
    }

    deinit {
        band.deallocate()
        previous.deallocate()
        out.deallocate()
    }

    /// Appends `count` consecutive rows (`width * channels` bytes each) starting at `rows`;
    /// rows past the image's height are ignored.
    package func append(rows: UnsafePointer<UInt8>, count: Int) {
        let count = min(count, height - rowsReceived)
        guard count > 0 else { return }
        for r in 0..<count {
            let src = rows + r * rowBytes
            let dst = band + lead + rowsInBand * filteredRow
            FastPNGEncoder.upFilter(
                src, above: r == 0 ? UnsafePointer(previous) : src - rowBytes, count: rowBytes, into: dst)
            rowsInBand += 1
            if rowsInBand == bandRows { flushBand() }
        }
        previous.update(from: rows + (count - 1) * rowBytes, count: rowBytes)
        rowsReceived += count
    }

    /// The PNG; rows not received are zeros.
    package func finish() -> [UInt8] {
        if rowsReceived < height {
            let zeros = [UInt8](repeating: 0, count: max(1, rowBytes))
            while rowsReceived < height { zeros.withUnsafeBufferPointer { append(rows: $0.baseAddress!, count: 1) } }
        }
        flushBand()
        let written = deflater.finish()
        var pos = lengthAt
        func put(_ bytes: [UInt8]) {
            for b in bytes {
                out[pos] = b
                pos += 1
            }
        }
        put(PNGChunks.be32(UInt32(written)))
        let crc = Checksums.crc32(out + lengthAt + 4, count: 4 + written)
        pos = streamAt + written
        put(PNGChunks.be32(crc))
        put(PNGChunks.be32(0))
        let iend = Array("IEND".utf8)
        put(iend)
        put(PNGChunks.be32(Checksums.crc32(iend, count: 4)))
        return [UInt8](UnsafeBufferPointer(start: out, count: pos))
    }

    /// Compresses the rows in the band and keeps its last pixel in front of the next band.
    private func flushBand() {
        guard rowsInBand > 0 else { return }
        let end = lead + rowsInBand * filteredRow
        (band + end).update(repeating: 0, count: 8)
        deflater.write(band, from: lead, to: end)
        (band + lead - channels).update(from: band + end - channels, count: channels)
        rowsInBand = 0
    }

    /// Filter type 2 (Up): the bytewise difference from the row above.
    static func upFilter(
        _ src: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, into dst: UnsafeMutablePointer<UInt8>
    ) {
        dst[0] = 2
        let s = UnsafeRawPointer(src)
        let a = UnsafeRawPointer(above)
        let o = UnsafeMutableRawPointer(dst + 1)
        var x = 0
        while x &+ 16 <= count {
            let d =
                s.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self)
                &- a.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self)
            o.storeBytes(of: d, toByteOffset: x, as: SIMD16<UInt8>.self)
            x &+= 16
        }
        while x < count {
            dst[1 + x] = src[x] &- above[x]
            x &+= 1
        }
    }
}

enum FastPNG {
    /// A PNG of 8-bit RGB (channels 3) or RGBA (channels 4) pixels.
    static func encode(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, channels: Int) -> [UInt8] {
        let encoder = FastPNGEncoder(width: width, height: height, channels: channels)
        if let base = pixels.baseAddress { encoder.append(rows: base, count: height) }
        return encoder.finish()
    }
}
