import CropScenario

/// The built-in `rollback`: the image follows the fingers while the engine remembers the last
/// valid state; a release on an invalid state returns there. Per gesture, each gesture keeps
/// its own memory and restores only what it changes (pan: the centre; pinch: the zoom;
/// rotation: the angle), at its own end.
public struct RollbackPolicy: SnapBackPolicy {
    /// Whether the whole state rolls back on release, or each gesture's part at its own end.
    public var mode: RollbackMode
    /// Whether a cancelled gesture counts as a release (`onCancel: "settle"`).
    public var settlesOnCancel: Bool

    /// Rollback in `mode`; `settlesOnCancel` as the scenario's `onCancel` says.
    public init(mode: RollbackMode = .whole, settlesOnCancel: Bool = true) {
        self.mode = mode
        self.settlesOnCancel = settlesOnCancel
    }

    /// The last valid state (`whole`), or one per gesture (`perGesture`).
    public var memory: PolicyMemory { mode == .whole ? .whole : .perGesture }

    /// Always the raw state: the image follows the fingers.
    public func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .follow }

    /// Per gesture, an invalid state returns what that gesture changed to its stored value.
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

    /// Whole, an invalid state returns to the last valid one.
    public func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? {
        guard mode == .whole, !geometry.isValid(release.shown) else { return nil }
        return release.memories.whole
    }
}

extension RollbackPolicy: BuiltInPolicy {
    package static let kind = PolicyKind.rollback
    package init(_ spec: PolicySpec) { self.init(mode: spec.rollback, settlesOnCancel: spec.onCancel == .settle) }
}
