import CropGeometry
import CropScenario

/// Settles, re-fits and the mask fade: started by events, advanced by `tick` (docs/scenarios.md).
extension Engine {
    /// Animates the shown state (and, for a double-tap reset, the box) to a target with the
    /// policy's animation; nothing when the target equals where it is within 1e-9.
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

    static func isClose(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) <= 1e-9 && abs(a.y - b.y) <= 1e-9 && abs(a.width - b.width) <= 1e-9
            && abs(a.height - b.height) <= 1e-9
    }

    /// A gesture begins during a settle: stop where it is, with no jump (under rubberBand, raw
    /// := the state whose rubber-banded image is shown).
    func stopSettle(_ s: inout EngineState) throws(EngineError) {
        s.settle = nil
        try resume(&s)
    }

    /// A gesture begins: a running re-fit stops where it is and waits again (from the gesture's
    /// end); a waiting one stops counting until then.
    func interruptRefit(_ s: inout EngineState) {
        switch s.refit {
        case .idle: break
        case .waiting(_, let delay): s.refit = .waiting(since: nil, delay: delay)
        case .running:
            // Stopped where it is; the gesture goes on from the image shown (see `resume`).
            s.raw = s.shown
            s.refit = .waiting(since: nil, delay: editor.refit.delay)
        }
    }

    /// A button stops a running re-fit where it is and leaves it pending, its wait restarting on
    /// this frame; a waiting re-fit keeps its wait (docs/scenarios.md).
    func pauseRefit(_ s: inout EngineState) {
        if case .running = s.refit {
            s.raw = s.shown
            s.refit = .waiting(since: s.frame, delay: editor.refit.delay)
        }
    }

    /// The re-fit target for the current box, zoom and limits: the box and the state after.
    func refitTarget(_ s: EngineState, box: Rect, state: ViewState) -> (box: Rect, state: ViewState) {
        let limits = s.layout.zoomLimits(angle: state.a, box: box)
        let (target, scale) = BoxGeometry.refitTarget(
            box, bounds: s.layout.bounds, zoom: s.layout.zoom(state), maxZoom: limits.max)
        var next = state
        next.k = state.k * scale
        next.cx = target.midX + scale * (state.cx - box.midX)
        next.cy = target.midY + scale * (state.cy - box.midY)
        return (target, next)
    }

    /// A curve's progress after `ticks` advances; a registered curve's value is checked.
    func progress(_ s: EngineState, _ curve: any SettleCurve, name: String, ticks: Int) throws(EngineError) -> (
        p: Double, done: Bool
    ) {
        let time = Double(ticks) / Double(fps)
        let c = curve.progress(at: time)
        guard c.value.isFinite, abs(c.value) <= 1e6, time <= CurveCheck.longest || c.finished else {
            throw EngineError(frame: s.frame, problem: .curveValue(name, time, c.value))
        }
        return (c.value, c.finished)
    }

    func tick(_ s: inout EngineState) throws(EngineError) {
        if var settle = s.settle {
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
        try advanceRefit(&s)
        if s.mask != s.maskTarget {
            let step = (1 / Double(fps)) / editor.mask.fade
            s.mask = s.mask < s.maskTarget ? min(s.maskTarget, s.mask + step) : max(s.maskTarget, s.mask - step)
            if abs(s.mask - s.maskTarget) <= 1e-9 { s.mask = s.maskTarget }
        }
    }

    /// Starts a waiting re-fit whose time has come (nothing touching, no settle running; a settle
    /// that ended in this step counts as not running) and advances a running one.
    func advanceRefit(_ s: inout EngineState) throws(EngineError) {
        if case .waiting(let since?, let delay) = s.refit, !s.isTouching, s.settle == nil,
            Double(s.frame - since - (faults.contains(.lateRefit) ? 1 : 0)) / Double(fps) >= delay - 1e-9
        {
            let (box, state) = refitTarget(s, box: s.box, state: s.shown)
            if Self.isClose(box, s.box) {
                s.refit = .idle
            } else {
                s.refit = .running(RefitAnimation(fromBox: s.box, toBox: box, from: s.shown, to: state, ticks: 0))
            }
        }
        guard case .running(var animation) = s.refit else { return }
        animation.ticks += 1
        let (p, done) = try progress(s, refitCurve, name: editor.refit.animation.name, ticks: animation.ticks)
        if done {
            s.box = animation.toBox
            s.shown = animation.to
            s.raw = animation.to
            s.refit = .idle
        } else {
            s.box = BoxMove(from: animation.fromBox, to: animation.toBox).at(p)
            s.shown = animation.from.interpolated(to: animation.to, progress: p)
            s.raw = s.shown
            s.refit = .running(animation)
        }
    }

    func setMaskTarget(_ s: inout EngineState, _ target: Double) {
        s.maskTarget = target
        if editor.mask.fade == 0 { s.mask = target }
    }
}
