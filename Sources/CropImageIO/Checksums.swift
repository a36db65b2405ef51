import CCropKernels
import CDeflateShim

/// The checksums of the PNG container: Adler-32 (zlib streams) and CRC-32 (chunks),
/// written for throughput on frame-sized buffers (Adler-32 is a C kernel, CRC-32 libdeflate's).
enum Checksums {
    /// Adler-32 of `count` bytes.
    static func adler32(_ data: UnsafePointer<UInt8>, count n: Int) -> UInt32 {
        var adler = Adler32()
        adler.update(data, count: n)
        return adler.value
    }

    /// CRC-32 of the first `count` bytes of an array.
    static func crc32(_ bytes: [UInt8], count: Int) -> UInt32 {
        bytes.withUnsafeBufferPointer { crc32($0.baseAddress!, count: count) }
    }

    /// CRC-32 (PNG, zlib) of `count` bytes, continuing from `crc` (pass 0 to start): the
    /// system libdeflate's (built optimised, so it is fast in a debug build too).
    static func crc32(_ data: UnsafePointer<UInt8>, count n: Int, crc: UInt32 = 0) -> UInt32 {
        cds_crc32(crc, data, n)
    }
}

/// A running Adler-32 (the kernel is `crk_adler32`, fast in debug builds too).
struct Adler32 {
    private(set) var value: UInt32 = 1

    mutating func update(_ data: UnsafePointer<UInt8>, count n: Int) {
        value = crk_adler32(value, data, n)
    }
}
