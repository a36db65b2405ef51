import CropGeometry
import CropScenario

/// A closed outline in pixel space: the crop frame, an offset of it, or a face box.
package enum Shape: Equatable, Sendable {
    case rect(Rect)
    case circle(center: Point, radius: Double)
    case roundedRect(Rect, radius: Double)

    /// The frame's outline for a frame spec and bounding rect (scaled to pixels).
    package static func frame(_ shape: FrameShape, rect: Rect, cornerRadius: Double) -> Shape {
        switch shape {
        case .rect: return .rect(rect)
        case .circle: return .circle(center: rect.center, radius: min(rect.width, rect.height) / 2)
        case .roundedRect: return .roundedRect(rect, radius: min(cornerRadius, rect.width / 2, rect.height / 2))
        }
    }

    /// The outline moved outward by d (inward for negative d); nil when it vanishes.
    package func offset(_ d: Double) -> Shape? {
        switch self {
        case .rect(let r):
            let n = Rect(x: r.x - d, y: r.y - d, width: r.width + 2 * d, height: r.height + 2 * d)
            return n.width > 0 && n.height > 0 ? .rect(n) : nil
        case .circle(let c, let radius):
            return radius + d > 0 ? .circle(center: c, radius: radius + d) : nil
        case .roundedRect(let r, let radius):
            let n = Rect(x: r.x - d, y: r.y - d, width: r.width + 2 * d, height: r.height + 2 * d)
            guard n.width > 0 && n.height > 0 else { return nil }
            return .roundedRect(n, radius: max(0, radius + d))
        }
    }

    package var bounds: Rect {
        switch self {
        case .rect(let r), .roundedRect(let r, _): return r
        case .circle(let c, let radius):
            return Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius)
        }
    }

    /// Exact area of the shape inside the box [x0, x1] x [y0, y1].
    @inline(__always)
    package func area(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        switch self {
        case .rect(let r): return AreaMath.rectBox(r, x0, y0, x1, y1)
        case .circle(let c, let radius): return AreaMath.discBox(cx: c.x, cy: c.y, r: radius, x0, y0, x1, y1)
        case .roundedRect(let r, let radius): return AreaMath.roundedRectBox(r, radius: radius, x0, y0, x1, y1)
        }
    }

    /// Columns x of the pixel row [y, y + 1) whose pixel squares lie inside the shape with a
    /// margin, so that `area` is exactly 1 for each of them (the fast paths of AreaMath); may
    /// be empty, never too wide.
    package func interior(row y: Int) -> Range<Int> {
        let y0 = Double(y)
        let y1 = y0 + 1
        func columns(_ a: Double, _ b: Double) -> Range<Int> {
            let lo = a.rounded(.up)
            let hi = b.rounded(.down)
            guard lo < hi, lo > -1e9, hi < 1e9 else { return 0..<0 }
            return Int(lo)..<Int(hi)
        }
        switch self {
        case .rect(let r):
            guard y0 >= r.minY && y1 <= r.maxY else { return 0..<0 }
            return columns(r.minX, r.maxX)
        case .circle(let c, let radius):
            let dy = max(abs(y0 - c.y), abs(y1 - c.y))
            guard dy < radius else { return 0..<0 }
            let half = (radius * radius - dy * dy).squareRoot()
            return columns(c.x - half + 1, c.x + half - 1)
        case .roundedRect(let r, let radius):
            guard y0 >= r.minY && y1 <= r.maxY else { return 0..<0 }
            let corner = min(radius, r.width / 2, r.height / 2)
            // Rows level with a corner square keep clear of it (plus one pixel).
            if corner > 0 && (y0 < r.minY + corner + 1 || y1 > r.maxY - corner - 1) {
                return columns(r.minX + corner + 1, r.maxX - corner - 1)
            }
            return columns(r.minX, r.maxX)
        }
    }

    /// Whether a point lies inside.
    package func contains(_ x: Double, _ y: Double) -> Bool {
        switch self {
        case .rect(let r): return x >= r.minX && x < r.maxX && y >= r.minY && y < r.maxY
        case .circle(let c, let radius):
            let dx = x - c.x
            let dy = y - c.y
            return dx * dx + dy * dy < radius * radius
        case .roundedRect(let r, let radius):
            guard x >= r.minX && x < r.maxX && y >= r.minY && y < r.maxY else { return false }
            let cx = min(max(x, r.minX + radius), r.maxX - radius)
            let cy = min(max(y, r.minY + radius), r.maxY - radius)
            let dx = x - cx
            let dy = y - cy
            return dx * dx + dy * dy <= radius * radius
        }
    }
}
