import CropScenario

/// The built-in `rubberBand`: while touching, an overshoot shows compressed by the rubber
/// band (docs/behaviour.md, "Rubber band"); on release the image springs back to the nearest
/// valid state, or coasts with momentum first.
public struct RubberBandPolicy: SnapBackPolicy {
    /// The band's constant c (0.55 like a scroll view).
    public var constant: Double
    /// Deceleration per millisecond, or nil for no momentum.
    public var momentum: Double?
    public var settlesOnCancel: Bool

    public init(constant: Double = 0.55, momentum: Double? = nil, settlesOnCancel: Bool = true) {
        self.constant = constant
        self.momentum = momentum
        self.settlesOnCancel = settlesOnCancel
    }

    public func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .band(constant) }
    public func resume(from shown: ViewState, in geometry: PolicyGeometry) -> Resumption { .unband(constant) }

    public func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? {
        Momentum.target(release, rate: momentum, in: geometry) ?? geometry.project(release.shown)
    }
}

extension RubberBandPolicy: BuiltInPolicy {
    package static let kind = PolicyKind.rubberBand
    package init(_ spec: PolicySpec) {
        self.init(constant: spec.rubberBand, momentum: spec.momentum, settlesOnCancel: spec.onCancel == .settle)
    }
}
