import CCropKernels
import CropBitmap

/// Frames laid out in a grid with a label strip under each (contact sheets) or
/// side by side with a title over each (policy comparisons).
package enum Tiling {
    /// Height of one label line.
    package static let lineHeight = 10

    /// A contact sheet: `tiles` (same size) in rows of `columns`, each with its label below
    /// (lines separated by "\n"). A cell is as wide as its tile or its longest label line,
    /// and cells are 8 pixels apart, so labels never run together.
    package static func sheet(
        _ tiles: [(RGBFrame, String)], columns: Int, background: (UInt8, UInt8, UInt8) = (32, 32, 32)
    ) -> RGBFrame {
        guard let first = tiles.first?.0 else { return RGBFrame(width: 1, height: 1) }
        let cols = max(1, min(columns, tiles.count))
        let rows = (tiles.count + cols - 1) / cols
        let gap = 8
        let lines = tiles.map { $0.1.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let labelWidth = lines.flatMap { $0 }.map { BitmapFont.width($0) }.max() ?? 0
        let labelHeight = (lines.map(\.count).max() ?? 0) * lineHeight + 2
        let cellW = max(first.width, labelWidth) + gap
        let cellH = first.height + labelHeight + gap
        var out = RGBFrame(width: cols * cellW + gap, height: rows * cellH + gap)
        fill(&out, background)
        for (i, (tile, _)) in tiles.enumerated() {
            let x = gap + (i % cols) * cellW
            let y = gap + (i / cols) * cellH
            blit(tile, into: &out, x: x, y: y)
            for (k, line) in lines[i].enumerated() {
                BitmapFont.draw(line, x: x, y: y + tile.height + 3 + k * lineHeight, color: (230, 230, 230), into: &out)
            }
        }
        return out
    }

    /// Frames side by side with a title strip above each column.
    package static func sideBySide(
        _ columns: [RGBFrame], titles: [String], background: (UInt8, UInt8, UInt8) = (32, 32, 32)
    ) -> RGBFrame {
        guard let first = columns.first else { return RGBFrame(width: 1, height: 1) }
        let gap = 4
        let title = 14
        let w = columns.map { $0.width }.max() ?? first.width
        let h = columns.map { $0.height }.max() ?? first.height
        var out = RGBFrame(width: columns.count * (w + gap) + gap, height: h + title + gap)
        fill(&out, background)
        for (i, c) in columns.enumerated() {
            let x = gap + i * (w + gap)
            blit(c, into: &out, x: x, y: title)
            let t = i < titles.count ? titles[i] : ""
            BitmapFont.draw(t, x: x + max(0, (w - BitmapFont.width(t)) / 2), y: 4, color: (255, 255, 255), into: &out)
        }
        return out
    }

    package static func fill(_ f: inout RGBFrame, _ c: (UInt8, UInt8, UInt8)) {
        let count = f.width * f.height
        f.pixels.withUnsafeMutableBufferPointer { p in
            guard let base = p.baseAddress, p.count >= count * 3 else { return }
            crk_fill_rgb(base, count, c.0, c.1, c.2)
        }
    }

    package static func blit(_ src: RGBFrame, into dst: inout RGBFrame, x: Int, y: Int) {
        // Clipped to the canvas on every side; rows copied with one memcpy each.
        let sx = max(0, -x)
        let dx = max(0, x)
        let w = min(src.width - sx, dst.width - dx)
        guard w > 0 else { return }
        let (srcWidth, dstWidth, dstHeight) = (src.width, dst.width, dst.height)
        src.pixels.withUnsafeBufferPointer { sp in
            dst.pixels.withUnsafeMutableBufferPointer { dp in
                guard let s0 = sp.baseAddress, let d0 = dp.baseAddress else { return }
                for row in 0..<src.height where y + row >= 0 && y + row < dstHeight {
                    (d0 + ((y + row) * dstWidth + dx) * 3).update(from: s0 + (row * srcWidth + sx) * 3, count: w * 3)
                }
            }
        }
    }
}
