/// A PNG writer for test fixtures that does not use the codec under test:
/// zlib "stored" blocks, filter 0, any colour type and bit depth, so a fixture's
/// truth is the raw sample grid written inline in the test.
package enum RawPNG {
    static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB88320 ^ (c >> 1) : c >> 1 }
        return c
    }

    package static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFFFFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFFFFFF
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)]
    }

    package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        return be32(UInt32(data.count)) + t + data + be32(crc(t + data))
    }

    /// zlib stream of stored blocks.
    package static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, data.count - i)
            let final: UInt8 = i + n >= data.count ? 1 : 0
            out += [final, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)]
            out += data[i..<(i + n)]
            i += n
        } while i < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for x in data {
            a = (a + UInt32(x)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(b << 16 | a)
    }

    /// A PNG from rows of already-packed sample bytes (without filter bytes).
    package static func png(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]],
        palette: [UInt8]? = nil, trns: [UInt8]? = nil, extra: [[UInt8]] = []
    ) -> [UInt8] {
        var ihdr = be32(UInt32(width)) + be32(UInt32(height))
        ihdr += [bitDepth, colorType, 0, 0, 0]
        var raw: [UInt8] = []
        for r in rows {
            raw.append(0)
            raw += r
        }
        var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        out += chunk("IHDR", ihdr)
        for e in extra { out += e }
        if let palette { out += chunk("PLTE", palette) }
        if let trns { out += chunk("tRNS", trns) }
        out += chunk("IDAT", zlibStored(raw))
        out += chunk("IEND", [])
        return out
    }
}
