import CropGeometry
import CropScenario

/// Recognizer events: each recognizer's machine (possible, began, changed*, ended or
/// cancelled), the pan, pinch and rotation deltas, box drags, then the policy
/// (docs/scenarios.md, docs/behaviour.md).
extension Engine {
    func apply(_ s: inout EngineState, _ e: GestureEvent) throws(EngineError) {
        let kind = e.gesture
        var r = s.recognizer(kind)
        if let problem = r.illegalTransition(to: e.phase) {
            throw EngineError(frame: s.frame, problem: .illegalTransition(kind, problem))
        }
        s.events.append(.recognizer(kind, e.phase))
        // An omitted location is the box centre at began, else the recognizer's previous one.
        let location = e.location ?? (e.phase == .began ? s.box.center : r.location)
        var boxDragEvent = false
        switch e.phase {
        case .began:
            // The anchor moves first: the state a gesture goes on from is found about the anchor
            // that the next events use, so nothing jumps.
            if kind != .pan { s.focal = location }
            s.settle = nil
            interruptRefit(&s)
            try resume(&s)
            r.translation = e.translation
            r.scale = e.scale
            r.rotation = e.rotation
            r.location = location
            r.dialBase = nil
            if kind == .rotation, e.dialTarget != nil {
                r.dialBase = s.raw.a
                r.rotation = 0
            }
            if kind == .pan {
                s.boxDrag = nil
                if editor.frame.resizable, let landing = e.location,
                    let handle = BoxGeometry.hitTest(
                        landing, box: s.box, handleSize: editor.frame.handleSize, handles: editor.frame.handles)
                {
                    s.boxDrag = BoxDrag(handle: handle, start: s.box, baseline: e.translation)
                }
            }
        case .changed, .ended:
            switch kind {
            case .pan:
                if let drag = s.boxDrag {
                    boxDragEvent = true
                    dragBox(&s, drag, translation: e.translation)
                } else {
                    s.raw.cx += e.translation.x - r.translation.x
                    s.raw.cy += e.translation.y - r.translation.y
                }
                r.translation = e.translation
            case .pinch:
                let f = e.scale / r.scale
                if editor.zoom.anchor == .focal {
                    s.raw = ViewState(
                        k: s.raw.k * f, cx: location.x + (s.raw.cx - r.location.x) * f,
                        cy: location.y + (s.raw.cy - r.location.y) * f,
                        a: s.raw.a)
                } else {
                    s.raw.k *= f
                }
                r.scale = e.scale
                r.location = location
                s.focal = location
            case .rotation:
                let value = e.dialTarget.map { e.rotation * ($0 - (r.dialBase ?? 0)) } ?? e.rotation
                turn(&s, by: value - r.rotation, about: location)
                r.rotation = value
                r.location = location
                s.focal = location
                if editor.rotation.autoCover { s.raw = project(s, s.raw) }
            }
        case .cancelled, .failed:
            break
        }
        r.phase = RecognizerPhase(e.phase)
        s.setRecognizer(kind, r)

        if boxDragEvent {
            // A box drag never moves the image, except that a wall still holds it: the gesture
            // goes on from what is shown against the new box.
            let response = try ask(s, "touch", { try policy.touch(s.raw, in: geometry(s)) })
            if response == .wall {
                try show(&s, response)
            } else if !faults.contains(.skipBoxDragResume) {
                try resume(&s)
            }
        } else if e.phase != .failed && e.phase != .cancelled {
            try updateShown(&s)
        }
        if e.phase == .began || e.phase == .changed || e.phase == .ended {
            updateStores(&s, kind, began: e.phase == .began)
        }
        if editor.mask.visibility == .perGesture {
            if e.phase == .began { setMaskTarget(&s, 0) }
            if e.phase == .ended { setMaskTarget(&s, 1) }
        }
        let ending = e.phase == .ended || e.phase == .cancelled
        let wasBoxDrag = kind == .pan && s.boxDrag != nil && ending
        if ending {
            if kind == .pan { s.boxDrag = nil }
            if !s.isTouching { s.unbanded = [] }
            // A box drag's end makes a re-fit pending; any gesture's end restarts its wait.
            if wasBoxDrag {
                s.refit = .waiting(since: s.frame, delay: editor.refit.delay)
            } else if case .waiting = s.refit {
                s.refit = .waiting(since: s.frame, delay: editor.refit.delay)
            }
        }
        let release = e.phase == .ended || (e.phase == .cancelled && policy.settlesOnCancel)
        if release {
            try gestureEnded(&s, kind)
            if !s.isTouching {
                // The end of a box drag never starts momentum.
                let fling = kind == .pan && e.phase == .ended && !wasBoxDrag ? e.velocity : nil
                try onRelease(&s, kind, fling: fling, cancelled: e.phase == .cancelled)
            }
        }
    }

