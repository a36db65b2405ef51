/// The throwaway-frame PNG writer: Up filter on every row, `FastDeflater`, one IDAT,
/// CRCs by slicing. Several times faster than zlib level 1 on rendered frames, at the
/// price of larger files on photographic content; goldens use libpng at level 9.
/// Rows are filtered and compressed a band at a time, so the filtered image never
/// leaves the cache.
enum FastPNG {
    /// A PNG of 8-bit RGB (channels 3) or RGBA (channels 4) pixels.
    static func encode(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, channels: Int) -> [UInt8] {
        let rowBytes = width * channels
        let filteredCount = height * (rowBytes + 1)

        let header = 8 + 25 + 8  // signature, IHDR chunk, IDAT length and type
        let capacity = header + FastDeflate.bound(filteredCount) + 4 + 12
        return [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
            let base = out.baseAddress!
            var pos = 0
            func put(_ bytes: [UInt8]) {
                for b in bytes { base[pos] = b; pos += 1 }
            }
            func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }
            put(PNGChunks.signature)
            let ihdr: [UInt8] = Array("IHDR".utf8) + be32(UInt32(width)) + be32(UInt32(height)) + [8, channels == 4 ? 6 : 2, 0, 0, 0]
            put(be32(13))
            put(ihdr)
            put(be32(Checksums.crc32(ihdr, count: ihdr.count)))
            let lengthAt = pos
            put([0, 0, 0, 0])
            put(Array("IDAT".utf8))
            let written = compress(pixels, rowBytes: rowBytes, height: height, channels: channels, into: base + pos)
            let lengthBytes = be32(UInt32(written))
            for k in 0..<4 { base[lengthAt + k] = lengthBytes[k] }
            let crc = Checksums.crc32(base + lengthAt + 4, count: 4 + written)
            pos += written
            put(be32(crc))
            put(be32(0))
            let iend = Array("IEND".utf8)
            put(iend)
            put(be32(Checksums.crc32(iend, count: 4)))
            initialized = pos
        }
    }

    /// The zlib stream of the Up-filtered rows, a band of rows at a time.
    static func compress(_ pixels: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, channels: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var deflater = FastDeflater(into: out, distance: channels)
        guard let src = pixels.baseAddress else { return deflater.finish() }
        let filteredRow = rowBytes + 1
        let bandRows = max(1, min(height, (96 << 10) / filteredRow))
        // [lead bytes: the previous band's last pixel][band][8 spare bytes for wide loads]
        let lead = 8
        let band = UnsafeMutablePointer<UInt8>.allocate(capacity: lead + bandRows * filteredRow + 8)
        defer { band.deallocate() }
        band.initialize(repeating: 0, count: lead + bandRows * filteredRow + 8)
        var y = 0
        while y < height {
            let rows = min(bandRows, height - y)
            upFilter(src, rowBytes: rowBytes, rows: y..<(y + rows), into: band + lead)
            let end = lead + rows * filteredRow
            (band + end).update(repeating: 0, count: 8)
            deflater.write(band, from: lead, to: end)
            // Keep this band's last bytes in front of the next one.
            (band + lead - channels).update(from: band + end - channels, count: channels)
            y += rows
        }
        return deflater.finish()
    }

    /// Each row becomes filter type 2 (Up) and the bytewise difference from the row above
    /// (the first row's "above" is zeros, so it stays as it is).
    static func upFilter(_ src: UnsafePointer<UInt8>, rowBytes: Int, rows: Range<Int>, into dst: UnsafeMutablePointer<UInt8>) {
        let s = UnsafeRawPointer(src)
        for y in rows {
            let out = dst + (y - rows.lowerBound) * (rowBytes + 1)
            out[0] = 2
            let cur = y * rowBytes
            if y == 0 {
                (out + 1).update(from: src, count: rowBytes)
                continue
            }
            let prev = cur - rowBytes
            let o = UnsafeMutableRawPointer(out + 1)
            var x = 0
            while x &+ 16 <= rowBytes {
                let d = s.loadUnaligned(fromByteOffset: cur &+ x, as: SIMD16<UInt8>.self) &- s.loadUnaligned(fromByteOffset: prev &+ x, as: SIMD16<UInt8>.self)
                o.storeBytes(of: d, toByteOffset: x, as: SIMD16<UInt8>.self)
                x &+= 16
            }
            while x < rowBytes {
                out[1 + x] = src[cur + x] &- src[prev + x]
                x &+= 1
            }
        }
    }
}

extension Checksums {
    static func crc32(_ bytes: [UInt8], count: Int) -> UInt32 {
        bytes.withUnsafeBufferPointer { crc32($0.baseAddress!, count: count) }
    }
}
