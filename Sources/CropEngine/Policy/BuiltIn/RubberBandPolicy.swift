import CropScenario

/// The built-in `rubberBand`: while touching, an overshoot shows compressed by the rubber
/// band (docs/behaviour.md, "Rubber band"); on release the image springs back to the nearest
/// valid state, or coasts with momentum first.
public struct RubberBandPolicy: SnapBackPolicy {
    /// The band's constant c (0.55 like a scroll view).
    public var constant: Double
    /// Deceleration per millisecond, or nil for no momentum.
    public var momentum: Double?
    /// Whether a cancelled gesture counts as a release (`onCancel: "settle"`).
    public var settlesOnCancel: Bool

    /// A band of `constant`, with optional momentum; `settlesOnCancel` as the scenario's `onCancel` says.
    public init(constant: Double = 0.55, momentum: Double? = nil, settlesOnCancel: Bool = true) {
        self.constant = constant
        self.momentum = momentum
        self.settlesOnCancel = settlesOnCancel
    }

    /// The band with this policy's constant.
    public func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .band(constant) }
    /// The band's inverse, so a `began` does not move the picture.
    public func resume(from shown: ViewState, in geometry: PolicyGeometry) -> Resumption { .unband(constant) }

    /// Where a fling coasts to, projected, or else the projection of the shown state.
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
