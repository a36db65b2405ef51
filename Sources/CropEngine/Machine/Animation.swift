import CropGeometry
import CropScenario

/// The closed-form spring of the built-in `spring` curve (docs/behaviour.md, "Curves").
package enum Spring {
    /// Closed-form spring from rest: stiffness (2 pi / response)^2, damping
    /// 4 pi dampingRatio / response, mass 1; progress p and dp/dt.
    package static func at(_ t: Double, response: Double, dampingRatio zeta: Double) -> (p: Double, velocity: Double) {
        let w0 = 2 * DetMath.pi / response
        // x(t) = 1 - p(t) is the displacement from the target, x(0) = 1, x'(0) = 0.
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let decay = DetMath.exp(-zeta * w0 * t)
            let (s, c) = DetMath.sinCos(wd * t)
            let x = decay * (c + (zeta * w0 / wd) * s)
            let dx = -decay * (w0 * w0 / wd) * s
            return (1 - x, -dx)
        } else if zeta == 1 {
            let decay = DetMath.exp(-w0 * t)
            let x = decay * (1 + w0 * t)
            let dx = -w0 * w0 * t * decay
            return (1 - x, -dx)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let e1 = DetMath.exp(r1 * t)
            let e2 = DetMath.exp(r2 * t)
            let x = (r2 * e1 - r1 * e2) / (r2 - r1)
            let dx = r1 * r2 * (e1 - e2) / (r2 - r1)
            return (1 - x, -dx)
        }
    }
}

/// A running settle: from where the shown state was to a target, advanced by ticks. A
/// double-tap reset also animates the box with the same progress.
package struct Settle: Equatable, Sendable {
    package var from: ViewState
    package var to: ViewState
    /// Number of advances so far; animation time is ticks / fps.
    package var ticks: Int
    /// The box's start and end when it moves with the settle.
    package var box: BoxMove?

    package init(from: ViewState, to: ViewState, ticks: Int, box: BoxMove? = nil) {
        self.from = from
        self.to = to
        self.ticks = ticks
        self.box = box
    }
}

/// A box moving from one rect to another with an animation's progress.
package struct BoxMove: Equatable, Sendable {
    package var from: Rect
    package var to: Rect

    /// x, y, w, h each interpolated.
    package func at(_ p: Double) -> Rect {
        Rect(
            x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p,
            width: from.width + (to.width - from.width) * p,
            height: from.height + (to.height - from.height) * p)
    }
}
