import CDeflateShim
import CropBitmap

/// The golden fast path: decodes the PNGs `check` reads most (8-bit RGB, not
/// interlaced, as written by the golden and throwaway encoders) without libpng, inflating
/// with libdeflate, and unfilters each row straight into its place in the frame. Returns nil
/// for any other layout and for any damage (bad CRC, bad stream, wrong length, bad
/// Adler-32), so libpng decodes those files and reports their errors.
enum FastPNGDecoder {
    static func decodeRGB(_ data: [UInt8]) -> RGBFrame? {
        data.withUnsafeBufferPointer { buf -> RGBFrame? in
            guard let base = buf.baseAddress, buf.count >= 8 + 25 + 12 else { return nil }
            for (i, b) in PNGChunks.signature.enumerated() where base[i] != b { return nil }
            func be32(_ at: Int) -> Int {
                Int(base[at]) << 24 | Int(base[at + 1]) << 16 | Int(base[at + 2]) << 8 | Int(base[at + 3])
            }
            var width = 0
            var height = 0
            var idat: [Range<Int>] = []
            var at = 8
            var sawEnd = false
            while at + 12 <= buf.count {
                let length = be32(at)
                guard length <= buf.count - at - 12 else { return nil }
                let type = (base[at + 4], base[at + 5], base[at + 6], base[at + 7])
                let body = (at + 8)..<(at + 8 + length)
                let critical = type.0 & 0x20 == 0
                if critical {
                    // Critical chunks must have a good CRC (ancillary ones are skipped unread).
                    guard Checksums.crc32(base + at + 4, count: length + 4) == UInt32(be32(body.upperBound)) else {
                        return nil
                    }
                }
                switch type {
                case (73, 72, 68, 82):  // IHDR: 8-bit RGB, deflate, standard filters, not interlaced
                    guard at == 8, length == 13 else { return nil }
                    width = be32(body.lowerBound)
                    height = be32(body.lowerBound + 4)
                    let p = body.lowerBound + 8
                    guard base[p] == 8, base[p + 1] == 2, base[p + 2] == 0, base[p + 3] == 0, base[p + 4] == 0 else {
                        return nil
                    }
                case (73, 68, 65, 84):  // IDAT
                    guard width > 0 else { return nil }
                    idat.append(body)
                case (73, 69, 78, 68):  // IEND
                    sawEnd = true
                default:
                    if critical { return nil }  // PLTE or an unknown critical chunk: libpng decides
                }
                at = body.upperBound + 4
                if sawEnd { break }
            }
            guard sawEnd, width > 0, height > 0, !idat.isEmpty,
                width <= PNGCodec.maxSide, height <= PNGCodec.maxSide, width * height <= PNGCodec.maxPixels
            else { return nil }
            // One contiguous zlib stream.
            var joined: [UInt8] = []
            if idat.count > 1 {
                joined.reserveCapacity(idat.reduce(0) { $0 + $1.count })
                for r in idat { joined += buf[r] }
            }
            let rowBytes = width * 3
            let rawCount = height * (rowBytes + 1)
            var ok = false
            let pixels = [UInt8](unsafeUninitializedCapacity: rawCount + 8) { out, initialized in
                let stream = idat.count == 1 ? UnsafeBufferPointer(rebasing: buf[idat[0]]) : nil
                ok =
                    (stream.map { s in inflate(s, into: out.baseAddress!, rawCount: rawCount) }
                        ?? joined.withUnsafeBufferPointer { inflate($0, into: out.baseAddress!, rawCount: rawCount) })
                    && unfilter(out.baseAddress!, rowBytes: rowBytes, height: height)
                initialized = ok ? width * height * 3 : 0
            }
            guard ok else { return nil }
            return RGBFrame(width: width, height: height, pixels: pixels)
        }
    }

    /// libdeflate's inflate into exactly `rawCount` bytes: built optimised, so as fast in a
    /// client's debug build as in a release build (2.5x an inflate written in Swift, in a
    /// release build too).
    static func inflate(_ stream: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, rawCount: Int)
        -> Bool
    {
        guard let s = stream.baseAddress else { return false }
        return cds_inflate(s, stream.count, out, rawCount) == 1
    }

    /// Reverses the row filters in place and drops the filter bytes: row y's pixels end up
    /// at y * rowBytes (always at or before where they were read, so nothing is
    /// overwritten before it is used). False for an unknown filter type.
    static func unfilter(_ buf: UnsafeMutablePointer<UInt8>, rowBytes: Int, height: Int) -> Bool {
        let raw = UnsafeMutableRawPointer(buf)
        for y in 0..<height {
            let src = y * (rowBytes + 1) + 1
            let dst = y * rowBytes
            let prev = dst - rowBytes  // the previous row, already in place
            let filter = buf[src - 1]
            var x = 0
            switch filter {
            case 0:
                while x &+ 16 <= rowBytes {
                    raw.storeBytes(
                        of: raw.loadUnaligned(fromByteOffset: src &+ x, as: SIMD16<UInt8>.self), toByteOffset: dst &+ x,
                        as: SIMD16<UInt8>.self)
                    x &+= 16
                }
                while x < rowBytes {
                    buf[dst + x] = buf[src + x]
                    x &+= 1
                }
            case 2 where y > 0:
                while x &+ 16 <= rowBytes {
                    let v =
                        raw.loadUnaligned(fromByteOffset: src &+ x, as: SIMD16<UInt8>.self)
                        &+ raw.loadUnaligned(fromByteOffset: prev &+ x, as: SIMD16<UInt8>.self)
                    raw.storeBytes(of: v, toByteOffset: dst &+ x, as: SIMD16<UInt8>.self)
                    x &+= 16
                }
                while x < rowBytes {
                    buf[dst + x] = buf[src + x] &+ buf[prev + x]
                    x &+= 1
                }
            case 2:  // Up on the first row: the row above is zeros
                for i in 0..<rowBytes { buf[dst + i] = buf[src + i] }
            case 1:
                for i in 0..<rowBytes { buf[dst + i] = buf[src + i] &+ (i >= 3 ? buf[dst + i - 3] : 0) }
            case 3:
                for i in 0..<rowBytes {
                    let left = i >= 3 ? Int(buf[dst + i - 3]) : 0
                    let up = y > 0 ? Int(buf[prev + i]) : 0
                    buf[dst + i] = buf[src + i] &+ UInt8((left + up) >> 1)
                }
            case 4:
                for i in 0..<rowBytes {
                    let a = i >= 3 ? Int(buf[dst + i - 3]) : 0
                    let b = y > 0 ? Int(buf[prev + i]) : 0
                    let c = i >= 3 && y > 0 ? Int(buf[prev + i - 3]) : 0
                    let p = a + b - c
                    let pa = abs(p - a)
                    let pb = abs(p - b)
                    let pc = abs(p - c)
                    let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                    buf[dst + i] = buf[src + i] &+ UInt8(predictor)
                }
            default:
                return false
            }
        }
        return true
    }
}
