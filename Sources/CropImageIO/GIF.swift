import CropRender

/// Animated GIF writer with its own LZW encoder: a median-cut palette per frame
/// (256 colours, from the frame's own pixels), optional ordered (Bayer 4x4)
/// dithering, identical consecutive frames merged, and delays in centiseconds
/// rounded on the cumulative clock so they add up to the real duration at any fps.
public enum GIF {
    public static func encode(_ inputs: [APNG.Input], fps: Int, dither: Bool = false) throws(ImageError) -> [UInt8] {
        let (merged, w, h) = try APNG.mergeIdentical(inputs)
        guard w <= 65535, h <= 65535 else { throw .encodeFailed("GIF frames are at most 65535 pixels wide") }
        var out: [UInt8] = Array("GIF89a".utf8)
        out += le16(w) + le16(h)
        out += [0x00, 0, 0]  // no global colour table
        // Loop forever (NETSCAPE2.0).
        out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        var elapsedTicks = 0
        for input in merged {
            let start = centiseconds(elapsedTicks, fps: fps)
            elapsedTicks += input.ticks
            var delay = centiseconds(elapsedTicks, fps: fps) - start
            // A delay field is 16 bits; longer frames are repeated.
            var parts: [Int] = []
            while delay > 65535 { parts.append(65535); delay -= 65535 }
            parts.append(delay)
            let palette = MedianCut.palette(input.frame, colors: 256)
            let indices = MedianCut.map(input.frame, palette: palette, dither: dither)
            for d in parts {
                out += [0x21, 0xF9, 0x04, 0x00] + le16(d) + [0x00, 0x00]  // graphic control: delay
                out += [0x2C] + le16(0) + le16(0) + le16(w) + le16(h) + [0x87]  // local table, 256 entries
                var table = palette.flatMap { [$0.0, $0.1, $0.2] }
                table += [UInt8](repeating: 0, count: 768 - table.count)
                out += table
                out += [8]
                let data = LZW.encode(indices, minCodeSize: 8)
                var i = 0
                while i < data.count {
                    let n = min(255, data.count - i)
                    out.append(UInt8(n))
                    out += data[i..<(i + n)]
                    i += n
                }
                out.append(0)
            }
        }
        out.append(0x3B)
        return out
    }

    /// Round(ticks / fps * 100), on the cumulative clock.
    static func centiseconds(_ ticks: Int, fps: Int) -> Int { (ticks * 100 * 2 + fps) / (2 * fps) }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8((v >> 8) & 255)] }
}

/// GIF's variable-width LZW (codes up to 12 bits, clear when the table is full).
public enum LZW {
    public static func encode(_ input: [UInt8], minCodeSize: Int) -> [UInt8] {
        let clear = 1 << minCodeSize, eoi = clear + 1
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 2)
        var bitBuffer: UInt32 = 0, bitCount = 0
        var codeSize = minCodeSize + 1
        var nextCode = eoi + 1
        // Trie: child[code * 256 + byte] = code + 1 (0 = none); cleared entries tracked.
        var child = [UInt16](repeating: 0, count: 4096 * 256)
        var used: [Int] = []
        used.reserveCapacity(4096)
        func emit(_ code: Int) {
            bitBuffer |= UInt32(code) << UInt32(bitCount)
            bitCount += codeSize
            while bitCount >= 8 {
                out.append(UInt8(bitBuffer & 0xFF))
                bitBuffer >>= 8
                bitCount -= 8
            }
        }
        emit(clear)
        guard var prefix = input.first.map({ Int($0) }) else {
            emit(eoi)
            if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }
            return out
        }
        var i = 1
        while i < input.count {
            let b = Int(input[i])
            let slot = prefix << 8 | b
            let existing = Int(child[slot])
            if existing != 0 {
                prefix = existing - 1
            } else {
                emit(prefix)
                if nextCode < 4096 {
                    child[slot] = UInt16(nextCode + 1)
                    used.append(slot)
                    if nextCode == (1 << codeSize) && codeSize < 12 { codeSize += 1 }
                    nextCode += 1
                    if nextCode == 4096 {
                        // Table full: clear and start over.
                        emit(clear)
                        for s in used { child[s] = 0 }
                        used.removeAll(keepingCapacity: true)
                        codeSize = minCodeSize + 1
                        nextCode = eoi + 1
                    }
                }
                prefix = b
            }
            i += 1
        }
        emit(prefix)
        emit(eoi)
        if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }
        return out
    }
}

