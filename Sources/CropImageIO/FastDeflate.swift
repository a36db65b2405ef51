import CCropKernels

/// A deflate encoder built for speed on rendered frames (the throwaway-frame path;
/// goldens keep libpng's level 9): one block with the fixed Huffman codes of RFC 1951
/// section 3.2.6, and matches at one distance only, a pixel back (run-length coding
/// of pixels, which after the Up filter covers flat and vertically smooth areas).
/// A match is found by comparing eight bytes at a time; no hash tables, no search.
enum FastDeflate {
    /// Code bits (reversed, ready to write LSB first) in the low 16 bits and the
    /// length in bits above, for the 256 literals and the end-of-block symbol.
    static let literals: [UInt32] = (0...256).map { sym in
        let (code, length): (Int, Int)
        switch sym {
        case 0...143: (code, length) = (0x30 + sym, 8)
        case 144...255: (code, length) = (0x190 + sym - 144, 9)
        default: (code, length) = (sym - 256, 7)
        }
        return UInt32(reversed(code, length)) | UInt32(length) << 16
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289,
        16385, 24577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    static func reversed(_ code: Int, _ length: Int) -> Int {
        var r = 0
        for i in 0..<length where code & (1 << i) != 0 { r |= 1 << (length - 1 - i) }
        return r
    }

    /// For match lengths 0...258 (3...258 used): the bits of length code, its extra bits,
    /// distance code and its extra bits, in the low 48 bits, and their count above.
    static func matchTable(distance: Int) -> [UInt64] {
        let dcode = distanceBase.lastIndex { $0 <= distance }!
        let dbits = UInt64(reversed(dcode, 5)) | UInt64(distance - distanceBase[dcode]) << 5
        let dlen = 5 + distanceExtra[dcode]
        return (0...258).map { length in
            guard length >= 3 else { return 0 }
            let lcode = lengthBase.lastIndex { $0 <= length }!
            let sym = 257 + lcode
            let (code, clen) = sym <= 279 ? (sym - 256, 7) : (0xC0 + sym - 280, 8)
            var bits = UInt64(reversed(code, clen))
            var count = clen
            bits |= UInt64(length - lengthBase[lcode]) << count
            count += lengthExtra[lcode]
            bits |= dbits << count
            count += dlen
            return bits | UInt64(count) << 48
        }
    }

    static let tables: [Int: [UInt64]] = [3: matchTable(distance: 3), 4: matchTable(distance: 4)]

    /// The most bytes a stream of `count` input bytes takes (9 bits per literal at worst,
    /// plus header, checksum and the encoder's 8-byte stores).
    static func bound(_ count: Int) -> Int { count + count / 8 + 64 }
}

/// One zlib stream (header, one fixed-code block, Adler-32) written piece by piece into
/// a buffer with room for `FastDeflate.bound(total input)` bytes.
struct FastDeflater {
    private let out: UnsafeMutableRawPointer
    private let distance: Int
    private let matches: [UInt64]
    private(set) var count = 2
    private var bitbuf: UInt64 = 0b011  // BFINAL = 1, BTYPE = 01 (fixed codes)
    private var bitcount: UInt64 = 3
    private var adler = Adler32()
    /// Input bytes consumed so far (no match reaches before the first byte).
    private var consumed = 0

    /// `distance`: bytes per pixel, 3 or 4.
    init(into out: UnsafeMutablePointer<UInt8>, distance: Int) {
        self.out = UnsafeMutableRawPointer(out)
        self.distance = distance
        self.matches = FastDeflate.tables[distance] ?? FastDeflate.matchTable(distance: distance)
        out[0] = 0x78
        out[1] = 0x01
    }

    /// Compresses bytes [from, to) of `data`; the `distance` bytes before `from` must be
    /// the previous piece's last bytes (when there was one), and `data` must be readable
    /// 8 bytes past `to`. A match never crosses `to`.
    mutating func write(_ data: UnsafePointer<UInt8>, from: Int, to n: Int) {
        adler.update(data + from, count: n - from)
        // Positions before `first` have no pixel behind them yet.
        let first = max(from, from + distance - consumed)
        var pos = count
        FastDeflate.literals.withUnsafeBufferPointer { lit in
            matches.withUnsafeBufferPointer { match in
                crk_fast_deflate(
                    data, from, n, first, distance, lit.baseAddress, match.baseAddress,
                    out.assumingMemoryBound(to: UInt8.self), &pos,
                    &bitbuf, &bitcount)
            }
        }
        count = pos
        consumed += n - from
    }

    /// Ends the block and appends the Adler-32; returns the stream's length.
    mutating func finish() -> Int {
        let end = FastDeflate.literals[256]
        bitbuf |= UInt64(end & 0xFFFF) << bitcount
        bitcount += UInt64(end >> 16)
        let bytes = out.assumingMemoryBound(to: UInt8.self)
        while bitcount > 0 {
            bytes[count] = UInt8(truncatingIfNeeded: bitbuf)
            count += 1
            bitbuf >>= 8
            bitcount = bitcount >= 8 ? bitcount - 8 : 0
        }
        let sum = adler.value
        for shift in [24, 16, 8, 0] {
            bytes[count] = UInt8(truncatingIfNeeded: sum >> UInt32(shift))
            count += 1
        }
        return count
    }
}
