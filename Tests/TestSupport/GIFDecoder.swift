/// A small GIF decoder for tests (an oracle independent of the encoder): it composes each
/// frame onto the canvas with its transparency, as browsers do for disposal "none".
package struct DecodedGIF {
    package var width: Int
    package var height: Int
    /// Each frame: its delay in centiseconds, its disposal method, and the canvas after it (RGB).
    package var frames: [(delay: Int, disposal: Int, pixels: [UInt8])]
    /// Rectangles each frame covered (x, y, width, height).
    package var regions: [(x: Int, y: Int, width: Int, height: Int)]
}

package enum GIFDecodeError: Error { case malformed(String) }

package func decodeGIF(_ b: [UInt8]) throws -> DecodedGIF {
    guard b.count >= 13, Array(b[0..<6]) == Array("GIF89a".utf8) else { throw GIFDecodeError.malformed("header") }
    func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    let w = le16(6)
    let h = le16(8)
    var i = 13
    if b[10] & 0x80 != 0 { i += 3 * (1 << (Int(b[10] & 7) + 1)) }
    var canvas = [UInt8](repeating: 0, count: w * h * 3)
    var out = DecodedGIF(width: w, height: h, frames: [], regions: [])
    var delay = 0
    var disposal = 0
    var transparent: Int?
    while i < b.count {
        switch b[i] {
        case 0x3B:
            return out
        case 0x21:
            let label = b[i + 1]
            i += 2
            if label == 0xF9 {
                disposal = Int(b[i + 1] >> 2) & 7
                transparent = b[i + 1] & 1 != 0 ? Int(b[i + 4]) : nil
                delay = le16(i + 2)
            }
            while b[i] != 0 { i += Int(b[i]) + 1 }
            i += 1
        case 0x2C:
            let (fx, fy, fw, fh) = (le16(i + 1), le16(i + 3), le16(i + 5), le16(i + 7))
            let flags = b[i + 9]
            i += 10
            guard flags & 0x80 != 0 else { throw GIFDecodeError.malformed("no local table") }
            let entries = 1 << (Int(flags & 7) + 1)
            let table = Array(b[i..<(i + 3 * entries)])
            i += 3 * entries
            let minCode = Int(b[i])
            i += 1
            var data: [UInt8] = []
            while b[i] != 0 {
                data += b[(i + 1)..<(i + 1 + Int(b[i]))]
                i += Int(b[i]) + 1
            }
            i += 1
            let indices = lzwDecode(data, minCodeSize: minCode)
            guard indices.count >= fw * fh, fx + fw <= w, fy + fh <= h else {
                throw GIFDecodeError.malformed("frame data")
            }
            for y in 0..<fh {
                for x in 0..<fw {
                    let index = Int(indices[y * fw + x])
                    if index == transparent { continue }
                    let o = ((fy + y) * w + fx + x) * 3
                    canvas[o] = table[index * 3]
                    canvas[o + 1] = table[index * 3 + 1]
                    canvas[o + 2] = table[index * 3 + 2]
                }
            }
            out.frames.append((delay, disposal, canvas))
            out.regions.append((fx, fy, fw, fh))
            transparent = nil
        default:
            throw GIFDecodeError.malformed("block \(b[i]) at \(i)")
        }
    }
    throw GIFDecodeError.malformed("no trailer")
}

/// A straightforward GIF LZW decoder (test oracle).
package func lzwDecode(_ bytes: [UInt8], minCodeSize: Int) -> [UInt8] {
    let clear = 1 << minCodeSize
    let eoi = clear + 1
    var table: [[UInt8]] = []
    func reset() { table = (0..<clear).map { [UInt8($0)] } + [[], []] }
    reset()
    var size = minCodeSize + 1
    var out: [UInt8] = []
    var prev: [UInt8]?
    var bit = 0
    while bit + size <= bytes.count * 8 {
        var code = 0
        for k in 0..<size {
            let b = bit + k
            if bytes[b / 8] & (1 << (b % 8)) != 0 { code |= 1 << k }
        }
        bit += size
        if code == clear {
            reset()
            size = minCodeSize + 1
            prev = nil
            continue
        }
        if code == eoi { break }
        var entry: [UInt8]
        if code < table.count { entry = table[code] } else if let p = prev { entry = p + [p[0]] } else { break }
        out += entry
        if let p = prev, table.count < 4096 { table.append(p + [entry[0]]) }
        if table.count == (1 << size) && size < 12 { size += 1 }
        prev = entry
    }
    return out
}