/// Median-cut palettes and palette mapping.
public enum MedianCut {
    /// Up to `colors` colours that split the frame's (sampled) pixels into boxes of
    /// similar population along their longest channel.
    public static func palette(_ frame: RGBFrame, colors: Int) -> [(UInt8, UInt8, UInt8)] {
        let n = frame.width * frame.height
        let stride = max(1, n / 65536)
        var samples: [UInt32] = []
        samples.reserveCapacity(n / stride + 1)
        var i = 0
        while i < n {
            let p = i * 3
            samples.append(UInt32(frame.pixels[p]) << 16 | UInt32(frame.pixels[p + 1]) << 8 | UInt32(frame.pixels[p + 2]))
            i += stride
        }
        // Each box keeps its widest channel and that channel's range, computed once.
        func widest(_ box: ArraySlice<UInt32>) -> (range: Int, channel: Int) {
            var lo: (UInt32, UInt32, UInt32) = (255, 255, 255), hi: (UInt32, UInt32, UInt32) = (0, 0, 0)
            for v in box {
                let r = v >> 16, g = (v >> 8) & 255, b = v & 255
                lo = (min(lo.0, r), min(lo.1, g), min(lo.2, b))
                hi = (max(hi.0, r), max(hi.1, g), max(hi.2, b))
            }
            let ranges = [Int(hi.0) - Int(lo.0), Int(hi.1) - Int(lo.1), Int(hi.2) - Int(lo.2)]
            var channel = 0
            for c in 1..<3 where ranges[c] > ranges[channel] { channel = c }
            return (box.count > 1 ? ranges[channel] : 0, channel)
        }
        var boxes: [ArraySlice<UInt32>] = [samples[...]]
        var stats = [widest(samples[...])]
        while boxes.count < colors {
            var best = -1
            for i in stats.indices where stats[i].range > 0 && (best < 0 || stats[i].range > stats[best].range) { best = i }
            if best < 0 { break }
            let shift = UInt32(16 - stats[best].channel * 8)
            let sorted = boxes[best].sorted { (($0 >> shift) & 255, $0) < (($1 >> shift) & 255, $1) }
            let mid = sorted.count / 2
            boxes[best] = sorted[..<mid]
            boxes.append(sorted[mid...])
            stats[best] = widest(boxes[best])
            stats.append(widest(boxes[boxes.count - 1]))
        }
        return boxes.map { box in
            var r = 0, g = 0, b = 0
            for v in box { r += Int(v >> 16); g += Int((v >> 8) & 255); b += Int(v & 255) }
            let c = max(1, box.count)
            return (UInt8((r + c / 2) / c), UInt8((g + c / 2) / c), UInt8((b + c / 2) / c))
        }
    }

    static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// Nearest palette index per pixel (cached per 15-bit colour); with `dither`, a
    /// Bayer 4x4 offset of up to +-8 per channel is added first.
    public static func map(_ frame: RGBFrame, palette: [(UInt8, UInt8, UInt8)], dither: Bool) -> [UInt8] {
        var cache = [Int16](repeating: -1, count: 32768)
        var out = [UInt8](repeating: 0, count: frame.width * frame.height)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = (y * frame.width + x) * 3
                var r = Int(frame.pixels[p]), g = Int(frame.pixels[p + 1]), b = Int(frame.pixels[p + 2])
                if dither {
                    let d = bayer[(y & 3) * 4 + (x & 3)] - 8
                    r = min(255, max(0, r + d)); g = min(255, max(0, g + d)); b = min(255, max(0, b + d))
                }
                let key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                var index = Int(cache[key])
                if index < 0 {
                    var best = 0, bestD = Int.max
                    let cr = (r & ~7) + 4, cg = (g & ~7) + 4, cb = (b & ~7) + 4
                    for (i, c) in palette.enumerated() {
                        let dr = cr - Int(c.0), dg = cg - Int(c.1), db = cb - Int(c.2)
                        let dist = dr * dr + dg * dg + db * db
                        if dist < bestD { bestD = dist; best = i }
                    }
                    index = best
                    cache[key] = Int16(best)
                }
                out[y * frame.width + x] = UInt8(index)
            }
        }
        return out
    }
}
