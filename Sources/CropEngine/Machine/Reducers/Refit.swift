import CropGeometry
import CropScenario

/// The re-fit of a dragged box (docs/behaviour.md, "Re-fit"): the
/// end (ended or cancelled) of a box drag makes a re-fit pending; a gesture's `began` holds the
/// wait (and stops a running re-fit where it is), its end restarts it. Once `refit.delay`
/// seconds have passed with no finger down and no settle running, the box grows to the
/// largest rect of its aspect inside the bounds (within the maximum zoom), the image following
/// so the same picture stays in the box, animated with `refit.animation`.
extension Engine {
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

    /// A gesture ended or was cancelled: the end of a box drag makes a re-fit pending, and the
    /// end of any gesture restarts a pending re-fit's wait from this frame.
    func restartRefitWait(_ s: inout EngineState, endedBoxDrag: Bool) {
        if endedBoxDrag {
            s.refit = .waiting(since: s.frame, delay: editor.refit.delay)
        } else if case .waiting = s.refit {
            s.refit = .waiting(since: s.frame, delay: editor.refit.delay)
        }
    }

    /// A button stops a running re-fit where it is and leaves it pending, its wait restarting on
    /// this frame; a waiting re-fit keeps its wait.
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

    /// One frame: starts a waiting re-fit whose time has come (nothing touching, no settle
    /// running; a settle that ended in this frame's advance counts as not running) and advances
    /// a running one. A box already at its target needs no re-fit.
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
}
