import CropGoldens

/// What a verification compares with the golden folder: the trace, the snapshots (all or
/// some), and rendered frames (`frame-<n>.png`), as small composable values in the manner of
/// swift-snapshot-testing's strategies.
public struct ReplayStrategy: Sendable, Equatable {
    /// Compare trace.json.
    public var trace: Bool
    /// nil: every snapshot; otherwise only these.
    public var snapshots: Set<String>?
    /// Frames compared with `frame-<n>.png` goldens.
    public var frames: [Int]

    /// A strategy key by key; the default compares the trace and every snapshot, and no frame.
    public init(trace: Bool = true, snapshots: Set<String>? = nil, frames: [Int] = []) {
        self.trace = trace
        self.snapshots = snapshots
        self.frames = frames
    }

    /// The trace and every snapshot (what `cropreplay check` compares).
    public static let all = ReplayStrategy()
    /// Only the trace: behaviour without pixels.
    public static let trace = ReplayStrategy(trace: true, snapshots: [])
    /// Only the named snapshots.
    public static func snapshots(_ names: String...) -> ReplayStrategy {
        ReplayStrategy(trace: false, snapshots: Set(names))
    }
    /// Only one rendered frame, against `frame-<n>.png`.
    public static func frame(_ n: Int) -> ReplayStrategy { ReplayStrategy(trace: false, snapshots: [], frames: [n]) }

    var scope: CheckScope { CheckScope(trace: trace, snapshots: snapshots, frames: frames) }
}
