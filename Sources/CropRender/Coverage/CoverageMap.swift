/// Coverage (0...1 per pixel) of one layer over a canvas, stored as runs per row so
/// compositing skips empty pixels and blends full runs with one constant: built
/// once per frame geometry and reused by every frame that shares it.
package struct CoverageMap: Sendable {
    /// A run of pixels in a row.
    package enum Run: Sendable, Equatable {
        /// Pixels [x0, x1) fully covered.
        case full(x0: Int, x1: Int)
        /// Pixels [x0, x0 + count) with coverages values[offset ..< offset + count].
        case partial(x0: Int, count: Int, offset: Int)
    }
    package let width: Int
    package let height: Int
    /// Every row's runs, row after row: row y's are `runs[rowStarts[y] ..< rowStarts[y + 1]]`
    /// (one flat array: compositing reads a band of rows without copying an array per row).
    package let runs: [Run]
    package let rowStarts: [Int]
    package let values: [Float]

    /// The runs of row `y`.
    package func runs(row y: Int) -> ArraySlice<Run> { runs[rowStarts[y]..<rowStarts[y + 1]] }

    /// Builds a map from a coverage function evaluated for the pixels of `box`
    /// (x0, y0, x1, y1 in pixels, clipped to the canvas); outside it coverage is `outside` (0 or 1).
    /// `interior(y)` may name columns of row y whose coverage is exactly `interiorValue` (0 or
    /// 1): they are not evaluated. It must be exact there; `Shape.interior` gives such columns.
    package init(
        width: Int, height: Int, box: (Int, Int, Int, Int), outside: Double, interior: ((Int) -> Range<Int>)? = nil,
        interiorValue: Double = 0, coverage: (Int, Int) -> Double
    ) {
        self.width = max(0, width)
        self.height = max(0, height)
        let width = self.width
        let height = self.height
        let bx0 = max(0, box.0)
        let by0 = max(0, box.1)
        let bx1 = min(width, box.2)
        let by1 = min(height, box.3)
        var flat: [Run] = []
        var starts = [0]
        starts.reserveCapacity(height + 1)
        var row = RowBuilder()
        for y in 0..<height {
            defer { starts.append(flat.count) }
            let inBox = y >= by0 && y < by1 && bx0 < bx1
            if !inBox {
                if outside >= 1 { flat.append(.full(x0: 0, x1: width)) }
                continue
            }
            row.constant(outside, at: 0)
            var skip = interior?(y).clamped(to: bx0..<bx1) ?? bx1..<bx1
            if skip.isEmpty { skip = bx1..<bx1 }
            for x in bx0..<skip.lowerBound { row.pixel(min(1, max(0, coverage(x, y))), at: x) }
            if !skip.isEmpty { row.constant(interiorValue, at: skip.lowerBound) }
            for x in skip.upperBound..<bx1 { row.pixel(min(1, max(0, coverage(x, y))), at: x) }
            row.constant(outside, at: bx1)
            flat += row.finish(at: width)
        }
        runs = flat
        rowStarts = starts
        self.values = row.values
    }

    /// Runs of one row at a time, built left to right from constant stretches (0 or 1) and
    /// single pixels; partial coverages go to `values`, shared by all rows.
    private struct RowBuilder {
        var values: [Float] = []
        private var runs: [Run] = []
        private var fullStart = -1
        private var partialStart = -1

        /// Pixels from x on have coverage c (0 or 1) until the next call.
        mutating func constant(_ c: Double, at x: Int) {
            closePartial(x)
            if c >= 1 {
                if fullStart < 0 { fullStart = x }
            } else {
                closeFull(x)
            }
        }

        /// Pixel x has coverage c (in 0 ... 1).
        mutating func pixel(_ c: Double, at x: Int) {
            if c >= 1 {
                closePartial(x)
                if fullStart < 0 { fullStart = x }
            } else if c <= 0 {
                closePartial(x)
                closeFull(x)
            } else {
                closeFull(x)
                if partialStart < 0 { partialStart = x }
                values.append(Float(c))
            }
        }

        /// Ends the row at `width` and returns its runs.
        mutating func finish(at width: Int) -> [Run] {
            closePartial(width)
            closeFull(width)
            defer { runs = [] }
            return runs
        }

        private mutating func closePartial(_ x: Int) {
            if partialStart >= 0 {
                runs.append(
                    .partial(x0: partialStart, count: x - partialStart, offset: values.count - (x - partialStart)))
                partialStart = -1
            }
        }

        private mutating func closeFull(_ x: Int) {
            if fullStart >= 0 {
                runs.append(.full(x0: fullStart, x1: x))
                fullStart = -1
            }
        }
    }

    /// A sparse map: coverage is evaluated only on the given column ranges of the given rows
    /// (merged where they overlap) and is 0 elsewhere. Memory grows with the ranges, not the canvas.
    package init(width: Int, height: Int, spans: [Int: [Range<Int>]], coverage: (Int, Int) -> Double) {
        self.width = max(0, width)
        self.height = max(0, height)
        let width = self.width
        let height = self.height
        var flat: [Run] = []
        var starts = [0]
        var values: [Float] = []
        for (y, ranges) in spans.sorted(by: { $0.key < $1.key }) where y >= 0 && y < height {
            // Rows without spans (up to this one) have no runs.
            while starts.count <= y { starts.append(flat.count) }
            // Merge the row's ranges, clipped to the canvas.
            var merged: [Range<Int>] = []
            // (A range wholly past either side of the canvas clips to an empty one.)
            for r in ranges.map({ PixelSpan.clip($0.lowerBound, $0.upperBound, limit: width) }).filter({ !$0.isEmpty })
                .sorted(by: {
                    $0.lowerBound < $1.lowerBound
                })
            {
                if let last = merged.last, r.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
                } else {
                    merged.append(r)
                }
            }
            for r in merged {
                var x = r.lowerBound
                while x < r.upperBound {
                    let c = min(1, max(0, coverage(x, y)))
                    if c <= 0 {
                        x += 1
                        continue
                    }
                    if c >= 1 {
                        let start = x
                        while x < r.upperBound && coverage(x, y) >= 1 { x += 1 }
                        flat.append(.full(x0: start, x1: x))
                        continue
                    }
                    let start = x
                    let offset = values.count
                    while x < r.upperBound {
                        let v = min(1, max(0, coverage(x, y)))
                        guard v > 0 && v < 1 else { break }
                        values.append(Float(v))
                        x += 1
                    }
                    flat.append(.partial(x0: start, count: x - start, offset: offset))
                }
            }
        }
        while starts.count <= height { starts.append(flat.count) }
        runs = flat
        rowStarts = starts
        self.values = values
    }

    /// Coverage at one pixel (for tests and diagnostics).
    package func coverage(x: Int, y: Int) -> Double {
        for run in runs(row: y) {
            switch run {
            case .full(let x0, let x1): if x >= x0 && x < x1 { return 1 }
            case .partial(let x0, let count, let offset):
                if x >= x0 && x < x0 + count { return Double(values[offset + x - x0]) }
            }
        }
        return 0
    }

    /// Sum of all coverages (area in pixels).
    package var totalArea: Double {
        var sum = 0.0
        for run in runs {
            switch run {
            case .full(let x0, let x1): sum += Double(x1 - x0)
            case .partial(_, let count, let offset): for i in 0..<count { sum += Double(values[offset + i]) }
            }
        }
        return sum
    }
}
