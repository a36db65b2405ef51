import CropBitmap

/// Cuts a crop out of an image at source resolution (SPEC section 8).
package enum CropPixels {
    /// The rect's pixels; with `circleAlpha` the pixels outside the circle inscribed in
    /// the rect (diameter min(w, h), centred) become transparent, anti-aliased by exact
    /// area. RGB stays straight (not premultiplied).
    package static func cut(_ image: RGBAImage, x: Int, y: Int, width w: Int, height h: Int, circleAlpha: Bool) -> RGBAImage {
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let r = Double(min(w, h)) / 2
        let cx = Double(w) / 2
        let cy = Double(h) / 2
        for row in 0..<h {
            let src = ((y + row) * image.width + x) * 4
            let dst = row * w * 4
            for i in 0..<(w * 4) { out[dst + i] = image.pixels[src + i] }
            if circleAlpha {
                for col in 0..<w {
                    let cov = AreaMath.discBox(cx: cx, cy: cy, r: r, Double(col), Double(row), Double(col + 1), Double(row + 1))
                    let a = dst + col * 4 + 3
                    out[a] = UInt8(Double(out[a]) * cov + 0.5)
                }
            }
        }
        return RGBAImage(width: w, height: h, pixels: out)
    }
}
