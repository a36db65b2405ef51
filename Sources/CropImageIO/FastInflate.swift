/// A zlib/deflate decoder (RFC 1950/1951) for the golden fast path: it fills a buffer
/// of known size, copies matches eight bytes at a time, and gives up (false) on anything
/// unexpected, in which case the caller decodes with libpng, whose messages users see.
/// Every read and write is bounds-checked.
struct FastInflate {
    /// Huffman decoding: a 10-bit lookup table for short codes (symbol << 4 | length,
    /// 0 for "longer"), and canonical counts/symbols for the rest.
    struct Huffman {
        static let fastBits = 10
        var fast = [UInt16](repeating: 0, count: 1 << fastBits)
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        /// Nil for an over-subscribed code (incomplete codes are allowed, as zlib allows a
        /// single distance code; a symbol the code lacks fails when it is decoded).
        init?(lengths: ArraySlice<UInt8>) {
            for l in lengths { counts[Int(l)] += 1 }
            counts[0] = 0
            var left = 1
            for len in 1...15 {
                left <<= 1
                left -= counts[len]
                if left < 0 { return nil }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for len in 1..<15 { offsets[len + 1] = offsets[len] + counts[len] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (i, l) in lengths.enumerated() where l != 0 {
                symbols[offsets[Int(l)]] = i
                offsets[Int(l)] += 1
            }
            // Fill the fast table: canonical codes, reversed for LSB-first reading.
            var code = 0
            var index = 0
            for len in 1...15 {
                for _ in 0..<counts[len] {
                    if len <= Huffman.fastBits {
                        let rev = FastDeflate.reversed(code, len)
                        var j = rev
                        while j < 1 << Huffman.fastBits {
                            fast[j] = UInt16(symbols[index] << 4 | len)
                            j += 1 << len
                        }
                    }
                    code += 1
                    index += 1
                }
                code <<= 1
            }
        }
    }

    static let fixedLiterals: Huffman = {
        var l = [UInt8](repeating: 8, count: 288)
        for i in 144..<256 { l[i] = 9 }
        for i in 256..<280 { l[i] = 7 }
        return Huffman(lengths: l[...])!
    }()
    static let fixedDistances = Huffman(lengths: [UInt8](repeating: 5, count: 30)[...])!

    private let input: UnsafePointer<UInt8>
    private let inputCount: Int
    private var pos = 0
    private var bitbuf: UInt64 = 0
    private var bitcount = 0
    /// Bytes of zero padding read past the end (an overrun is an error).
    private var padding = 0
    private let out: UnsafeMutablePointer<UInt8>
    private let outCount: Int
    private var o = 0

    /// Decodes the zlib stream `input` into exactly `outCount` bytes at `out` (which has 8
    /// spare bytes after them); false when the stream is malformed, short or long, or its
    /// Adler-32 differs.
    static func zlib(_ input: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>, outCount: Int) -> Bool {
        guard count >= 6 else { return false }
        let cmf = Int(input[0])
        let flg = Int(input[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf << 8 | flg) % 31 == 0, flg & 0x20 == 0 else { return false }
        var inflater = FastInflate(input: input + 2, inputCount: count - 6, out: out, outCount: outCount)
        guard inflater.run(), inflater.o == outCount else { return false }
        let stored =
            UInt32(input[count - 4]) << 24 | UInt32(input[count - 3]) << 16 | UInt32(input[count - 2]) << 8 | UInt32(input[count - 1])
        return Checksums.adler32(out, count: outCount) == stored
    }

    private init(input: UnsafePointer<UInt8>, inputCount: Int, out: UnsafeMutablePointer<UInt8>, outCount: Int) {
        self.input = input
        self.inputCount = inputCount
        self.out = out
        self.outCount = outCount
    }

    /// At least 56 bits in the buffer (zeros past the end, counted in `padding`).
    @inline(__always)
    private mutating func refill() {
        if pos &+ 8 <= inputCount {
            let word = UInt64(littleEndian: UnsafeRawPointer(input).loadUnaligned(fromByteOffset: pos, as: UInt64.self))
            bitbuf |= word &<< UInt64(bitcount)
            pos &+= (63 &- bitcount) &>> 3
            bitcount |= 56
            return
        }
        while bitcount <= 56 {
            if pos < inputCount {
                bitbuf |= UInt64(input[pos]) &<< UInt64(bitcount)
            } else {
                padding += 1
            }
            pos += 1
            bitcount += 8
        }
    }

    @inline(__always)
    private mutating func bits(_ n: Int) -> Int {
        let v = Int(truncatingIfNeeded: bitbuf & ((1 &<< UInt64(n)) &- 1))
        bitbuf &>>= UInt64(n)
        bitcount &-= n
        return v
    }

    @inline(__always)
    private mutating func decode(_ h: Huffman) -> Int? {
        let e = Int(h.fast[Int(truncatingIfNeeded: bitbuf & UInt64((1 << Huffman.fastBits) - 1))])
        if e != 0 {
            let len = e & 15
            bitbuf &>>= UInt64(len)
            bitcount &-= len
            return e >> 4
        }
        // Longer codes, one bit at a time (canonical decoding).
        var code = 0
        var first = 0
        var index = 0
        for len in 1...15 {
            code |= bits(1)
            let count = h.counts[len]
            if code - count < first { return h.symbols[index + (code - first)] }
            index += count
            first += count
            first <<= 1
            code <<= 1
        }
        return nil
    }

    private mutating func run() -> Bool {
        var last = false
        while !last {
            refill()
            last = bits(1) == 1
            switch bits(2) {
            case 0: if !stored() { return false }
            case 1: if !codes(FastInflate.fixedLiterals, FastInflate.fixedDistances) { return false }
            case 2:
                guard let (lit, dist) = dynamicTables(), codes(lit, dist) else { return false }
            default: return false
            }
            if !withinInput { return false }
        }
        return true
    }

    /// No bit consumed so far lies past the end of the input (zero padding read ahead
    /// is fine while it is still unconsumed in the bit buffer).
    private var withinInput: Bool { padding * 8 <= bitcount }

    private mutating func stored() -> Bool {
        // Drop to a byte boundary, then LEN and NLEN.
        _ = bits(bitcount & 7)
        refill()
        let len = bits(16)
        let nlen = bits(16)
        guard len == ~nlen & 0xFFFF, len <= outCount - o else { return false }
        for _ in 0..<len {
            if bitcount < 8 { refill() }
            out[o] = UInt8(bits(8))
            o += 1
        }
        return withinInput
    }

    private mutating func dynamicTables() -> (Huffman, Huffman)? {
        refill()
        let hlit = bits(5) + 257
        let hdist = bits(5) + 1
        let hclen = bits(4) + 4
        guard hlit <= 286, hdist <= 30 else { return nil }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var clens = [UInt8](repeating: 0, count: 19)
        for i in 0..<hclen {
            if bitcount < 3 { refill() }
            clens[order[i]] = UInt8(bits(3))
        }
        guard let lencode = Huffman(lengths: clens[...]) else { return nil }
        var lengths = [UInt8](repeating: 0, count: hlit + hdist)
        var i = 0
        while i < hlit + hdist {
            refill()
            guard let sym = decode(lencode) else { return nil }
            if sym < 16 {
                lengths[i] = UInt8(sym)
                i += 1
                continue
            }
            var value: UInt8 = 0
            var repeatCount: Int
            switch sym {
            case 16:
                guard i > 0 else { return nil }
                value = lengths[i - 1]
                repeatCount = 3 + bits(2)
            case 17: repeatCount = 3 + bits(3)
            default: repeatCount = 11 + bits(7)
            }
            guard i + repeatCount <= hlit + hdist else { return nil }
            for _ in 0..<repeatCount {
                lengths[i] = value
                i += 1
            }
        }
        guard lengths[256] != 0, let lit = Huffman(lengths: lengths[0..<hlit]), let dist = Huffman(lengths: lengths[hlit...]) else {
            return nil
        }
        return (lit, dist)
    }

    /// Literal/length and distance codes until the end of the block.
    private mutating func codes(_ lit: Huffman, _ dist: Huffman) -> Bool {
        while true {
            if bitcount < 48 { refill() }
            guard let sym = decode(lit) else { return false }
            if sym < 256 {
                guard o < outCount else { return false }
                out[o] = UInt8(truncatingIfNeeded: sym)
                o &+= 1
                continue
            }
            if sym == 256 { return withinInput }
            let l = sym - 257
            guard l < 29 else { return false }
            let length = FastDeflate.lengthBase[l] + bits(FastDeflate.lengthExtra[l])
            guard let dsym = decode(dist), dsym < 30 else { return false }
            let distance = FastDeflate.distanceBase[dsym] + bits(FastDeflate.distanceExtra[dsym])
            guard distance <= o, length <= outCount - o else { return false }
            copy(distance: distance, length: length)
        }
    }

    /// out[o ..< o + length] = out[o - distance ...] (overlapping: the pattern repeats).
    @inline(__always)
    private mutating func copy(distance: Int, length: Int) {
        var d = distance
        var n = length
        if d < 8 {
            // Copy a few bytes one at a time until a multiple of the period reaches 8;
            // from there the sequence repeats with that longer distance.
            let wide = d * ((8 + d - 1) / d)
            let head = min(n, wide - d)
            for _ in 0..<head {
                out[o] = out[o - d]
                o &+= 1
            }
            n -= head
            d = wide
        }
        let raw = UnsafeMutableRawPointer(out)
        // Eight bytes at a time; the last store may run up to 7 bytes past `length`
        // (into the spare bytes or bytes written again later).
        var i = 0
        while i < n {
            raw.storeBytes(of: raw.loadUnaligned(fromByteOffset: o &+ i &- d, as: UInt64.self), toByteOffset: o &+ i, as: UInt64.self)
            i &+= 8
        }
        o &+= n
    }
}
