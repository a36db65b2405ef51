import CropGeometry

/// The view state of SPEC section 1: the image scale k (points per image pixel)
/// and the centre of the image rect.
public struct ViewState: Equatable, Sendable, CustomStringConvertible {
    public var k: Double
    public var cx: Double
    public var cy: Double
    public init(k: Double, cx: Double, cy: Double) {
        self.k = k
        self.cx = cx
        self.cy = cy
    }
    public var center: Point {
        get { Point(cx, cy) }
        set {
            cx = newValue.x
            cy = newValue.y
        }
    }

    /// Equal within `tolerance` on each of k, cx, cy.
    package func isClose(to other: ViewState, tolerance: Double = 1e-9) -> Bool {
        abs(k - other.k) <= tolerance && abs(cx - other.cx) <= tolerance && abs(cy - other.cy) <= tolerance
    }

    /// S0 + (X - S0) * p on each component.
    package func interpolated(to target: ViewState, progress p: Double) -> ViewState {
        ViewState(k: k + (target.k - k) * p, cx: cx + (target.cx - cx) * p, cy: cy + (target.cy - cy) * p)
    }

    /// The same state scaled to `newK` about `anchor` (the anchor's image point stays put).
    package func scaled(to newK: Double, about anchor: Point) -> ViewState {
        let f = newK / k
        return ViewState(k: newK, cx: anchor.x + (cx - anchor.x) * f, cy: anchor.y + (cy - anchor.y) * f)
    }

    public var description: String { "(k: \(k), cx: \(cx), cy: \(cy))" }
}