    /// A rotation delta D turns the raw state about L (focal anchor) or the image centre, the
    /// angle clamped to the limit; the centre turns by the delta actually applied (docs/scenarios.md).
    func turn(_ s: inout EngineState, by delta: Double, about location: Point) {
        var a = s.raw.a + delta
        if let limit = editor.rotation.limit { a = min(max(a, -limit), limit) }
        if abs(a) <= 1e-9 { a = 0 }  // also turns -0 into 0
        let applied = a - s.raw.a
        if editor.zoom.anchor == .focal && applied != 0 {
            let turned = Rotation(degrees: applied).apply(Point(s.raw.cx - location.x, s.raw.cy - location.y))
            s.raw.cx = location.x + turned.x
            s.raw.cy = location.y + turned.y
        }
        s.raw.a = a
    }

    /// One box-drag event: the handle's edges follow the translation since began, clamped to the
    /// bounds and the minimum size, then stopped where the image would stop covering the box.
    func dragBox(_ s: inout EngineState, _ drag: BoxDrag, translation: Point) {
        let d = Point(translation.x - drag.baseline.x, translation.y - drag.baseline.y)
        let frame = editor.frame
        let b1 = BoxGeometry.drag(
            drag.start, handle: drag.handle, by: d, locked: s.aspectLocked, bounds: s.layout.bounds,
            minSize: frame.minSize)
        s.box = BoxGeometry.covered(from: drag.start, to: b1, state: s.shown, layout: s.layout)
    }

    /// Shown state while touching, as the policy says.
    func updateShown(_ s: inout EngineState) throws(EngineError) {
        try show(&s, try ask(s, "touch", { try policy.touch(s.raw, in: geometry(s)) }))
    }

    /// Applies what the policy said a touch event shows.
    func show(_ s: inout EngineState, _ response: TouchResponse) throws(EngineError) {
        switch response {
        case .follow:
            s.shown = s.raw
        case .wall:
            s.shown = project(s, s.raw)
            s.raw = s.shown
        case .band(let c):
            s.shown = RubberBand(c: c).apply(
                s.raw, layout: s.layout, anchor: bandAnchor(s), box: s.box, free: s.unbanded)
        case .show(let state):
            s.shown = try checked(s, "touch", state)
        }
    }

    /// A gesture goes on from the image shown (docs/behaviour.md, "Continuity"): raw := the state
    /// the policy shows as the current image, with the anchor and box as they are now. Under the
    /// rubber band that is the inverse of the band (a raw state that already shows the image is
    /// kept as it is); quantities beyond the band's reach follow the fingers 1:1 until release.
    func resume(_ s: inout EngineState) throws(EngineError) {
        let rule = try ask(s, "resume", { try policy.resume(from: s.shown, in: geometry(s)) })
        switch rule {
        case .unband(let c) where !faults.contains(.skipBandInversion):
            let band = RubberBand(c: c)
            let anchor = bandAnchor(s)
            if band.apply(s.raw, layout: s.layout, anchor: anchor, box: s.box, free: s.unbanded) == s.shown { return }
            (s.raw, s.unbanded) = band.invert(s.shown, layout: s.layout, anchor: anchor, box: s.box, free: s.unbanded)
        case .state(let state):
            s.raw = try checked(s, "resume", state)
        case .asShown, .unband:
            s.raw = s.shown
        }
    }
}
