import CropGeometry
import CropScenario

/// Settles (docs/behaviour.md, "Release and settles", "Curves"): the shown state
/// (and, for a double-tap reset, the box) animates from where it is to a target with the
/// policy's curve, advanced one frame per tick; none starts when the target equals where it
/// is within 1e-9, and the instant curve lands at once. At its end raw and shown are the
/// target exactly. A gesture or a double tap stops it where it is.
extension Engine {
    /// Starts a settle to `target` (and the box to `box`).
    func settle(_ s: inout EngineState, to target: ViewState, box: Rect? = nil) {
        s.settle = nil
        let boxMoves = box.map { !Self.isClose($0, s.box) } ?? false
        if target.isClose(to: s.shown) && !boxMoves { return }
        if settleCurve.isInstant {
            s.shown = target
            s.raw = target
            if let box { s.box = box }
            return
        }
        s.settle = Settle(
            from: s.shown, to: target, ticks: 0, box: boxMoves ? box.map { BoxMove(from: s.box, to: $0) } : nil)
    }

    /// A running settle stops where it is (the gesture or tap then goes on from the image shown).
    func stopSettle(_ s: inout EngineState) {
        s.settle = nil
    }

    /// One frame of a running settle.
    @inline(__always) func advanceSettle(_ s: inout EngineState) throws(EngineError) {
        guard var settle = s.settle else { return }
        settle.ticks += 1
        let curveName = editor.policy.animation.name
        var (p, done) = try progress(s, settleCurve, name: curveName, ticks: settle.ticks)
        if faults.contains(.endSettleEarly), !done,
            try progress(s, settleCurve, name: curveName, ticks: settle.ticks + 1).done
        {
            done = true
            settle.to = settle.from.interpolated(to: settle.to, progress: p)
        }
        if done {
            s.shown = settle.to
            s.raw = settle.to
            if let move = settle.box { s.box = move.to }
            s.settle = nil
        } else {
            s.shown = settle.from.interpolated(to: settle.to, progress: p)
            if let move = settle.box { s.box = move.at(p) }
            s.settle = settle
        }
    }
}
