import CropGeometry

/// A dash pattern measured along a closed path from its start: phase 0, starting
/// on; an odd array is repeated once.
package struct DashPattern: Equatable, Sendable {
    package let lengths: [Double]
    package let period: Double

    package init?(_ lengths: [Double]) {
        guard !lengths.isEmpty else { return nil }
        let l = lengths.count % 2 == 1 ? lengths + lengths : lengths
        self.lengths = l
        period = l.reduce(0, +)
        if !(period > 0) { return nil }
    }

    /// Whether the dash is on at arc length s (s >= 0).
    package func isOn(_ s: Double) -> Bool {
        var m = s - (s / period).rounded(.down) * period
        if m < 0 { m = 0 }
        for (i, len) in lengths.enumerated() {
            if m < len { return i % 2 == 0 }
            m -= len
        }
        return false
    }
}

/// Arc-length positions along a stroke's centreline (pixel space), used to
/// decide which stroke pixels a dash lights. Rect paths start top-left; circles
/// at 3 o'clock; rounded rects at (x + r, y); all clockwise on screen.
package struct CenterlinePath: Sendable {
    package let shape: Shape
    package let length: Double

    package init(_ shape: Shape) {
        self.shape = shape
        switch shape {
        case .rect(let r): length = 2 * (r.width + r.height)
        case .circle(_, let radius): length = 2 * DetMath.pi * radius
        case .roundedRect(let r, let radius):
            length = 2 * (r.width - 2 * radius) + 2 * (r.height - 2 * radius) + 2 * DetMath.pi * radius
        }
    }

    /// The arc length of the centreline point nearest (x, y), and whether that point is a
    /// sharp vertex (a rect corner), where the mitre rule applies.
    package func position(_ x: Double, _ y: Double) -> (s: Double, vertex: Bool) {
        switch shape {
        case .circle(let c, let radius):
            var a = DetMath.atan2(y - c.y, x - c.x)
            if a < 0 { a += 2 * DetMath.pi }
            return (a * radius, false)
        case .rect(let r):
            return rectPosition(r, radius: 0, x, y)
        case .roundedRect(let r, let radius):
            return rectPosition(r, radius: radius, x, y)
        }
    }

    private func rectPosition(_ r: Rect, radius: Double, _ x: Double, _ y: Double) -> (s: Double, vertex: Bool) {
        let w = r.width - 2 * radius
        let h = r.height - 2 * radius
        let arc = DetMath.pi / 2 * radius
        // Candidates: the four straight sides (clamped), distance to each.
        let top = (min(max(x, r.minX + radius), r.maxX - radius), r.minY)
        let right = (r.maxX, min(max(y, r.minY + radius), r.maxY - radius))
        let bottom = (min(max(x, r.minX + radius), r.maxX - radius), r.maxY)
        let left = (r.minX, min(max(y, r.minY + radius), r.maxY - radius))
        func d2(_ p: (Double, Double)) -> Double { (p.0 - x) * (p.0 - x) + (p.1 - y) * (p.1 - y) }
        var best = d2(top)
        var s = top.0 - (r.minX + radius)
        let dr = d2(right)
        if dr < best {
            best = dr
            s = w + arc + (right.1 - (r.minY + radius))
        }
        let db = d2(bottom)
        if db < best {
            best = db
            s = w + arc + h + arc + ((r.maxX - radius) - bottom.0)
        }
        let dl = d2(left)
        if dl < best {
            best = dl
            s = 2 * w + h + 3 * arc + ((r.maxY - radius) - left.1)
        }
        if radius > 0 {
            // Points in a corner region project onto the corner arc.
            let corners: [(Double, Double, Double)] = [  // centre x, centre y, arc start
                (r.maxX - radius, r.minY + radius, w),
                (r.maxX - radius, r.maxY - radius, w + arc + h),
                (r.minX + radius, r.maxY - radius, 2 * w + 2 * arc + h),
                (r.minX + radius, r.minY + radius, 2 * w + 3 * arc + 2 * h),
            ]
            for (i, (ccx, ccy, start)) in corners.enumerated() {
                let inX = i == 0 || i == 1 ? x > ccx : x < ccx
                let inY = i == 1 || i == 2 ? y > ccy : y < ccy
                if inX && inY {
                    // Angle measured clockwise on screen from the corner arc's start direction.
                    var a = DetMath.atan2(y - ccy, x - ccx)  // screen angle, 0 = 3 o'clock, clockwise
                    let startAngle = [-DetMath.pi / 2, 0, DetMath.pi / 2, DetMath.pi][i]
                    a -= startAngle
                    while a < 0 { a += 2 * DetMath.pi }
                    while a >= 2 * DetMath.pi { a -= 2 * DetMath.pi }
                    return (start + min(a, DetMath.pi / 2) * radius, false)
                }
            }
            return (s, false)
        }
        // A sharp rect: a point in an outer corner quadrant is nearest to the vertex (the mitre).
        if (y <= r.minY || y >= r.maxY) && (x <= r.minX || x >= r.maxX) {
            // Exact corner arc positions.
            if x <= r.minX && y <= r.minY { return (0, true) }
            if x >= r.maxX && y <= r.minY { return (w, true) }
            if x >= r.maxX && y >= r.maxY { return (w + h, true) }
            return (2 * w + h, true)
        }
        return (s, false)
    }

    /// Whether the dash lights the point: on at its arc position; at a vertex only
    /// when the dash runs through it (on just before and just after; for the start
    /// vertex, on at both the end and the start of the path).
    package func isLit(_ x: Double, _ y: Double, dash: DashPattern) -> Bool {
        let (s, vertex) = position(x, y)
        if !vertex { return dash.isOn(s) }
        let eps = 1e-9
        if s == 0 { return dash.isOn(0) && dash.isOn(length - eps) }
        return dash.isOn(s - eps) && dash.isOn(s + eps)
    }
}
