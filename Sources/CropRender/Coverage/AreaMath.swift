import CropGeometry

/// Exact areas of simple shapes intersected with axis-aligned boxes, in any unit.
package enum AreaMath {
    /// Length of [a0, a1] ∩ [b0, b1].
    @inline(__always)
    package static func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
        let lo = a0 > b0 ? a0 : b0
        let hi = a1 < b1 ? a1 : b1
        return hi > lo ? hi - lo : 0
    }

    /// Area of rect ∩ box.
    @inline(__always)
    package static func rectBox(_ r: Rect, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        overlap(r.minX, r.maxX, x0, x1) * overlap(r.minY, r.maxY, y0, y1)
    }

    static func asin(_ t: Double) -> Double {
        if t >= 1 { return DetMath.pi / 2 }
        if t <= -1 { return -DetMath.pi / 2 }
        return DetMath.atan2(t, (1 - t * t).squareRoot())
    }

    /// Integral of (sqrt(r^2 - x^2) - h) dx (antiderivative).
    static func g(_ x: Double, _ h: Double, _ r: Double) -> Double {
        let t = x / r
        return 0.5 * ((1 - t * t).squareRoot() * x * r + r * r * asin(t) - 2 * h * x)
    }

    /// Area of the disc (centre 0, radius r) above the line y = h (h >= 0) between x0 and x1.
    static func above(_ x0: Double, _ x1: Double, _ h: Double, _ r: Double) -> Double {
        guard h < r else { return 0 }
        let s = (r * r - h * h).squareRoot()
        let a = min(max(x0, -s), s)
        let b = min(max(x1, -s), s)
        return g(b, h, r) - g(a, h, r)
    }

    /// Area of the disc (centre 0, radius r) ∩ [x0, x1] x [y0, y1].
    static func discBoxCentered(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, _ r: Double) -> Double {
        if x1 <= x0 || y1 <= y0 || r <= 0 { return 0 }
        if y0 < 0 {
            if y1 <= 0 { return discBoxCentered(x0, x1, -y1, -y0, r) }
            return discBoxCentered(x0, x1, 0, -y0, r) + discBoxCentered(x0, x1, 0, y1, r)
        }
        return max(0, above(x0, x1, y0, r) - above(x0, x1, y1, r))
    }

    /// Area of the disc (centre c, radius r) ∩ box, exact; fast paths for boxes
    /// wholly inside or outside.
    package static func discBox(
        cx: Double, cy: Double, r: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double
    ) -> Double {
        let (near, far) = squaredDistances(cx: cx, cy: cy, x0, y0, x1, y1)
        if near >= r * r { return 0 }
        if far <= r * r { return (x1 - x0) * (y1 - y0) }
        return discBoxCentered(x0 - cx, x1 - cx, y0 - cy, y1 - cy, r)
    }

    /// The squared distances from (cx, cy) to the nearest and the farthest point of the box.
    @inline(__always)
    package static func squaredDistances(
        cx: Double, cy: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double
    ) -> (near: Double, far: Double) {
        let bx0 = x0 - cx
        let bx1 = x1 - cx
        let by0 = y0 - cy
        let by1 = y1 - cy
        let nx = bx0 > 0 ? bx0 : (bx1 < 0 ? -bx1 : 0)
        let ny = by0 > 0 ? by0 : (by1 < 0 ? -by1 : 0)
        let fx = max(abs(bx0), abs(bx1))
        let fy = max(abs(by0), abs(by1))
        return (nx * nx + ny * ny, fx * fx + fy * fy)
    }

    /// Area of a rounded rect (corner radius `radius`, clamped to half the sides) ∩ box.
    package static func roundedRectBox(
        _ rect: Rect, radius: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double
    ) -> Double {
        let full = rectBox(rect, x0, y0, x1, y1)
        if full == 0 { return 0 }
        let r = min(radius, rect.width / 2, rect.height / 2)
        if r <= 0 { return full }
        var area = full
        let corners = [
            (rect.minX, rect.minY, rect.minX + r, rect.minY + r),  // top-left corner square and its circle centre
            (rect.maxX - r, rect.minY, rect.maxX - r, rect.minY + r),
            (rect.maxX - r, rect.maxY - r, rect.maxX - r, rect.maxY - r),
            (rect.minX, rect.maxY - r, rect.minX + r, rect.maxY - r),
        ]
        for (sx, sy, ccx, ccy) in corners {
            // The corner square [sx, sx + r] x [sy, sy + r] ∩ box.
            let qx0 = max(sx, x0)
            let qx1 = min(sx + r, x1)
            let qy0 = max(sy, y0)
            let qy1 = min(sy + r, y1)
            if qx1 <= qx0 || qy1 <= qy0 { continue }
            let square = (qx1 - qx0) * (qy1 - qy0)
            let disc = discBox(cx: ccx, cy: ccy, r: r, qx0, qy0, qx1, qy1)
            area -= square - disc
        }
        return max(0, area)
    }

    /// The area of the union of axis-aligned rects inside the box [x0, x1] x [y0, y1]: the rects
    /// are clipped, then each vertical slab between their x edges adds its merged y extent.
    package static func unionArea(_ rects: [Rect], _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        var clipped: [Rect] = []
        for r in rects {
            let a = max(r.minX, x0)
            let b = min(r.maxX, x1)
            let c = max(r.minY, y0)
            let d = min(r.maxY, y1)
            if b > a && d > c { clipped.append(Rect(x: a, y: c, width: b - a, height: d - c)) }
        }
        if clipped.isEmpty { return 0 }
        if clipped.count == 1 { return clipped[0].width * clipped[0].height }
        let xs = Array(Set(clipped.flatMap { [$0.minX, $0.maxX] })).sorted()
        var area = 0.0
        for i in 0..<(xs.count - 1) {
            let a = xs[i]
            let b = xs[i + 1]
            let spans = clipped.filter { $0.minX <= a && $0.maxX >= b }.map { ($0.minY, $0.maxY) }.sorted {
                $0.0 < $1.0
            }
            var covered = 0.0
            var current: (Double, Double)?
            for s in spans {
                if let c = current, s.0 <= c.1 {
                    current = (c.0, max(c.1, s.1))
                } else {
                    if let c = current { covered += c.1 - c.0 }
                    current = s
                }
            }
            if let c = current { covered += c.1 - c.0 }
            area += (b - a) * covered
        }
        return area
    }
}
