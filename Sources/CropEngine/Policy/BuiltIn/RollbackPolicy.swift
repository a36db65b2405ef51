import CropScenario

/// The built-in `rollback`: the image follows the fingers while the engine remembers the last
/// valid state; a release on an invalid state returns there. Per gesture, each gesture keeps
/// its own memory and restores only what it changes (pan: the centre; pinch: the zoom;
/// rotation: the angle), at its own end.
public struct RollbackPolicy: SnapBackPolicy {
    public var mode: RollbackMode
    public var settlesOnCancel: Bool

    public init(mode: RollbackMode = .whole, settlesOnCancel: Bool = true) {
        self.mode = mode
        self.settlesOnCancel = settlesOnCancel
    }

    public var memory: PolicyMemory { mode == .whole ? .whole : .perGesture }

    public func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .follow }

    public func gestureEnded(_ ending: GestureEnding, in geometry: PolicyGeometry) -> ViewState? {
        guard mode == .perGesture, !geometry.isValid(ending.shown) else { return nil }
        var target = ending.shown
        let stored = ending.memories.of(ending.gesture)
        switch ending.gesture {
        case .pan:
            target.cx = stored.cx
            target.cy = stored.cy
        case .pinch:
            target.k = stored.k
        case .rotation:
            target.a = stored.a
        }
        return target
    }

    public func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? {
        guard mode == .whole, !geometry.isValid(release.shown) else { return nil }
        return release.memories.whole
    }
}

extension RollbackPolicy: BuiltInPolicy {
    package static let kind = PolicyKind.rollback
    package init(_ spec: PolicySpec) { self.init(mode: spec.rollback, settlesOnCancel: spec.onCancel == .settle) }
}
