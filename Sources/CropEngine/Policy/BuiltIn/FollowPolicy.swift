import CropScenario

/// The built-in `none`: the image follows the fingers and stays where they leave it.
public struct FollowPolicy: SnapBackPolicy {
    /// Whether a cancelled gesture counts as a release (`onCancel: "settle"`).
    public var settlesOnCancel: Bool

    /// The image follows; `settlesOnCancel` as the scenario's `onCancel` says.
    public init(settlesOnCancel: Bool = true) { self.settlesOnCancel = settlesOnCancel }

    /// Always the raw state: the image follows the fingers.
    public func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .follow }
    /// Nothing: the image stays where the fingers left it.
    public func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? { nil }
}

extension FollowPolicy: BuiltInPolicy {
    package static let kind = PolicyKind.none
    package init(_ spec: PolicySpec) { self.init(settlesOnCancel: spec.onCancel == .settle) }
}
