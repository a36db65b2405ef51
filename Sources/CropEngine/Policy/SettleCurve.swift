import CropScenario

/// A settle curve: how a settle (or a re-fit) moves from where it starts to its target, as a
/// progress from 0 to 1 over time. The built-in `none`, `linear`, `easeOut`, `easeInOut` and
/// `spring` are conformers (`AnimationCurve`); register your own with
/// `Registrations.register(curve:_:)` and scenarios name it as `"animation": {"curve":
/// "yourName", "params": {...}}`.
///
/// A curve must be deterministic (a function of `time` alone) and give finite progress; it
/// must finish within 10000 s. The engine checks each value it uses and refuses a non-finite
/// one, or a settle still running after 10000 s, with a one-line error naming the curve.
public protocol SettleCurve: Sendable {
    /// The progress at `time` seconds after the settle started (time is m / fps after m
    /// frames), and whether the settle has finished (then the state is the target exactly).
    func progress(at time: Double) -> CurveProgress

    /// Whether the curve jumps to its target at the event itself, with no frame in between
    /// (the built-in `none`). Default: false.
    var isInstant: Bool { get }
}

extension SettleCurve {
    /// Default: false, the curve runs over frames.
    public var isInstant: Bool { false }
}

/// A curve's progress at one time.
public struct CurveProgress: Equatable, Sendable {
    /// 0 at the start, 1 at the target (it may overshoot, like a spring).
    public var value: Double
    /// Whether the curve has arrived: the settle ends on this frame.
    public var finished: Bool

    /// Progress `value` at one time, and whether the curve has `finished`.
    public init(_ value: Double, finished: Bool) {
        self.value = value
        self.finished = finished
    }
}

extension AnimationCurve: SettleCurve {
    /// The built-in curve's progress `time` seconds after it started.
    public func progress(at time: Double) -> CurveProgress {
        switch self {
        case .none: return CurveProgress(1, finished: true)
        case .linear(let d): return Self.timed(time, d) { $0 }
        case .easeOut(let d): return Self.timed(time, d) { Easing.easeOut.apply($0) }
        case .easeInOut(let d): return Self.timed(time, d) { Easing.easeInOut.apply($0) }
        case .spring(let response, let damping):
            // A response of 0 is the spring's limit: it ends on its first advance.
            if response == 0 { return CurveProgress(1, finished: true) }
            let s = Spring.at(time, response: response, dampingRatio: damping)
            if abs(1 - s.p) < 1e-4 && abs(s.velocity) < 1e-3 { return CurveProgress(1, finished: true) }
            return CurveProgress(s.p, finished: false)
        case .custom:
            // Registered curves are resolved to their own conformers before a replay starts.
            return CurveProgress(1, finished: true)
        }
    }

    /// True for `none`, which jumps to the target at once.
    public var isInstant: Bool { self == .none }

    /// A timed curve: ease(t / duration), finished once t >= duration - 1e-9.
    static func timed(_ t: Double, _ duration: Double, _ ease: (Double) -> Double) -> CurveProgress {
        if t >= duration - 1e-9 { return CurveProgress(1, finished: true) }
        return CurveProgress(ease(t / duration), finished: false)
    }
}
