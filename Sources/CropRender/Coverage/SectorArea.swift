import CropGeometry

/// Exact areas of annular sectors (the pieces of a dashed circle or rounded corner) inside an
/// axis-aligned box: a wedge between two angles clips the box to a convex polygon, and the
/// disc's area inside that polygon is a sum of signed circle-triangle areas.
package enum SectorArea {
    /// Area of the annulus (centre c, radii rIn <= rOut) between the angles a <= b (radians,
    /// screen angles: 0 at 3 o'clock, increasing clockwise on screen) inside the box.
    package static func annulus(
        cx: Double, cy: Double, rIn: Double, rOut: Double, from a: Double, to b: Double,
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double
    ) -> Double {
        guard b > a, rOut > 0 else { return 0 }
        // Boxes wholly outside the outer disc or inside the inner one hold nothing.
        let (near, far) = AreaMath.squaredDistances(cx: cx, cy: cy, x0, y0, x1, y1)
        if near >= rOut * rOut || far <= rIn * rIn { return 0 }
        let bx0 = x0 - cx
        let bx1 = x1 - cx
        let by0 = y0 - cy
        let by1 = y1 - cy
        var area = 0.0
        // Convex pieces of at most a quarter turn each.
        var start = a
        while start < b {
            let end = min(b, start + DetMath.pi / 2)
            let polygon = wedgeBox(from: start, to: end, bx0, by0, bx1, by1)
            if polygon.count >= 3 {
                area += discPolygon(polygon, r: rOut)
                if rIn > 0 { area -= discPolygon(polygon, r: rIn) }
            }
            start = end
        }
        return max(0, area)
    }

    /// The box (relative to the centre) clipped to the wedge between angles a and b
    /// (b - a <= pi/2): two half-planes through the centre.
    static func wedgeBox(from a: Double, to b: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double)
        -> [Point]
    {
        let da = DetMath.sinCos(a)
        let db = DetMath.sinCos(b)
        var polygon = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]
        // At angle >= a: cross(dirA, p) >= 0; at angle <= b: cross(p, dirB) >= 0.
        polygon = clip(polygon) { p in da.cos * p.y - da.sin * p.x }
        polygon = clip(polygon) { p in p.x * db.sin - p.y * db.cos }
        return polygon
    }

    /// Sutherland-Hodgman: the part of a convex polygon where side(p) >= 0.
    static func clip(_ polygon: [Point], side: (Point) -> Double) -> [Point] {
        guard !polygon.isEmpty else { return [] }
        var out: [Point] = []
        out.reserveCapacity(polygon.count + 2)
        var prev = polygon[polygon.count - 1]
        var prevSide = side(prev)
        for p in polygon {
            let s = side(p)
            if s >= 0 {
                if prevSide < 0 { out.append(cut(prev, prevSide, p, s)) }
                out.append(p)
            } else if prevSide >= 0 {
                out.append(cut(prev, prevSide, p, s))
            }
            prev = p
            prevSide = s
        }
        return out
    }

    @inline(__always)
    static func cut(_ p: Point, _ sp: Double, _ q: Point, _ sq: Double) -> Point {
        let t = sp / (sp - sq)
        return Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t)
    }

    /// Area of the disc (centre at the origin, radius r) inside a simple polygon.
    static func discPolygon(_ polygon: [Point], r: Double) -> Double {
        var sum = 0.0
        var prev = polygon[polygon.count - 1]
        for p in polygon {
            sum += triangle(prev, p, r: r)
            prev = p
        }
        return abs(sum)
    }

    /// Signed area of the disc (centre at the origin, radius r) inside the triangle (0, a, b):
    /// the parts of segment ab inside the disc add triangles, the parts outside add sectors.
    static func triangle(_ a: Point, _ b: Point, r: Double) -> Double {
        let r2 = r * r
        let aa = a.x * a.x + a.y * a.y
        let bb = b.x * b.x + b.y * b.y
        if aa <= r2 && bb <= r2 { return 0.5 * (a.x * b.y - a.y * b.x) }
        let dx = b.x - a.x
        let dy = b.y - a.y
        let qa = dx * dx + dy * dy
        guard qa > 0 else { return 0 }
        let qb = a.x * dx + a.y * dy
        let qc = aa - r2
        let disc = qb * qb - qa * qc
        if disc <= 0 { return sector(a, b, r2) }
        let root = disc.squareRoot()
        let t1 = (-qb - root) / qa
        let t2 = (-qb + root) / qa
        if t2 <= 0 || t1 >= 1 { return sector(a, b, r2) }
        let p1 = t1 > 0 ? Point(a.x + dx * t1, a.y + dy * t1) : a
        let p2 = t2 < 1 ? Point(a.x + dx * t2, a.y + dy * t2) : b
        var area = 0.5 * (p1.x * p2.y - p1.y * p2.x)
        if t1 > 0 { area += sector(a, p1, r2) }
        if t2 < 1 { area += sector(p2, b, r2) }
        return area
    }

    /// Signed area of the sector of radius sqrt(r2) between the directions of u and v.
    @inline(__always)
    static func sector(_ u: Point, _ v: Point, _ r2: Double) -> Double {
        0.5 * r2 * DetMath.atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y)
    }
}
