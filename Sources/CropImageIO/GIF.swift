/// Animated GIF writer with its own LZW encoder: a median-cut palette per frame
/// (256 colours, from the frame's own pixels), optional ordered (Bayer 4x4)
/// dithering, identical consecutive frames merged, and delays in centiseconds
/// rounded on the cumulative clock so they add up to the real duration at any fps.
package enum GIF {
    package static func encode(_ inputs: [APNG.Input], fps: Int, dither: Bool = false) throws(ImageError) -> [UInt8] {
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
            while delay > 65535 {
                parts.append(65535)
                delay -= 65535
            }
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
