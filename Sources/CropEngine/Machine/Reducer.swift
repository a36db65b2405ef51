import CropGeometry
import CropScenario

/// The pure reducer of the simulation: `reduce(&state, action)`.
/// Configuration that never changes during a replay lives here.
package struct Engine: Sendable {
    package let editor: EditorConfig
    package let fps: Int
    let band: RubberBand

    package init(editor: EditorConfig, fps: Int) {
        self.editor = editor
        self.fps = fps
        self.band = RubberBand(c: editor.policy.rubberBand)
    }

    package func initialState(imageWidth: Int, imageHeight: Int) -> EngineState {
        EngineState(
            layout: Layout(
                editor: editor, viewportWidth: editor.viewport.width, viewportHeight: editor.viewport.height,
                imageWidth: imageWidth, imageHeight: imageHeight))
    }

    package func reduce(_ s: inout EngineState, _ action: EngineAction) throws(EngineError) {
        try step(&s, action)
        // Every number that reaches a trace stays finite: a state outside the range is a
        // script error at this frame, never inf or nan in a file.
        for v in [s.raw, s.shown] where !Self.inRange(v) {
            throw EngineError(frame: s.frame, problem: .outOfRange(k: v.k, cx: v.cx, cy: v.cy))
        }
    }

    static func inRange(_ v: ViewState) -> Bool {
        v.k >= 1e-12 && v.k <= 1e12 && abs(v.cx) <= 1e15 && abs(v.cy) <= 1e15
    }

    private func step(_ s: inout EngineState, _ action: EngineAction) throws(EngineError) {
        switch action {
        case .frameBegan(let n):
            s.frame = n
            if !s.events.isEmpty { s.events = [] }  // the last frame's list lives on in its record
            if s.pan.phase.isFinished { s.pan.phase = .possible }
            if s.pinch.phase.isFinished { s.pinch.phase = .possible }
        case .gesture(let event):
            try apply(&s, event)
        case .restoreRequested:
            reset(&s, to: s.layout.initialState)
        case .viewportChanged(let w, let h):
            resize(&s, width: w, height: h)
        case .imageLoaded(let index, let w, let h):
            s.imageIndex = index
            s.layout = Layout(
                editor: editor, viewportWidth: s.layout.viewportWidth, viewportHeight: s.layout.viewportHeight, imageWidth: w,
                imageHeight: h)
            reset(&s, to: s.layout.initialState)
        case .eventsApplied:
            if editor.mask.visibility == .hiddenWhileTouching { setMaskTarget(&s, s.isTouching ? 0 : 1) }
        case .tick:
            tick(&s)
        }
    }

    // MARK: - Events

    private func apply(_ s: inout EngineState, _ e: GestureEvent) throws(EngineError) {
        let isPan = e.gesture == .pan
        let recognizer = isPan ? s.pan : s.pinch
        if let problem = recognizer.illegalTransition(to: e.phase) {
            throw EngineError(frame: s.frame, problem: .illegalTransition(e.gesture, problem))
        }
        s.events.append(TraceEvent(gesture: e.gesture, phase: e.phase))
        var r = recognizer
        switch e.phase {
        case .began:
            // The anchor moves first: the band is inverted about the anchor that the next
            // rubber-banded frames use, so nothing jumps.
            if !isPan { s.focal = e.location }
            if s.settle != nil { stopSettle(&s) }
            r.translation = e.translation
            r.scale = e.scale
            r.location = e.location
        case .changed, .ended:
            if isPan {
                s.raw.cx += e.translation.x - r.translation.x
                s.raw.cy += e.translation.y - r.translation.y
                r.translation = e.translation
            } else {
                let f = e.scale / r.scale
                if editor.zoom.anchor == .focal {
                    s.raw = ViewState(
                        k: s.raw.k * f, cx: e.location.x + (s.raw.cx - r.location.x) * f,
                        cy: e.location.y + (s.raw.cy - r.location.y) * f)
                } else {
                    s.raw.k *= f
                }
                r.scale = e.scale
                r.location = e.location
                s.focal = e.location
            }
        case .cancelled, .failed:
            break
        }
        r.phase = RecognizerPhase(e.phase)
        if isPan { s.pan = r } else { s.pinch = r }

        if e.phase != .failed && e.phase != .cancelled { updateShown(&s) }
        if e.phase == .began || e.phase == .changed || e.phase == .ended { updateStores(&s, pan: isPan, began: e.phase == .began) }
        if editor.mask.visibility == .perGesture {
            if e.phase == .began { setMaskTarget(&s, 0) }
            if e.phase == .ended { setMaskTarget(&s, 1) }
        }
        let release = e.phase == .ended || (e.phase == .cancelled && editor.policy.onCancel == .settle)
        if release {
            if editor.policy.kind == .rollback && editor.policy.rollback == .perGesture {
                rollbackPart(&s, pan: isPan)
            }
            if !s.isTouching {
                onRelease(&s, velocity: isPan && e.phase == .ended ? e.velocity : nil)
            }
        }
    }

    /// Shown state while touching, by policy.
    private func updateShown(_ s: inout EngineState) {
        switch editor.policy.kind {
        case .none, .snapNearest, .rollback:
            s.shown = s.raw
        case .clamp:
            s.shown = s.layout.project(s.raw, anchor: anchor(s, s.raw))
            s.raw = s.shown
        case .rubberBand:
            s.shown = band.apply(s.raw, layout: s.layout, anchor: anchor(s, s.raw))
        }
    }

    private func updateStores(_ s: inout EngineState, pan: Bool, began: Bool) {
        guard editor.policy.kind == .rollback else { return }
        let ok = began || s.layout.isValid(s.shown)
        guard ok else { return }
        if editor.policy.rollback == .whole {
            s.lastValid = s.shown
        } else if pan {
            s.panStore = s.shown
        } else {
            s.pinchStore = s.shown
        }
    }

    /// perGesture rollback at a recognizer's own end: its part comes back from its store.
    private func rollbackPart(_ s: inout EngineState, pan: Bool) {
        guard !s.layout.isValid(s.shown) else { return }
        var target = s.shown
        if pan {
            target.cx = s.panStore.cx
            target.cy = s.panStore.cy
        } else {
            target.k = s.pinchStore.k
        }
        if s.isTouching {
            s.shown = target
            s.raw = target
        } else {
            settle(&s, to: target)
        }
    }

    /// The last active recognizer ended: the policy acts.
    private func onRelease(_ s: inout EngineState, velocity: Point?) {
        let policy = editor.policy
        let a = anchor(s, s.shown)
        switch policy.kind {
        case .none, .clamp:
            return
        case .rollback:
            if policy.rollback == .whole, !s.layout.isValid(s.shown) { settle(&s, to: s.lastValid) }
        case .snapNearest, .rubberBand:
            if let r = policy.momentum, let v = velocity, v.x != 0 || v.y != 0 {
                let factor = r / (1 - r)
                var flung = s.shown
                flung.cx += v.x / 1000 * factor
                flung.cy += v.y / 1000 * factor
                settle(&s, to: s.layout.project(flung, anchor: anchor(s, flung)))
            } else if policy.kind == .rubberBand || !s.layout.isValid(s.shown) {
                settle(&s, to: s.layout.project(s.shown, anchor: a))
            }
        }
    }

    /// The zoom anchor for a state: the latest pinch location (focal) or the image centre.
    func anchor(_ s: EngineState, _ state: ViewState) -> Point {
        s.layout.anchor(state, focal: s.focal, mode: editor.zoom.anchor)
    }

    // MARK: - Animation

    private func settle(_ s: inout EngineState, to target: ViewState) {
        s.settle = nil
        if target.isClose(to: s.shown) { return }
        if editor.policy.animation == .none {
            s.shown = target
            s.raw = target
            return
        }
        s.settle = Settle(from: s.shown, to: target, curve: editor.policy.animation, ticks: 0)
    }

    /// A gesture begins during a settle: stop where it is, with no jump.
    private func stopSettle(_ s: inout EngineState) {
        s.settle = nil
        if editor.policy.kind == .rubberBand {
            s.raw = band.invert(s.shown, layout: s.layout, anchor: anchor(s, s.shown))
        } else {
            s.raw = s.shown
        }
    }

    private func tick(_ s: inout EngineState) {
        if var settle = s.settle {
            settle.ticks += 1
            let (p, done) = CurveProgress.at(Double(settle.ticks) / Double(fps), curve: settle.curve)
            if done {
                s.shown = settle.to
                s.raw = settle.to
                s.settle = nil
            } else {
                s.shown = settle.from.interpolated(to: settle.to, progress: p)
                s.settle = settle
            }
        }
        if s.mask != s.maskTarget {
            let step = (1 / Double(fps)) / editor.mask.fade
            s.mask = s.mask < s.maskTarget ? min(s.maskTarget, s.mask + step) : max(s.maskTarget, s.mask - step)
            if abs(s.mask - s.maskTarget) <= 1e-9 { s.mask = s.maskTarget }
        }
    }

    private func setMaskTarget(_ s: inout EngineState, _ target: Double) {
        s.maskTarget = target
        if editor.mask.fade == 0 { s.mask = target }
    }

    // MARK: - Restore, resize, reload

    private func reset(_ s: inout EngineState, to state: ViewState) {
        s.settle = nil
        s.raw = state
        s.shown = state
        s.lastValid = state
        s.panStore = state
        s.pinchStore = state
    }

    private func resize(_ s: inout EngineState, width: Double, height: Double) {
        let old = s.layout
        let zoom = old.zoom(s.shown)
        let oldCenter = old.frameRect.center
        let imagePoint = Point((oldCenter.x - s.shown.cx) / s.shown.k, (oldCenter.y - s.shown.cy) / s.shown.k)
        let new = Layout(
            editor: editor, viewportWidth: width, viewportHeight: height,
            imageWidth: Int(old.imageWidth), imageHeight: Int(old.imageHeight))
        s.layout = new
        let k = zoom * new.kBase
        let center = new.frameRect.center
        var state = ViewState(k: k, cx: center.x - imagePoint.x * k, cy: center.y - imagePoint.y * k)
        state = new.project(state, anchor: anchor(s, state))
        reset(&s, to: state)
    }
}
