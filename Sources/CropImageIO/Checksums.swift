import CCropKernels

/// The checksums of the PNG container: Adler-32 (zlib streams) and CRC-32 (chunks),
/// written for throughput on frame-sized buffers.
enum Checksums {
    /// Adler-32 of `count` bytes.
    static func adler32(_ data: UnsafePointer<UInt8>, count n: Int) -> UInt32 {
        var adler = Adler32()
        adler.update(data, count: n)
        return adler.value
    }

    /// CRC-32 tables for slicing by 8 (table 0 is the byte-wise table).
    static let crcTables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            t[n] = c
        }
        for n in 0..<256 {
            for k in 1..<8 { t[k * 256 + n] = (t[(k - 1) * 256 + n] >> 8) ^ t[Int(t[(k - 1) * 256 + n] & 0xFF)] }
        }
        return t
    }()

    /// CRC-32 of the first `count` bytes of an array.
    static func crc32(_ bytes: [UInt8], count: Int) -> UInt32 {
        bytes.withUnsafeBufferPointer { crc32($0.baseAddress!, count: count) }
    }

    /// CRC-32 (PNG, zlib) of `count` bytes, continuing from `crc` (pass 0 to start).
    static func crc32(_ data: UnsafePointer<UInt8>, count n: Int, crc: UInt32 = 0) -> UInt32 {
        var c = ~crc
        let raw = UnsafeRawPointer(data)
        crcTables.withUnsafeBufferPointer { t in
            var i = 0
            while i &+ 8 <= n {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ UInt64(c)
                c =
                    t[7 * 256 + Int(word & 0xFF)] ^ t[6 * 256 + Int((word >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((word >> 16) & 0xFF)] ^ t[4 * 256 + Int((word >> 24) & 0xFF)]
                    ^ t[3 * 256 + Int((word >> 32) & 0xFF)] ^ t[2 * 256 + Int((word >> 40) & 0xFF)]
                    ^ t[256 + Int((word >> 48) & 0xFF)] ^ t[Int(word >> 56)]
                i &+= 8
            }
            while i < n {
                c = t[Int((c ^ UInt32(data[i])) & 0xFF)] ^ (c >> 8)
                i &+= 1
            }
        }
        return ~c
    }
}

/// A running Adler-32 (the kernel is `crk_adler32`, fast in debug builds too).
struct Adler32 {
    private(set) var value: UInt32 = 1

    mutating func update(_ data: UnsafePointer<UInt8>, count n: Int) {
        value = crk_adler32(value, data, n)
    }
}
