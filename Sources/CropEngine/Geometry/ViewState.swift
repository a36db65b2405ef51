import CropGeometry

/// The view state (docs/behaviour.md, "View state and mapping"): the image scale k (points per oriented image
/// pixel), the centre of the image rect, and the straighten angle `a` in degrees (clockwise
/// on screen).
public struct ViewState: Equatable, Sendable, CustomStringConvertible {
    public var k: Double
    public var cx: Double
    public var cy: Double
    public var a: Double

    public init(k: Double, cx: Double, cy: Double, a: Double = 0) {
        self.k = k
        self.cx = cx
        self.cy = cy
        self.a = a
    }

    public var center: Point {
        get { Point(cx, cy) }
        set {
            cx = newValue.x
            cy = newValue.y
        }
    }

    /// Equal within `tolerance` on each of k, cx, cy and a.
    package func isClose(to other: ViewState, tolerance: Double = 1e-9) -> Bool {
        abs(k - other.k) <= tolerance && abs(cx - other.cx) <= tolerance && abs(cy - other.cy) <= tolerance
            && abs(a - other.a) <= tolerance
    }

    /// S0 + (X - S0) * p on each component (the angle only when it changes, so an angle of 0
    /// stays exactly 0).
    package func interpolated(to target: ViewState, progress p: Double) -> ViewState {
        ViewState(
            k: k + (target.k - k) * p, cx: cx + (target.cx - cx) * p, cy: cy + (target.cy - cy) * p,
            a: a == target.a ? a : a + (target.a - a) * p)
    }

    /// The same state scaled to `newK` about `anchor` (the anchor's image point stays put).
    package func scaled(to newK: Double, about anchor: Point) -> ViewState {
        let f = newK / k
        return ViewState(k: newK, cx: anchor.x + (cx - anchor.x) * f, cy: anchor.y + (cy - anchor.y) * f, a: a)
    }

    public var description: String {
        a == 0 ? "(k: \(k), cx: \(cx), cy: \(cy))" : "(k: \(k), cx: \(cx), cy: \(cy), a: \(a))"
    }
}
