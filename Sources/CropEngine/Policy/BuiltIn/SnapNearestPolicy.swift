import CropGeometry
import CropScenario

/// The built-in `snapNearest`: the image follows the fingers; on release an invalid state
/// settles to the nearest valid one (its projection), and with momentum a fling carries the
/// image on before it is projected.
public struct SnapNearestPolicy: SnapBackPolicy {
    /// Deceleration per millisecond (0.998 like a scroll view), or nil for no momentum.
    public var momentum: Double?
    /// Whether a cancelled gesture counts as a release (`onCancel: "settle"`).
    public var settlesOnCancel: Bool

    /// Snap to the nearest valid state, with optional momentum; `settlesOnCancel` as `onCancel` says.
    public init(momentum: Double? = nil, settlesOnCancel: Bool = true) {
        self.momentum = momentum
        self.settlesOnCancel = settlesOnCancel
    }

    /// Always the raw state: the image follows the fingers.
    public func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .follow }

    /// Where a fling coasts to, projected; else the projection of an invalid shown state, or nil.
    public func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? {
        if let target = Momentum.target(release, rate: momentum, in: geometry) { return target }
        return geometry.isValid(release.shown) ? nil : geometry.project(release.shown)
    }
}

extension SnapNearestPolicy: BuiltInPolicy {
    package static let kind = PolicyKind.snapNearest
    package init(_ spec: PolicySpec) { self.init(momentum: spec.momentum, settlesOnCancel: spec.onCancel == .settle) }
}

/// Where a fling coasts to (docs/behaviour.md, "Momentum"): the shown centre moved by
/// v/1000 * r/(1-r), then projected; nil without momentum or without a fling.
enum Momentum {
    static func target(_ release: Release, rate: Double?, in geometry: PolicyGeometry) -> ViewState? {
        guard let r = rate, let v = release.fling, v.x != 0 || v.y != 0 else { return nil }
        let factor = r / (1 - r)
        var flung = release.shown
        flung.cx += v.x / 1000 * factor
        flung.cy += v.y / 1000 * factor
        return geometry.project(flung)
    }
}
