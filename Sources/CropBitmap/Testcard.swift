/// The built-in test card of SPEC section 3, defined with integer arithmetic so
/// every implementation reproduces it exactly.
package enum Testcard {
    package static func image(width w: Int, height h: Int) -> RGBAImage {
        var p = [UInt8](repeating: 255, count: w * h * 4)
        p.withUnsafeMutableBufferPointer { buf in
            for y in 0..<h {
                let g = UInt8(y * 255 / (h - 1))
                for x in 0..<w {
                    let i = (y * w + x) * 4
                    if x < 4 || y < 4 || x >= w - 4 || y >= h - 4 {
                        buf[i] = 255
                        buf[i + 1] = 0
                        buf[i + 2] = 0
                    } else if x % 100 == 0 || y % 100 == 0 {
                        buf[i] = 255
                        buf[i + 1] = 255
                        buf[i + 2] = 255
                    } else {
                        buf[i] = UInt8(x * 255 / (w - 1))
                        buf[i + 1] = g
                        buf[i + 2] = ((x / 64 + y / 64) % 2 == 0) ? 200 : 80
                    }
                }
            }
        }
        return RGBAImage(width: w, height: h, pixels: p)
    }
}
