import CropScenario

/// The built-in `clamp`: a hard wall. Every event shows the projection of the raw state (the
/// nearest valid state), which becomes the raw state: dragging past the wall does nothing and
/// moving back moves at once; a release has nothing to do.
public struct ClampPolicy: SnapBackPolicy {
    public var settlesOnCancel: Bool

    public init(settlesOnCancel: Bool = true) { self.settlesOnCancel = settlesOnCancel }

    public func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .wall }
    public func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? { nil }
}

extension ClampPolicy: BuiltInPolicy {
    package static let kind = PolicyKind.clamp
    package init(_ spec: PolicySpec) { self.init(settlesOnCancel: spec.onCancel == .settle) }
}
