import CCropKernels
import CropGeometry

/// Source-over blending of a flat colour through a coverage map, prepared once per
/// layer and frame and applied row by row: `round(c * a + d * (1 - a))` per channel
/// with `a` = alpha x coverage (round = half up).
struct LayerBlend {
    let map: CoverageMap
    let alpha: Double
    let color: (Double, Double, Double)
    /// Full-coverage results for every input byte, per channel (R, G, B).
    let table: [UInt8]
    /// The same table in a vectorizable form, when the colour is grey and one exists.
    let fixed: FixedBlend?

    /// Nil when the layer is invisible (alpha 0).
    init?(_ map: CoverageMap, color: RGBA, opacity: Double) {
        // NaN and 0 draw nothing; at most 1 (an opacity above 1 would push the table past 255).
        let raw = opacity * Double(color.a) / 255
        guard raw > 0 else { return nil }
        let alpha = min(raw, 1)
        let c = (Double(color.r), Double(color.g), Double(color.b))
        var table = [UInt8](repeating: 0, count: 768)
        for d in 0..<256 {
            let keep = Double(d) * (1 - alpha)
            table[d] = UInt8(c.0 * alpha + keep + 0.5)
            table[256 + d] = UInt8(c.1 * alpha + keep + 0.5)
            table[512 + d] = UInt8(c.2 * alpha + keep + 0.5)
        }
        self.map = map
        self.alpha = alpha
        self.color = c
        self.table = table
        self.fixed = color.r == color.g && color.g == color.b ? FixedBlend(table: Array(table[0..<256])) : nil
    }

    /// Blends rows `rows` of the layer into `first` (the first row's first byte), rows
    /// `rowBytes` apart. The arrays are opened once for all the rows: copying an array per
    /// row would retain and release it each time.
    func apply(rows: Range<Int>, into first: UnsafeMutablePointer<UInt8>, rowBytes: Int) {
        map.runs.withUnsafeBufferPointer { runs in
            map.rowStarts.withUnsafeBufferPointer { starts in
                table.withUnsafeBufferPointer { table in
                    map.values.withUnsafeBufferPointer { values in
                        for y in rows {
                            let row = first + (y - rows.lowerBound) * rowBytes
                            for k in starts[y]..<starts[y + 1] {
                                switch runs[k] {
                                case .full(let x0, let x1):
                                    if let fixed {
                                        fixed.apply(row + x0 * 3, count: (x1 - x0) * 3)
                                    } else {
                                        crk_table_blend(row + x0 * 3, x1 - x0, table.baseAddress)
                                    }
                                case .partial(let x0, let count, let offset):
                                    crk_partial_blend(
                                        row + x0 * 3, count, values.baseAddress.map { $0 + offset }, alpha, color.0,
                                        color.1, color.2)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A grey blend table `d -> round(c * a + d * (1 - a))` as 16-bit arithmetic,
/// `out = (((d << 8) * m) >> 16 + k) >> 8`, kept only when it reproduces the table for
/// all 256 inputs (the compiler turns the loop into vector multiply-high instructions).
struct FixedBlend {
    let m: UInt16
    let k: UInt16

    static func evaluate(_ d: UInt8, _ m: UInt16, _ k: UInt16) -> UInt8 {
        let hi = UInt16(truncatingIfNeeded: (UInt32(UInt16(d) &<< 8) &* UInt32(m)) &>> 16)
        return UInt8(truncatingIfNeeded: (hi &+ k) &>> 8)
    }

    init?(table: [UInt8]) {
        guard table.count == 256 else { return nil }
        // For a given m, out(d) = T[d] holds exactly when
        // 256 T[d] - hi(d) <= k <= 256 T[d] + 255 - hi(d); intersect over d. Try the m
        // nearest the table's slope first: m0, m0 - 1, m0 + 1, ... for 1024 tries (the C kernel
        // `crk_fixed_blend_search`, quick in a debug build too).
        let m0 = Int((Double(Int(table[255]) - Int(table[0])) / 255 * 65536).rounded())
        var m: UInt16 = 0
        var k: UInt16 = 0
        guard crk_fixed_blend_search(table, m0, &m, &k) != 0 else { return nil }
        self.m = m
        self.k = k
    }

    func apply(_ p: UnsafeMutablePointer<UInt8>, count: Int) {
        FixedBlend.run(p, count: count, m, k)
    }

    static func run(_ p: UnsafeMutablePointer<UInt8>, count: Int, _ m: UInt16, _ k: UInt16) {
        crk_fixed_blend(p, count, m, k)
    }
}
