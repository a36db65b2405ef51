import CropReplay

/// A settle curve of your own: a critically damped spring, p(t) = 1 - (1 + wt) e^(-wt) with
/// w = 2 pi / response, finished once within 1e-4 of the target. `PortableMath.exp` gives the
/// same bits on macOS and Linux, so goldens recorded on one pass on the other.
public struct CriticalCurve: SettleCurve {
    /// Seconds for one period of the undamped spring (like SwiftUI's `response`).
    public var response: Double

    public init(response: Double = 0.3) { self.response = response }

    public func progress(at time: Double) -> CurveProgress {
        let w = 2 * 3.141592653589793 / response
        let p = 1 - (1 + w * time) * PortableMath.exp(-w * time)
        return CurveProgress(p, finished: 1 - p < 1e-4)
    }
}
