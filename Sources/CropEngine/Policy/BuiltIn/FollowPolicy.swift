import CropScenario

/// The built-in `none`: the image follows the fingers and stays where they leave it.
public struct FollowPolicy: SnapBackPolicy {
    public var settlesOnCancel: Bool

    public init(settlesOnCancel: Bool = true) { self.settlesOnCancel = settlesOnCancel }

    public func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .follow }
    public func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? { nil }
}

extension FollowPolicy: BuiltInPolicy {
    package static let kind = PolicyKind.none
    package init(_ spec: PolicySpec) { self.init(settlesOnCancel: spec.onCancel == .settle) }
}
