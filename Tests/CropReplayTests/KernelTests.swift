import CCropKernels
import CropBitmap
import CropExplore
import CropGeometry
import CropRender
import XCTest

/// The C kernels (`Sources/CCropKernels`) against plain Swift transcriptions of their
/// documented formulas, on seeded random inputs: they must agree byte for byte.
final class KernelTests: XCTestCase {
    var rng = SplitMix(seed: 0xC0FFEE)

    func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) } }

    func testExpandAndHorizontalPass() {
        for _ in 0..<50 {
            let count = Int.random(in: 1...37, using: &rng)
            let src = bytes(count * 4)
            var expanded = [UInt64](repeating: 0, count: count + 1)
            crk_expand(src, &expanded, count)
            for t in 0..<count {
                let p = src[(t * 4)...]
                let lanes =
                    UInt64(p[t * 4]) | UInt64(p[t * 4 + 1]) << 16 | UInt64(p[t * 4 + 2]) << 32 | UInt64(p[t * 4 + 3])
                    << 48
                XCTAssertEqual(expanded[t], lanes)
            }
            // Oriented: every other texel backwards.
            var oriented = [UInt64](repeating: 0, count: count)
            let dx = -1
            crk_expand_oriented(src, count - 1, dx, &oriented, count)
            XCTAssertEqual(oriented, Array(expanded[0..<count].reversed()))

            // H = (T0 << 8) + (T1 - T0) * w1 per lane, stride 8 (four lanes) and 6 (three).
            let n = Int.random(in: 1...20, using: &rng)
            var plan: [UInt32] = []
            for _ in 0..<n {
                plan.append(
                    UInt32.random(in: 0..<UInt32(count), using: &rng) | UInt32.random(in: 0...256, using: &rng) << 23)
            }
            for stride in [8, 6] {
                var out = [UInt8](repeating: 0, count: n * stride + 8)
                crk_horizontal(expanded, plan, n, &out, stride)
                for c in 0..<n {
                    let i = Int(plan[c] & 0x7F_FFFF)
                    let w = Int(plan[c] >> 23)
                    for lane in 0..<(stride / 2) {
                        let t0 = Int(expanded[i] >> (16 * UInt64(lane)) & 0xFF)
                        let t1 = Int(expanded[i + 1] >> (16 * UInt64(lane)) & 0xFF)
                        let h = t0 * (256 - w) + t1 * w
                        let at = c * stride + lane * 2
                        XCTAssertEqual(Int(out[at]) | Int(out[at + 1]) << 8, h, "column \(c) lane \(lane)")
                    }
                }
            }
        }
    }

    func testVerticalPass() {
        // Enough elements that a rounding slip (1 in 256 sums) in the vector or tail loop shows.
        for _ in 0..<400 {
            let count = Int.random(in: 1...70, using: &rng)
            let top = (0..<count).map { _ in UInt16.random(in: 0...65280, using: &rng) }
            let bottom = (0..<count).map { _ in UInt16.random(in: 0...65280, using: &rng) }
            let v1 = UInt32.random(in: 0...256, using: &rng)
            let v0 = 256 - v1
            var out = [UInt8](repeating: 0, count: count)
            crk_vertical(top, bottom, v0, v1, &out, count)
            for i in 0..<count {
                // Exactly ((t v0) >> 8 + (b v1) >> 8 + 128) >> 8.
                let expected = ((UInt32(top[i]) * v0) >> 8 + (UInt32(bottom[i]) * v1) >> 8 + 128) >> 8
                XCTAssertEqual(UInt32(out[i]), expected, "v1 \(v1) at \(i)")
            }
        }
    }

    func testBlendColumnsOverTheBackground() {
        for opaque in [true, false] {
            for _ in 0..<30 {
                let lanes = opaque ? 3 : 4
                let n = Int.random(in: 1...12, using: &rng)
                let top = (0..<(n * lanes)).map { _ in UInt16.random(in: 0...65280, using: &rng) }
                let bottom = (0..<(n * lanes)).map { _ in UInt16.random(in: 0...65280, using: &rng) }
                let v1 = UInt32.random(in: 0...256, using: &rng)
                let v0 = UInt32.random(in: 0...(256 - v1), using: &rng)
                let edges = [0, n - 1].filter { _ in Bool.random(using: &rng) }
                let weights = edges.map { _ in UInt32.random(in: 0...256, using: &rng) }
                let bg = bytes(3)
                var out = [UInt8](repeating: 0, count: n * 3)
                let edgeColumns = Array(Set(edges)).sorted()
                let edgeWeights = edgeColumns.map { c in weights[edges.firstIndex(of: c) ?? 0] }
                crk_blend_columns(
                    top, bottom, lanes, v0, v1, &out, n, edgeColumns, edgeWeights, edgeColumns.count, opaque ? 1 : 0, 0,
                    bg)
                for c in 0..<n {
                    func p(_ t: UInt32, _ b: UInt32) -> UInt32 { (t * v0) >> 8 + (b * v1) >> 8 }
                    let weight = edgeColumns.firstIndex(of: c).map { edgeWeights[$0] } ?? 256
                    let pa =
                        opaque ? p(255 * weight, 255 * weight) : p(UInt32(top[c * 4 + 3]), UInt32(bottom[c * 4 + 3]))
                    let keep = 65280 - min(pa, 65280)
                    for ch in 0..<3 {
                        let value = p(UInt32(top[c * lanes + ch]), UInt32(bottom[c * lanes + ch]))
                        let expected = min(255, (value * 255 + UInt32(bg[ch]) * keep + 32640) / 65280)
                        XCTAssertEqual(UInt32(out[c * 3 + ch]), expected)
                    }
                }
            }
        }
    }

    /// Runs `body` once per vector path of the turned sampler this CPU has (AVX-512, AVX2, the
    /// four-column path), naming the path, and restores the default; says loudly which wide
    /// paths this machine cannot test.
    func withEachTurnedPath(_ body: (_ path: String) -> Void) {
        defer { _ = crk_set_wide_vectors(2) }
        for (level, name) in [(Int32(2), "AVX-512"), (1, "AVX2"), (0, "four columns")] {
            if crk_set_wide_vectors(level) == level {
                body(name)
            } else {
                print(
                    "NOTE: this CPU has no \(name) path (or is not x86-64): the turned sampler's \(name) path is not tested here."
                )
            }
        }
    }

    func testTurnedRowAgainstADirectEvaluation() {
        withEachTurnedPath { path in turnedRowAgainstADirectEvaluation(path: path) }
    }

    func turnedRowAgainstADirectEvaluation(path: String) {
        let w = 16
        let h = 12
        let rgba = bytes(w * h * 4)
        let opaqueSource = rgba.enumerated().map { $0.offset % 4 == 3 ? UInt8(255) : $0.element }
        // Premultiplied: no channel above its alpha.
        let translucent = (0..<(w * h * 4)).map { i in i % 4 == 3 ? rgba[i] : min(rgba[i], rgba[i | 3]) }
        for round in 0..<60 {
            let width = 48
            let opaque = round % 3 != 2
            let src = opaque ? opaqueSource : translucent
            // Every fourth round reads the image mirrored (origin at the right end, dx -1).
            let mirrored = round % 4 == 1
            let (origin, dx, dy) = mirrored ? (w - 1, -1, w) : (0, 1, w)
            // Every tenth round steps too far for the fixed-point stepping (the per-column form),
            // upright so that column 10 lands on the image.
            let far = round % 10 == 9
            let step = far ? 3e7 : Double.random(in: 0.2...0.6, using: &rng)
            let x0 = far ? -10 * step + 0.3 : Double.random(in: -3...0, using: &rng)
            let angle = far ? 0 : Double.random(in: -45...45, using: &rng)
            let (sin, cos) = (DetMath.sin(angle * DetMath.pi / 180), DetMath.cos(angle * DetMath.pi / 180))
            let uRow = Double.random(in: -2...18, using: &rng)
            let vRow = Double.random(in: -2...14, using: &rng)
            let bg: [UInt8] = [10, 20, 30]
            var out = [UInt8](repeating: 7, count: width * 3)
            var last = -1
            let first = crk_turned_row(
                x0, step, width, cos, sin, uRow, vRow, src, w, h, origin, dx, dy, &out, bg, &last, opaque ? 1 : 0)
            // The definition, column by column.
            let u0 = x0 * cos + uRow
            let du = step * cos
            let v0 = -x0 * sin + vRow
            let dv = -step * sin
            let one = 4_294_967_296.0
            let limit = 536_870_912.0
            let stepped =
                abs(u0) < limit && abs(v0) < limit && abs(du) * Double(width) < limit && abs(dv) * Double(width) < limit
            var expectFirst = -1
            var expectLast = -1
            var sampled = [Bool](repeating: false, count: width)
            for x in 0..<width {
                let fixed: (Int64, Int64)?
                if stepped {
                    fixed = (Int64(u0 * one) + Int64(x) * Int64(du * one), Int64(v0 * one) + Int64(x) * Int64(dv * one))
                } else {
                    let (u, v) = (u0 + Double(x) * du, v0 + Double(x) * dv)
                    fixed = abs(u) < limit && abs(v) < limit ? (Int64(u * one), Int64(v * one)) : nil
                }
                guard let (uFixed, vFixed) = fixed else { continue }
                let (ru, rv) = (uFixed + (1 << 23), vFixed + (1 << 23))
                let (i0, j0) = (Int(ru >> 32), Int(rv >> 32))
                guard i0 >= -1 && i0 < w && j0 >= -1 && j0 < h else { continue }
                sampled[x] = true
                if expectFirst < 0 { expectFirst = x }
                expectLast = x
                let wx = UInt32((ru >> 24) & 255)
                let wy = UInt32((rv >> 24) & 255)
                func texel(_ i: Int, _ j: Int, _ ch: Int) -> UInt32 {
                    i >= 0 && i < w && j >= 0 && j < h ? UInt32(src[(origin + i * dx + j * dy) * 4 + ch]) : 0
                }
                func lerp(_ ch: Int) -> UInt32 {
                    ((texel(i0, j0, ch) * (256 - wx) + texel(i0 + 1, j0, ch) * wx) * (256 - wy)) >> 8
                        + ((texel(i0, j0 + 1, ch) * (256 - wx) + texel(i0 + 1, j0 + 1, ch) * wx) * wy) >> 8
                }
                let pa = lerp(3)
                for ch in 0..<3 {
                    let expected =
                        pa >= 65280
                        ? min(255, (lerp(ch) + 128) >> 8)
                        : min(255, (lerp(ch) * 255 + UInt32(bg[ch]) * (65280 - pa) + 32640) / 65280)
                    XCTAssertEqual(UInt32(out[x * 3 + ch]), expected, "round \(round) x \(x) (\(path))")
                }
            }
            XCTAssertEqual(first, expectFirst, "round \(round)")
            XCTAssertEqual(last, expectLast, "round \(round)")
            if first >= 0 {
                // Columns in between that sample nothing show the background.
                for x in first...last where !sampled[x] {
                    XCTAssertEqual(Array(out[(x * 3)..<(x * 3 + 3)]), bg)
                }
            }
        }
    }

    /// The AVX-512, AVX2 and four-column paths on a larger opaque image in every orientation
    /// (texel steps of either sign along both axes), at any angle and zoom: the same bytes, the
    /// same first and last columns.
    func testTurnedRowPathsAgreeInEveryOrientation() {
        let (w, h) = (97, 61)
        let src = bytes(w * h * 4).enumerated().map { $0.offset % 4 == 3 ? UInt8(255) : $0.element }
        let bg: [UInt8] = [1, 2, 3]
        // (origin, dx, dy) of the eight orientations of a w x h source read as w x h or h x w.
        let layouts: [(origin: Int, dx: Int, dy: Int, iw: Int, ih: Int)] = [
            (0, 1, w, w, h), (w - 1, -1, w, w, h), ((h - 1) * w, 1, -w, w, h), (h * w - 1, -1, -w, w, h),
            (0, w, 1, h, w), ((h - 1) * w, -w, 1, h, w), (w - 1, w, -1, h, w), (h * w - 1, -w, -1, h, w),
        ]
        var sampled = 0
        for round in 0..<200 {
            let l = layouts[round % layouts.count]
            let width = Int.random(in: 1...300, using: &rng)
            let step = Double.random(in: 0.05...2.5, using: &rng)
            let angle = Double.random(in: -180...180, using: &rng)
            let (sin, cos) = (DetMath.sin(angle * DetMath.pi / 180), DetMath.cos(angle * DetMath.pi / 180))
            let x0 = Double.random(in: -40...0, using: &rng)
            let uRow = Double.random(in: -10...Double(l.iw + 10), using: &rng)
            let vRow = Double.random(in: -10...Double(l.ih + 10), using: &rng)
            var rows: [[UInt8]] = []
            var ends: [[Int]] = []
            withEachTurnedPath { _ in
                var out = [UInt8](repeating: 7, count: width * 3)
                var last = -1
                let first = crk_turned_row(
                    x0, step, width, cos, sin, uRow, vRow, src, l.iw, l.ih, l.origin, l.dx, l.dy, &out, bg, &last, 1)
                rows.append(out)
                ends.append([first, last])
            }
            XCTAssertEqual(Set(rows).count, 1, "round \(round)")
            XCTAssertEqual(Set(ends).count, 1, "round \(round)")
            if let first = ends.first?.first, first >= 0 { sampled += 1 }
        }
        // Most rounds draw some of the image (the comparison is not between empty rows).
        XCTAssertGreaterThan(sampled, 100)
    }

    func testTheSamplePhotoDrawnInBandsOnSeveralThreadsIsTheWholePicture() {
        let (w, h) = (203, 157)
        var whole = [UInt8](repeating: 0, count: w * h * 4)
        whole.withUnsafeMutableBufferPointer { crk_sample_photo($0.baseAddress, w, h) }
        let serial = SamplePhoto.image(width: w, height: h)
        let parallel = SamplePhoto.image(width: w, height: h) { bands, draw in
            DispatchQueue.concurrentPerform(iterations: bands) { draw($0) }
        }
        XCTAssertEqual(serial.pixels, whole)
        XCTAssertEqual(parallel.pixels, whole)
        // Not a flat picture: the comparison above could not pass by accident.
        XCTAssertGreaterThan(Set(stride(from: 0, to: whole.count, by: 4).map { whole[$0] }).count, 50)
    }

    func testPNGFilterRowsAgainstTheirDefinitions() {
        var chosen = Set<Int>()
        for round in 0..<24 {
            let bpp = round % 2 == 0 ? 3 : 4
            let w = Int.random(in: 1...60, using: &rng)
            let h = Int.random(in: 1...8, using: &rng)
            let n = w * bpp
            let stride = n + 2  // rows farther apart than their width
            // Random bytes, or a picture (where Up, Average and Paeth win rows too).
            var pixels = bytes(stride * h)
            if round % 3 != 0 {
                var photo = [UInt8](repeating: 0, count: w * h * 4)
                photo.withUnsafeMutableBufferPointer { crk_sample_photo($0.baseAddress, w, h) }
                for y in 0..<h {
                    for i in 0..<n { pixels[y * stride + i] = photo[(y * w + i / bpp) * 4 + i % bpp] }
                }
            }
            var out = [UInt8](repeating: 0, count: (n + 1) * h)
            crk_png_filter(pixels, stride, w, h, bpp, &out)
            for y in 0..<h {
                func cur(_ i: Int) -> Int { i < 0 ? 0 : Int(pixels[y * stride + i]) }
                func up(_ i: Int) -> Int { i < 0 || y == 0 ? 0 : Int(pixels[(y - 1) * stride + i]) }
                // The five filters of RFC 2083 / PNG 9.2, each byte mod 256.
                let filtered: [[UInt8]] = (0..<5).map { f in
                    (0..<n).map { i in
                        let (a, b, c) = (cur(i - bpp), up(i), up(i - bpp))
                        let predictor: Int
                        switch f {
                        case 0: predictor = 0
                        case 1: predictor = a
                        case 2: predictor = b
                        case 3: predictor = (a + b) / 2
                        default:
                            let p = a + b - c
                            let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                            predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                        }
                        return UInt8(truncatingIfNeeded: cur(i) - predictor)
                    }
                }
                // The chosen filter has the smallest sum of |signed byte| (the first on ties).
                let costs = filtered.map { $0.reduce(0) { $0 + min(Int($1), 256 - Int($1)) } }
                let best = costs.indices.min { costs[$0] < costs[$1] || (costs[$0] == costs[$1] && $0 < $1) } ?? 0
                let row = Array(out[(y * (n + 1))..<((y + 1) * (n + 1))])
                XCTAssertEqual(Int(row[0]), best, "round \(round) row \(y)")
                chosen.insert(best)
                XCTAssertEqual(Array(row.dropFirst()), filtered[best], "round \(round) row \(y)")
            }
        }
        XCTAssertEqual(chosen, [0, 1, 2, 3, 4], "every filter is chosen for some row")
    }

    func testLayerBlends() {
        for _ in 0..<30 {
            let count = Int.random(in: 1...40, using: &rng)
            // The grey table form: evaluate(d) for every byte.
            let m = UInt16.random(in: 0...65535, using: &rng)
            let k = UInt16.random(in: 0...255, using: &rng)
            var p = bytes(count)
            let before = p
            crk_fixed_blend(&p, count, m, k)
            for i in 0..<count {
                let hi = (UInt32(UInt16(before[i]) << 8) * UInt32(m)) >> 16
                XCTAssertEqual(UInt32(p[i]), UInt32(UInt16(truncatingIfNeeded: hi + UInt32(k))) >> 8)
            }
            // The colour table.
            let table = bytes(768)
            var q = bytes(count * 3)
            let original = q
            crk_table_blend(&q, count, table)
            for i in 0..<(count * 3) { XCTAssertEqual(q[i], table[256 * (i % 3) + Int(original[i])]) }
            // Partial coverage.
            let values = (0..<count).map { _ in Float.random(in: 0...1, using: &rng) }
            let alpha = Double.random(in: 0...1, using: &rng)
            let c = (Double.random(in: 0...255, using: &rng), 17.0, 255.0)
            var r = original
            crk_partial_blend(&r, count, values, alpha, c.0, c.1, c.2)
            for j in 0..<count {
                let a = Double(values[j]) * alpha
                for (ch, cc) in [c.0, c.1, c.2].enumerated() {
                    XCTAssertEqual(r[j * 3 + ch], UInt8(cc * a + Double(original[j * 3 + ch]) * (1 - a) + 0.5))
                }
            }
        }
    }

    func testTestCardPremultiplyCompareAndAdler() {
        // The test card as docs/scenarios.md defines it, transcribed.
        for (w, h) in [(1, 1), (3, 9), (130, 70), (640, 480)] {
            let card = Testcard.image(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let i = (y * w + x) * 4
                    let expected: [UInt8]
                    if x < 4 || y < 4 || x >= w - 4 || y >= h - 4 {
                        expected = [255, 0, 0, 255]
                    } else if x % 100 == 0 || y % 100 == 0 {
                        expected = [255, 255, 255, 255]
                    } else {
                        expected = [
                            UInt8(x * 255 / (w - 1)), UInt8(y * 255 / (h - 1)), (x / 64 + y / 64) % 2 == 0 ? 200 : 80,
                            255,
                        ]
                    }
                    XCTAssertEqual(Array(card.pixels[i..<(i + 4)]), expected, "\(w)x\(h) at (\(x), \(y))")
                }
            }
        }
        // Premultiplication.
        let rgba = bytes(400)
        let image = PremultipliedImage(RGBAImage(width: 10, height: 10, pixels: rgba))
        XCTAssertFalse(image.isOpaque)
        for i in stride(from: 0, to: 400, by: 4) {
            let a = Int(rgba[i + 3])
            for c in 0..<3 {
                XCTAssertEqual(
                    Int(image.pixels[i + c]), a == 255 ? Int(rgba[i + c]) : (Int(rgba[i + c]) * a + 127) / 255)
            }
        }
        XCTAssertTrue(PremultipliedImage(Testcard.image(width: 9, height: 9)).isOpaque)
        // Differences.
        let e = bytes(5 * 4 * 3)
        var a = e
        a[(2 * 5 + 3) * 3 + 1] &+= 9
        a[(1 * 5 + 1) * 3 + 2] &+= 2
        let d = crk_compare_rgb(e, a, 5, 4, 2)
        XCTAssertEqual(d.differing, 1)
        XCTAssertEqual(d.max_delta, e[(2 * 5 + 3) * 3 + 1] > 246 ? Int(256 - 9) : 9)
        XCTAssertEqual([d.x0, d.y0, d.x1, d.y1], [3, 2, 3, 2])
        XCTAssertEqual(crk_compare_rgb(e, e, 5, 4, 0).differing, 0)
        // Adler-32 by its definition, across the 5552-byte blocks.
        for n in [0, 1, 15, 16, 17, 5551, 5552, 5553, 20000] {
            let data = bytes(n)
            var s1: UInt32 = 1
            var s2: UInt32 = 0
            for b in data {
                s1 = (s1 + UInt32(b)) % 65521
                s2 = (s2 + s1) % 65521
            }
            XCTAssertEqual(crk_adler32(1, data, n), s2 << 16 | s1, "\(n) bytes")
        }
    }

    func testDownscaleKernelsAgreeWithTheAreaAverage() {
        for _ in 0..<20 {
            let w = Int.random(in: 1...9, using: &rng) * 4
            let h = Int.random(in: 1...7, using: &rng) * 4
            var f = RGBFrame(width: w, height: h)
            f.pixels = bytes(w * h * 3)
            for k in [2, 4, 3] where w % k == 0 && h % k == 0 {
                let (dw, dh) = (w / k, h / k)
                // The area average by its definition, in doubles: each output pixel is the
                // mean of its k x k source pixels, rounded half up.
                var expected = [UInt8](repeating: 0, count: dw * dh * 3)
                for oy in 0..<dh {
                    for ox in 0..<dw {
                        for c in 0..<3 {
                            var sum = 0.0
                            for dy in 0..<k {
                                for dx in 0..<k { sum += Double(f.pixels[((oy * k + dy) * w + ox * k + dx) * 3 + c]) }
                            }
                            expected[(oy * dw + ox) * 3 + c] = UInt8(
                                min(255, (sum / Double(k * k) + 0.5).rounded(.down)))
                        }
                    }
                }
                let got = Downscale.resize(f, width: dw, height: dh)
                if k == 3 {
                    // Thirds are not exact in binary: within one level.
                    XCTAssertTrue(zip(got.pixels, expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
                } else {
                    XCTAssertEqual(got.pixels, expected, "shrink by \(k)")
                }
            }
        }
    }

    /// Any ratio (thumbnails are 375 -> 187 and the like): within one level of the area mean in
    /// doubles (and equal to it for nearly every value: the integer weights round it only at
    /// the margin), and a flat picture stays exactly flat.
    func testDownscaleAtAnyRatioIsTheAreaMeanWithinOneLevel() {
        var (values, off) = (0, 0)
        defer { XCTAssertLessThan(off * 50, values, "\(off) of \(values) values off by one") }
        for round in 0..<30 {
            let (w, h) = (Int.random(in: 2...60, using: &rng), Int.random(in: 2...40, using: &rng))
            let (dw, dh) = (Int.random(in: 1...w, using: &rng), Int.random(in: 1...h, using: &rng))
            var f = RGBFrame(width: w, height: h)
            f.pixels = bytes(w * h * 3)
            let got = Downscale.resize(f, width: dw, height: dh)
            // Source pixel s's share of output o: its overlap with [o n/m, (o + 1) n/m), over n/m.
            func shares(_ n: Int, _ m: Int) -> [[(Int, Double)]] {
                let scale = Double(n) / Double(m)
                return (0..<m).map { o in
                    (0..<n).compactMap { s in
                        let overlap = min(Double(s + 1), Double(o + 1) * scale) - max(Double(s), Double(o) * scale)
                        return overlap > 0 ? (s, overlap / scale) : nil
                    }
                }
            }
            let (xs, ys) = (shares(w, dw), shares(h, dh))
            for oy in 0..<dh {
                for ox in 0..<dw {
                    for c in 0..<3 {
                        var v = 0.0
                        for (y, wy) in ys[oy] {
                            var row = 0.0
                            for (x, wx) in xs[ox] { row += Double(f.pixels[(y * w + x) * 3 + c]) * wx }
                            v += row * wy
                        }
                        let expected = Int(min(255, v + 0.5))
                        let difference = abs(Int(got.pixels[(oy * dw + ox) * 3 + c]) - expected)
                        XCTAssertLessThanOrEqual(difference, 1, "round \(round)")
                        values += 1
                        off += difference
                    }
                }
            }
            let colour: [UInt8] = [UInt8.random(in: 0...255, using: &rng), 0, 255]
            var flat = RGBFrame(width: w, height: h)
            for i in 0..<(w * h) { flat.pixels.replaceSubrange((i * 3)..<(i * 3 + 3), with: colour) }
            let shrunk = Downscale.resize(flat, width: dw, height: dh)
            XCTAssertEqual(shrunk.pixels, [UInt8]((0..<(dw * dh)).flatMap { _ in colour }), "round \(round)")
        }
    }

    func testNearestColourIsExactWithOrWithoutAHint() {
        guard let hist = crk_histogram_new() else { return XCTFail("no memory for a histogram") }
        defer { crk_histogram_free(hist) }
        // The hint knows a few colours only; pixels use others too.
        let known = bytes(30 * 3)
        crk_histogram_add(hist, known, 30 * 3, 30, 1, 1)
        for _ in 0..<5 {
            let count = Int.random(in: 1...255, using: &rng)
            let palette = (0..<count).map { _ in UInt32.random(in: 0...0xFFFFFF, using: &rng) }
            let pixels = known + bytes(500 * 3)
            let n = pixels.count / 3
            func map(_ hint: UnsafePointer<crk_histogram>?) -> [UInt8] {
                let table = crk_nearest_new(palette, count, hint)
                defer { crk_nearest_free(table) }
                var out = [UInt8](repeating: 0, count: n)
                crk_nearest_map(table, pixels, n * 3, n, 1, 0, &out)
                return out
            }
            let plain = map(nil)
            XCTAssertEqual(map(hist), plain)
            // And both are the nearest entry by squared distance, the lowest index on ties.
            for i in 0..<n {
                func d(_ c: UInt32) -> Int {
                    let (r, g, b) = (Int(pixels[i * 3]), Int(pixels[i * 3 + 1]), Int(pixels[i * 3 + 2]))
                    return (r - Int(c >> 16)) * (r - Int(c >> 16)) + (g - Int((c >> 8) & 255))
                        * (g - Int((c >> 8) & 255))
                        + (b - Int(c & 255)) * (b - Int(c & 255))
                }
                let best = palette.indices.min {
                    d(palette[$0]) < d(palette[$1]) || (d(palette[$0]) == d(palette[$1]) && $0 < $1)
                }
                XCTAssertEqual(Int(plain[i]), best)
            }
        }
    }

    /// Interior columns skip the coverage function: they must be exactly 1 inside the shape.
    func testShapeInteriorsAreExact() {
        for _ in 0..<200 {
            let r = Rect(
                x: Double.random(in: -5...30, using: &rng), y: Double.random(in: -5...30, using: &rng),
                width: Double.random(in: 0.5...40, using: &rng), height: Double.random(in: 0.5...40, using: &rng))
            let shapes: [Shape] = [
                .rect(r), .circle(center: r.center, radius: min(r.width, r.height) / 2),
                .roundedRect(r, radius: Double.random(in: 0...20, using: &rng)),
            ]
            for shape in shapes {
                for y in -6...72 {
                    for x in shape.interior(row: y) {
                        XCTAssertEqual(
                            shape.area(Double(x), Double(y), Double(x + 1), Double(y + 1)), 1,
                            "\(shape) at (\(x), \(y))")
                    }
                }
            }
        }
    }

    /// A map built with interiors equals the one evaluated at every pixel.
    func testCoverageMapInteriorsChangeNothing() {
        for _ in 0..<60 {
            let r = Rect(
                x: Double.random(in: -5...20, using: &rng), y: Double.random(in: -5...20, using: &rng),
                width: Double.random(in: 0.5...30, using: &rng), height: Double.random(in: 0.5...30, using: &rng))
            let shape: Shape = [.rect(r), .circle(center: r.center, radius: r.width / 2), .roundedRect(r, radius: 4)][
                Int.random(in: 0...2, using: &rng)]
            let b = shape.bounds
            let box = (
                Int(b.minX.rounded(.down)) - 1, Int(b.minY.rounded(.down)) - 1, Int(b.maxX.rounded(.up)) + 1,
                Int(b.maxY.rounded(.up)) + 1
            )
            for outside in [0.0, 1.0] {
                let value = 1 - outside
                let coverage = { (x: Int, y: Int) in
                    let a = shape.area(Double(x), Double(y), Double(x + 1), Double(y + 1))
                    return outside == 1 ? 1 - a : a
                }
                let plain = CoverageMap(width: 40, height: 40, box: box, outside: outside, coverage: coverage)
                let fast = CoverageMap(
                    width: 40, height: 40, box: box, outside: outside, interior: shape.interior(row:),
                    interiorValue: value,
                    coverage: coverage)
                XCTAssertEqual(fast.runs, plain.runs, "\(shape)")
                XCTAssertEqual(fast.rowStarts, plain.rowStarts, "\(shape)")
                XCTAssertEqual(fast.values, plain.values, "\(shape)")
            }
        }
    }
}
