import CropBitmap
import CropEngine
import CropImageIO
import CropRender

/// How the side-by-side animation lays the variants out, decided before anything renders: one
/// row of titled columns, or for a two-key grid one row per value of the first key (titled on
/// the left) and one column per value of the second (titled on top). Every cell has the size
/// of the largest frame of any variant scaled by the thumb, so every frame of the animation has
/// the same size, and the thumb is lowered (with a warning) until the animation fits the
/// formats' limits.
package struct ComparisonTiles: Sendable {
    /// The scale of each cell.
    package var thumb: Double
    /// A cell's size in pixels.
    package var cellWidth: Int
    package var cellHeight: Int
    /// Titles over the columns and, for a grid, beside the rows (empty: one row).
    package var columnTitles: [String]
    package var rowTitles: [String]

    static let gap = 4
    static let title = 14

    /// The largest side an animation may have: APNG's, and WebP's when it is written too.
    package static func limit(webp: Bool) -> Int { webp ? WebPWriter.maxSide : PNGCodec.maxSide }

    var rowTitleWidth: Int {
        rowTitles.isEmpty ? 0 : (rowTitles.map { BitmapFont.width($0) }.max() ?? 0) + 2 * Self.gap
    }
    /// The animation's width and height.
    package var width: Int { rowTitleWidth + columnTitles.count * (cellWidth + Self.gap) + Self.gap }
    package var height: Int { max(1, rowTitles.count) * (cellHeight + Self.gap) + Self.title + Self.gap }

    /// The layout for `traces` (one per variant, rows of `columnTitles.count`) at `thumb`, or
    /// at the largest thumb below it (in steps of 0.01, down to 0.01) whose animation fits
    /// `limit` a side; nil when none does. `scale` is the editors' pixels per point, one per
    /// variant.
    package static func fitting(
        _ traces: [Trace], scales: [Int], kept: [Int], thumb: Double, columnTitles: [String], rowTitles: [String],
        limit: Int
    ) -> ComparisonTiles? {
        var canvas = (1, 1)
        for (t, scale) in zip(traces, scales) {
            for n in kept {
                let f = t.frames[min(n, t.frames.count - 1)]
                canvas.0 = max(canvas.0, Int((f.viewportWidth * Double(scale)).rounded()))
                canvas.1 = max(canvas.1, Int((f.viewportHeight * Double(scale)).rounded()))
            }
        }
        var t = thumb
        while true {
            var tiles = ComparisonTiles(
                thumb: t, cellWidth: max(1, Int(Double(canvas.0) * t)), cellHeight: max(1, Int(Double(canvas.1) * t)),
                columnTitles: columnTitles, rowTitles: rowTitles)
            // A grid's column titles too wide for their cells are shortened to the values.
            if !rowTitles.isEmpty, columnTitles.contains(where: { BitmapFont.width($0) > tiles.cellWidth }) {
                tiles.columnTitles = columnTitles.map { String($0.split(separator: "=", maxSplits: 1).last ?? "") }
            }
            if tiles.width <= limit, tiles.height <= limit { return tiles }
            let next = ((t * 100).rounded(.up) - 1) / 100
            guard next >= 0.01 else { return nil }
            t = next
        }
    }

    /// One frame of the animation: `cells` (row by row, each scaled by the thumb) in place.
    package func compose(_ cells: [RGBFrame], background: (UInt8, UInt8, UInt8) = (32, 32, 32)) -> RGBFrame {
        let padded = cells.map { pad($0) }
        guard !rowTitles.isEmpty else { return Tiling.sideBySide(padded, titles: columnTitles, background: background) }
        var out = RGBFrame(width: width, height: height)
        Tiling.fill(&out, background)
        let left = rowTitleWidth
        for (c, t) in columnTitles.enumerated() {
            let x = left + Self.gap + c * (cellWidth + Self.gap)
            BitmapFont.draw(
                t, x: x + max(0, (cellWidth - BitmapFont.width(t)) / 2), y: 4, color: (255, 255, 255), into: &out)
        }
        for (r, t) in rowTitles.enumerated() {
            let y = Self.title + r * (cellHeight + Self.gap)
            BitmapFont.draw(
                t, x: Self.gap, y: y + max(0, (cellHeight - BitmapFont.glyphHeight) / 2), color: (255, 255, 255),
                into: &out)
            for c in columnTitles.indices where r * columnTitles.count + c < padded.count {
                Tiling.blit(
                    padded[r * columnTitles.count + c], into: &out, x: left + Self.gap + c * (cellWidth + Self.gap),
                    y: y)
            }
        }
        return out
    }

    /// A smaller cell centred on a black one of the layout's size.
    func pad(_ f: RGBFrame) -> RGBFrame {
        if f.width == cellWidth && f.height == cellHeight { return f }
        var out = RGBFrame(width: cellWidth, height: cellHeight)
        Tiling.blit(f, into: &out, x: (cellWidth - f.width) / 2, y: (cellHeight - f.height) / 2)
        return out
    }
}
