import CropScenario

/// The built-in `clamp`: a hard wall. Every event shows the projection of the raw state (the
/// nearest valid state), which becomes the raw state: dragging past the wall does nothing and
/// moving back moves at once; a release has nothing to do.
public struct ClampPolicy: SnapBackPolicy {
    /// Whether a cancelled gesture counts as a release (`onCancel: "settle"`).
    public var settlesOnCancel: Bool

    /// A wall; `settlesOnCancel` as the scenario's `onCancel` says.
    public init(settlesOnCancel: Bool = true) { self.settlesOnCancel = settlesOnCancel }

    /// Always the wall: the projection of the raw state.
    public func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .wall }
    /// Nothing to do: the shown state is valid.
    public func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? { nil }
}

extension ClampPolicy: BuiltInPolicy {
    package static let kind = PolicyKind.clamp
    package init(_ spec: PolicySpec) { self.init(settlesOnCancel: spec.onCancel == .settle) }
}
