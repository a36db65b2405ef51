import CropGeometry
import CropScenario

/// Which edges of the box a drag moves (docs/behaviour.md, "Hit test").
package struct BoxHandle: OptionSet, Equatable, Hashable, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let left = BoxHandle(rawValue: 1)
    package static let top = BoxHandle(rawValue: 2)
    package static let right = BoxHandle(rawValue: 4)
    package static let bottom = BoxHandle(rawValue: 8)

    package var isCorner: Bool { (contains(.left) || contains(.right)) && (contains(.top) || contains(.bottom)) }
}

/// The movable box's rules (docs/behaviour.md, "The movable box"): the handle hit test, drags with their
/// clamps, the coverage factor, and re-fit targets.
package enum BoxGeometry {
    /// The handle a touch landing at `p` grabs on box `b`, or nil (the pan then moves the image).
    /// An edge is within reach when `p` lies within handleSize/2 of it (perpendicular) and within
    /// its extent grown by handleSize/2 at both ends; two perpendicular edges make a corner; of two
    /// parallel edges the nearer wins (ties: left, top). Distances are inclusive.
    package static func hitTest(_ p: Point, box b: Rect, handleSize: Double, handles: BoxHandles) -> BoxHandle? {
        let r = handleSize / 2
        let inX = p.x >= b.minX - r && p.x <= b.maxX + r
        let inY = p.y >= b.minY - r && p.y <= b.maxY + r
        let dl = abs(p.x - b.minX)
        let dr = abs(p.x - b.maxX)
        let dt = abs(p.y - b.minY)
        let db = abs(p.y - b.maxY)
        var horizontal: BoxHandle = []
        if inY {
            let left = dl <= r
            let right = dr <= r
            if left && right {
                horizontal = dl <= dr ? .left : .right
            } else if left {
                horizontal = .left
            } else if right {
                horizontal = .right
            }
        }
        var vertical: BoxHandle = []
        if inX {
            let top = dt <= r
            let bottom = db <= r
            if top && bottom {
                vertical = dt <= db ? .top : .bottom
            } else if top {
                vertical = .top
            } else if bottom {
                vertical = .bottom
            }
        }
        let handle = horizontal.union(vertical)
        if handle.isEmpty { return nil }
        if handles == .corners && !handle.isCorner { return nil }
        return handle
    }

    /// The box after a drag of `handle` by (dx, dy) from `b0`, before the coverage factor: the
    /// edges moved (or, locked, the aspect kept about the fixed point), then the bounds and the
    /// minimum size (the minimum wins).
    package static func drag(_ b0: Rect, handle: BoxHandle, by d: Point, locked: Bool, bounds: Rect, minSize: Size)
        -> Rect
    {
        locked
            ? lockedDrag(b0, handle: handle, by: d, bounds: bounds, minSize: minSize)
            : freeDrag(b0, handle: handle, by: d, bounds: bounds, minSize: minSize)
    }

    static func freeDrag(_ b0: Rect, handle: BoxHandle, by d: Point, bounds: Rect, minSize: Size) -> Rect {
        var x0 = b0.minX
        var x1 = b0.maxX
        var y0 = b0.minY
        var y1 = b0.maxY
        if handle.contains(.left) { x0 = min(max(x0 + d.x, bounds.minX), x1 - minSize.width) }
        if handle.contains(.right) { x1 = max(min(x1 + d.x, bounds.maxX), x0 + minSize.width) }
        if handle.contains(.top) { y0 = min(max(y0 + d.y, bounds.minY), y1 - minSize.height) }
        if handle.contains(.bottom) { y1 = max(min(y1 + d.y, bounds.maxY), y0 + minSize.height) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func lockedDrag(_ b0: Rect, handle: BoxHandle, by d: Point, bounds: Rect, minSize: Size) -> Rect {
        // The fixed point: the opposite corner, or the middle of the opposite edge.
        let movesX = handle.contains(.left) || handle.contains(.right)
        let movesY = handle.contains(.top) || handle.contains(.bottom)
        let fx = handle.contains(.left) ? b0.maxX : handle.contains(.right) ? b0.minX : b0.midX
        let fy = handle.contains(.top) ? b0.maxY : handle.contains(.bottom) ? b0.minY : b0.midY
        // Width and height the dragged edges ask for.
        let w = handle.contains(.left) ? b0.width - d.x : handle.contains(.right) ? b0.width + d.x : b0.width
        let h = handle.contains(.top) ? b0.height - d.y : handle.contains(.bottom) ? b0.height + d.y : b0.height
        var scale: Double
        if movesX && movesY {
            // A corner takes its size from the axis with the larger |d|/size (ties: x).
            scale = abs(d.x) / b0.width >= abs(d.y) / b0.height ? w / b0.width : h / b0.height
        } else {
            scale = movesX ? w / b0.width : h / b0.height
        }
        // The box at `scale` about (fx, fy) spans fx + (edge - fx) * scale: clamp the scale so it
        // stays in the bounds, then raise it to the minimum size.
        var most = Double.infinity
        func limit(_ edge: Double, _ fixed: Double, _ bound: Double) {
            let reach = edge - fixed
            if reach > 0 {
                most = min(most, (bound - fixed) / reach)
            } else if reach < 0 {
                most = min(most, (bound - fixed) / reach)
            }
        }
        limit(b0.minX, fx, bounds.minX)
        limit(b0.maxX, fx, bounds.maxX)
        limit(b0.minY, fy, bounds.minY)
        limit(b0.maxY, fy, bounds.maxY)
        scale = min(scale, most)
        scale = max(scale, minSize.width / b0.width, minSize.height / b0.height)
        let x0 = fx + (b0.minX - fx) * scale
        let x1 = fx + (b0.maxX - fx) * scale
        let y0 = fy + (b0.minY - fy) * scale
        let y1 = fy + (b0.maxY - fy) * scale
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// B0 + l (B1 - B0) with the largest l in [0, 1] for which the image still covers the box
    /// (docs/behaviour.md, "Box drags": each coverage condition is linear along the segment; one that holds at B1
    /// does not limit l, any other limits it to its root). l = 1 when B0 itself is not covered.
    package static func covered(from b0: Rect, to b1: Rect, state s: ViewState, layout: Layout) -> Rect {
        let imageCovers = Layout.coverageOnly(layout)
        guard imageCovers.isCovered(s, box: b0) else { return b1 }
        func conditions(_ b: Rect) -> [Double] {
            let g = AngledTarget(b, angle: s.a)
            let (du, dv) = g.offset(s)
            let (hu, hv) = g.halfRoom(s, imageWidth: layout.imageWidth, imageHeight: layout.imageHeight)
            return [du - hu, -du - hu, dv - hv, -dv - hv]
        }
        let f0 = conditions(b0)
        let f1 = conditions(b1)
        var l = 1.0
        for (a, b) in zip(f0, f1) where b > 1e-9 {
            let root = a / (a - b)
            if root.isFinite { l = min(l, root) }
        }
        l = min(max(l, 0), 1)
        if l == 1 { return b1 }
        return Rect(
            x: b0.x + l * (b1.x - b0.x), y: b0.y + l * (b1.y - b0.y), width: b0.width + l * (b1.width - b0.width),
            height: b0.height + l * (b1.height - b0.height))
    }

    /// The re-fit (docs/behaviour.md, "Re-fit"): the largest rect of the box's aspect inside the bounds, centred in
    /// them, with its scale s = width / bw lowered so that zoom * s <= max zoom.
    package static func refitTarget(_ box: Rect, bounds: Rect, zoom: Double, maxZoom: Double?) -> (
        box: Rect, scale: Double
    ) {
        guard box.width > 0, box.height > 0 else { return (box, 1) }
        var s = min(bounds.width / box.width, bounds.height / box.height)
        if let m = maxZoom, zoom * s > m { s = m / zoom }
        let w = box.width * s
        let h = box.height * s
        return (Rect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h), s)
    }

    /// The largest rect of `ratio` inside `box`, centred on it (the aspect step).
    package static func fit(ratio: Size, in box: Rect) -> Rect {
        let s = min(box.width / ratio.width, box.height / ratio.height)
        let w = ratio.width * s
        let h = ratio.height * s
        return Rect(x: box.midX - w / 2, y: box.midY - h / 2, width: w, height: h)
    }
}

extension Layout {
    /// The same layout whose coverage test uses the image rect whatever the constraint (box drags
    /// keep the photo under the box for every constraint, docs/behaviour.md, "Box drags").
    package static func coverageOnly(_ l: Layout) -> Layout { l.withConstraint(.frame) }
}
