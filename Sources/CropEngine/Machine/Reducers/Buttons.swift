import CropGeometry
import CropScenario

/// The buttons (docs/behaviour.md, "Quarter turns and flips", "Aspect step"):
/// quarter turns, flips and the aspect picker. They are refused while a finger is down; each
/// ends with the projection P and the policy's memories holding the new state, except the
/// aspect picker, which changes only the box.
extension Engine {
    /// Buttons and taps are refused while a finger is down (docs/scenarios.md).
    func requireIdle(_ s: EngineState, _ what: String) throws(EngineError) {
        if let refusal = Self.refusal(of: what, frame: s.frame, phase: { s.recognizer($0).phase }) { throw refusal }
    }

    /// The error of a button or tap while a recognizer is active, naming it, or nil when every
    /// recognizer is idle: the same rule for the reference and for an editor model of your own.
    package static func refusal(
        of what: String, frame: Int, phase: (GestureKind) -> RecognizerPhase
    ) -> EngineError? {
        for kind in GestureKind.allCases where phase(kind).isActive {
            return EngineError(frame: frame, problem: .whileTouching(what, kind, phase(kind)))
        }
        return nil
    }

    /// A quarter turn (docs/behaviour.md, "Quarter turns and flips"), in this order: the picture
    /// turns rigidly by 90 degrees about the box centre; the layout becomes the oriented image's; a
    /// turning box swaps and re-fits at once; then P. Stores become the new state.
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

    /// The aspect picker (docs/behaviour.md, "Aspect step"): a ratio or the oriented image's locks
    /// it and makes the box the largest such rect inside the current one, centred, with a re-fit
    /// pending at once (it waits for a running settle); `free` unlocks. The minimum size does not
    /// apply.
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
}
