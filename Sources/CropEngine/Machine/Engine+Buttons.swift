import CropGeometry
import CropScenario

/// Actions that are not gestures: restore, viewport changes, loading a crop, quarter turns,
/// flips, aspect changes and double taps (docs/scenarios.md).
extension Engine {
    /// Stores, raw and shown all become `state`; settles stop.
    func reset(_ s: inout EngineState, to state: ViewState) {
        s.settle = nil
        s.raw = state
        s.shown = state
        s.lastValid = state
        s.panStore = state
        s.pinchStore = state
        s.rotationStore = state
    }

    /// Back to the initial fit of the current viewport and image: orientation, angle, box and
    /// aspect lock too; nothing pending. Recognizers, mask and anchor are left alone.
    func restore(_ s: inout EngineState) {
        s.orientation = .identity
        s.layout = layout(
            viewportWidth: s.layout.viewportWidth, viewportHeight: s.layout.viewportHeight,
            sourceWidth: s.sourceWidth, sourceHeight: s.sourceHeight, orientation: .identity)
        s.box = s.layout.frameRect
        s.aspectLocked = editor.frame.isLocked
        s.refit = .idle
        reset(&s, to: s.layout.initialState)
    }

    /// A crop becomes the image: loaded upright (t = 0, m = false, a = 0) and refitted.
    func loadImage(_ s: inout EngineState, index: Int, width: Int, height: Int) {
        s.imageIndex = index
        s.sourceWidth = width
        s.sourceHeight = height
        restore(&s)
    }

    /// The viewport changes. A fixed box: the frame is recomputed, zoom kept, the image point under
    /// the old frame centre moves to the new one, then P. A resizable box keeps its view
    /// coordinates and is re-fitted at once into the new bounds, the image following, then P.
    func resize(_ s: inout EngineState, width: Double, height: Double) {
        let old = s.layout
        let new = layout(
            viewportWidth: width, viewportHeight: height, sourceWidth: s.sourceWidth, sourceHeight: s.sourceHeight,
            orientation: s.orientation)
        s.layout = new
        s.refit = .idle
        var state: ViewState
        if editor.frame.resizable {
            let fitted = refitTarget(s, box: s.box, state: s.shown)
            s.box = fitted.box
            state = fitted.state
        } else {
            let zoom = old.zoom(s.shown)
            let oldCenter = s.box.center
            let imagePoint = Point((oldCenter.x - s.shown.cx) / s.shown.k, (oldCenter.y - s.shown.cy) / s.shown.k)
            s.box = new.frameRect
            let k = zoom * new.kBase
            let center = s.box.center
            state = ViewState(k: k, cx: center.x - imagePoint.x * k, cy: center.y - imagePoint.y * k, a: s.shown.a)
        }
        state = project(s, state)
        reset(&s, to: state)
    }

    /// A quarter turn (docs/behaviour.md, "Quarter turns and flips"): the picture turns rigidly by 90 degrees about the
    /// box centre; the layout becomes the oriented image's; a turning box swaps and re-fits at once;
    /// then P. Stores become the new state.
    func quarterTurn(_ s: inout EngineState, clockwise: Bool) {
        s.settle = nil
        let boxTurns = editor.boxTurns
        if boxTurns { s.refit = .idle } else { pauseRefit(&s) }
        let bc = s.box.center
        let q = clockwise ? Rotation(sin: 1, cos: 0) : Rotation(sin: -1, cos: 0)
        var state = s.shown
        let turned = q.apply(Point(state.cx - bc.x, state.cy - bc.y))
        state.cx = bc.x + turned.x
        state.cy = bc.y + turned.y
        s.orientation = s.orientation.turned(clockwise: clockwise)
        s.layout = layout(
            viewportWidth: s.layout.viewportWidth, viewportHeight: s.layout.viewportHeight,
            sourceWidth: s.sourceWidth, sourceHeight: s.sourceHeight, orientation: s.orientation)
        if boxTurns {
            s.box = Rect(
                x: bc.x - s.box.height / 2, y: bc.y - s.box.width / 2, width: s.box.height, height: s.box.width)
            let fitted = refitTarget(s, box: s.box, state: state)
            s.box = fitted.box
            state = fitted.state
        }
        reset(&s, to: project(s, state))
    }

    /// A flip about the box's vertical (horizontal) centre line, then P.
    func flip(_ s: inout EngineState, horizontal: Bool) {
        s.settle = nil
        pauseRefit(&s)
        var state = s.shown
        let bc = s.box.center
        if horizontal { state.cx = 2 * bc.x - state.cx } else { state.cy = 2 * bc.y - state.cy }
        state.a = state.a == 0 ? 0 : -state.a
        s.orientation = s.orientation.flipped(horizontal: horizontal)
        s.layout = layout(
            viewportWidth: s.layout.viewportWidth, viewportHeight: s.layout.viewportHeight,
            sourceWidth: s.sourceWidth, sourceHeight: s.sourceHeight, orientation: s.orientation)
        reset(&s, to: project(s, state))
    }

    /// The aspect picker (docs/scenarios.md): a ratio or the oriented image's locks it and makes the box
    /// the largest such rect inside the current one, centred, with a re-fit pending at once (it
    /// waits for a running settle); `free` unlocks. The minimum size does not apply.
    func aspect(_ s: inout EngineState, _ choice: AspectChoice) {
        let ratio: Size
        switch choice {
        case .free:
            s.aspectLocked = false
            return
        case .ratio(let r): ratio = r
        case .original: ratio = Size(s.layout.imageWidth, s.layout.imageHeight)
        }
        if case .running = s.refit { s.raw = s.shown }
        s.aspectLocked = true
        s.box = BoxGeometry.fit(ratio: ratio, in: s.box)
        s.refit = .waiting(since: s.frame, delay: 0)
    }

    /// A double tap (docs/scenarios.md): zoom by the factor about the tap (back to the minimum at the
    /// maximum), or back to the restore state of the current orientation; with the policy's
    /// animation.
    func doubleTap(_ s: inout EngineState, at point: Point) throws(EngineError) {
        s.events.append(.doubleTap)
        // `none` only logs the event (docs/behaviour.md, "Double tap"): a running settle or re-fit goes on.
        guard editor.doubleTap.action != .none else { return }
        if s.settle != nil { try stopSettle(&s) }
        pauseRefit(&s)
        switch editor.doubleTap.action {
        case .none:
            return
        case .zoom:
            let limits = s.layout.zoomLimits(angle: s.shown.a, box: s.box)
            let zoom = s.layout.zoom(s.shown)
            var target = zoom * editor.doubleTap.factor
            if let maximum = limits.max, abs(zoom - maximum) <= 1e-9 { target = limits.min ?? 1 }
            if let maximum = limits.max { target = min(target, maximum) }
            let zoomed = s.shown.scaled(to: target * s.layout.kBase, about: point)
            settle(&s, to: project(s, zoomed))
        case .reset:
            var home = s.layout.initialState
            home.a = 0
            settle(&s, to: home, box: s.layout.frameRect)
        }
    }
}
