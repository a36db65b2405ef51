import CropGeometry

/// The view state (docs/behaviour.md, "View state and mapping"): the image scale k (points per oriented image
/// pixel), the centre of the image rect, and the straighten angle `a` in degrees (clockwise
/// on screen).
public struct ViewState: Equatable, Sendable, CustomStringConvertible {
    /// Points per oriented image pixel (`k` in docs/behaviour.md).
    public var scale: Double
    /// The centre of the image rect in view points.
    public var cx: Double
    /// The vertical centre of the image rect in view points.
    public var cy: Double
    /// The straighten angle in degrees, clockwise on screen (`a` in docs/behaviour.md).
    public var angle: Double

    /// A state of `scale` points per pixel, centred at (`cx`, `cy`), turned by `angle` degrees.
    public init(scale: Double, cx: Double, cy: Double, angle: Double = 0) {
        self.scale = scale
        self.cx = cx
        self.cy = cy
        self.angle = angle
    }

    /// The engine's formulas use the reference's notation: k for the scale, a for the angle.
    package init(k: Double, cx: Double, cy: Double, a: Double = 0) {
        self.init(scale: k, cx: cx, cy: cy, angle: a)
    }

    /// `scale`, in the formulas' notation.
    package var k: Double {
        get { scale }
        set { scale = newValue }
    }

    /// `angle`, in the formulas' notation.
    package var a: Double {
        get { angle }
        set { angle = newValue }
    }

    /// The image rect's centre, `(cx, cy)`.
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

    /// The state as `(k: ..., cx: ..., cy: ...)`, with `a:` when the angle is not 0.
    public var description: String {
        a == 0 ? "(k: \(k), cx: \(cx), cy: \(cy))" : "(k: \(k), cx: \(cx), cy: \(cy), a: \(a))"
    }
}
