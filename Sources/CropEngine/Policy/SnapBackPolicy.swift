import CropGeometry
import CropScenario

/// A snap-back policy: what the editor shows while fingers move the photo, and what it does
/// when they lift. The five built-in policies (`rollback`, `clamp`, `rubberBand`,
/// `snapNearest`, `none`) conform to it, and so can yours: register a factory under a name
/// (`Registrations.register(policy:_:)`) and scenarios name it as `"policy": {"kind":
/// "yourName", "params": {...}}` (docs/extending.md has a worked example).
///
/// The engine calls a policy with the editor's geometry at that moment and acts on what it
/// returns, so a policy is a small value with pure functions:
/// - it must be deterministic: the same arguments give the same answer (no clock, no random
///   numbers, no state kept between calls: what it must remember it asks for through
///   `memory`);
/// - every state it returns must hold finite numbers within the engine's range (a zoom
///   within 1e-12...1e12 of a point per pixel, a centre within 1e15 points); the engine
///   refuses anything else with a one-line error naming the policy, the frame and the value;
/// - an error it throws ends the replay the same way (one line, exit 2), never a trap.
///
/// The raw state is what the fingers say; the shown state is what the screen shows.
public protocol SnapBackPolicy: Sendable {
    /// What a touch event (a `began`, `changed` or `ended` of any gesture) shows of the raw
    /// state.
    func touch(_ raw: ViewState, in geometry: PolicyGeometry) throws -> TouchResponse

    /// The raw state a gesture goes on from when it begins, given the image shown: `touch` of
    /// it must show `shown` again, so no `began` moves the picture (docs/behaviour.md,
    /// "Continuity"). Default: `.asShown`, right for every rule that shows the raw state or its
    /// projection.
    func resume(from shown: ViewState, in geometry: PolicyGeometry) throws -> Resumption

    /// One gesture released (ended, or cancelled when `settlesOnCancel`), before `release`
    /// when it was the last: a state to return to, or nil. While other fingers are down it
    /// applies at once; otherwise the editor settles to it. Default: nil.
    func gestureEnded(_ ending: GestureEnding, in geometry: PolicyGeometry) throws -> ViewState?

    /// The last finger lifted: the state to settle to with the policy's curve, or nil to stay.
    func release(_ release: Release, in geometry: PolicyGeometry) throws -> ViewState?

    /// Whether a cancelled gesture counts as a release. Default: true.
    var settlesOnCancel: Bool { get }

    /// What the engine remembers for the policy: nothing (default), the last valid state, or
    /// one per gesture. A gesture's `began` stores the state it begins on; later events store
    /// the shown state when it is valid.
    var memory: PolicyMemory { get }
}

extension SnapBackPolicy {
    /// Default: `.asShown`, the shown state itself.
    public func resume(from shown: ViewState, in geometry: PolicyGeometry) throws -> Resumption { .asShown }
    /// Default: nil, nothing to return to.
    public func gestureEnded(_ ending: GestureEnding, in geometry: PolicyGeometry) throws -> ViewState? { nil }
    /// Default: true, a cancel settles like a release.
    public var settlesOnCancel: Bool { true }
    /// Default: `.nothing`.
    public var memory: PolicyMemory { .nothing }
}

/// What a touch event shows.
public enum TouchResponse: Equatable, Sendable {
    /// The raw state as it is: the image follows the fingers.
    case follow
    /// A wall: the projection of the raw state (the nearest valid state), which also becomes
    /// the raw state, so dragging further does nothing and moving back moves at once.
    case wall
    /// The rubber band with this constant (docs/behaviour.md, "Rubber band"); the engine
    /// undoes it at every `began` and handles states beyond its reach.
    case band(Double)
    /// A state of the policy's own making.
    case show(ViewState)
}

/// The raw state a gesture goes on from.
public enum Resumption: Equatable, Sendable {
    /// The shown state itself.
    case asShown
    /// The state whose rubber band with this constant shows the image (the band's inverse).
    case unband(Double)
    /// A state of the policy's own making.
    case state(ViewState)
}

/// What the engine keeps for a policy between events.
public enum PolicyMemory: Equatable, Sendable {
    /// Nothing (the default).
    case nothing
    /// The last valid state (`Memories.whole`).
    case whole
    /// One state per gesture (`Memories.pan`, `.pinch`, `.rotation`), each written only by
    /// its own gesture's events.
    case perGesture
}

/// The states the engine remembered (see `PolicyMemory`); without memory they hold the state
/// of the last reset (the initial fit, a restore, a resize, a turn or a flip).
public struct Memories: Equatable, Sendable {
    /// The last valid state (with `PolicyMemory.whole`).
    public var whole: ViewState
    /// The pan's state (with `PolicyMemory.perGesture`).
    public var pan: ViewState
    /// The pinch's state (with `PolicyMemory.perGesture`).
    public var pinch: ViewState
    /// The rotation's state (with `PolicyMemory.perGesture`).
    public var rotation: ViewState

    /// The four remembered states.
    public init(whole: ViewState, pan: ViewState, pinch: ViewState, rotation: ViewState) {
        self.whole = whole
        self.pan = pan
        self.pinch = pinch
        self.rotation = rotation
    }

    /// The state a gesture's events wrote.
    public func of(_ gesture: GestureKind) -> ViewState {
        switch gesture {
        case .pan: return pan
        case .pinch: return pinch
        case .rotation: return rotation
        }
    }
}

/// One gesture's release, as `SnapBackPolicy.gestureEnded` sees it.
public struct GestureEnding: Equatable, Sendable {
    /// The gesture that ended.
    public var gesture: GestureKind
    /// The state shown when it ended.
    public var shown: ViewState
    /// What the engine remembered for the policy.
    public var memories: Memories
    /// Whether another gesture is still active (then a returned state applies at once).
    public var othersActive: Bool
}

/// The last finger lifting, as `SnapBackPolicy.release` sees it.
public struct Release: Equatable, Sendable {
    /// The gesture whose end was the release.
    public var gesture: GestureKind
    /// The state shown when the last finger lifted.
    public var shown: ViewState
    /// The pan's release velocity in points per second, when the release is a pan's `ended`
    /// with a velocity (never for the end of a box drag).
    public var fling: Point?
    /// What the engine remembered for the policy.
    public var memories: Memories
    /// Whether the release is a cancel (with `settlesOnCancel`).
    public var cancelled: Bool
}
