import CropBitmap
import CropEngine
import CropGeometry
import CropRender
import CropScenario

/// The promises the explorer checks, each with a name for `--invariant`.
package enum Invariant: String, CaseIterable, Sendable {
    /// No number is NaN or infinite and the replay never fails.
    case finite
    /// Clamp never shows an invalid state (when the zoom limits allow covering).
    case clamp
    /// The mask is visible when idle (always, hiddenWhileTouching).
    case mask
    /// After `until settled` the state is valid (the box covered, at any angle) wherever the policy promises it.
    case settled
    /// A frame with only `began` events, or none, moves nothing but the running animation's own step;
    /// a `began` that interrupts an animation (settle or re-fit) moves neither the image nor the box.
    case jump
    /// During a settle the shown state changes direction at most as often as the curve allows and
    /// never moves away from the target under a timed curve.
    case oscillation
    /// The same script at several frame rates ends in the same state (none, clamp, rubberBand, snapNearest).
    case rate
    /// Crops lie inside the image, `round` keeps square and aspect frames' sizes, and an upright
    /// crop's pixels are those a render at one point per texel shows.
    case crops
    /// A settle that runs to its end lands exactly on its target.
    case target
    /// A resizable box stays in its bounds and above its minimum size (except between an aspect step
    /// and its re-fit), a locked box keeps its aspect, a re-fit keeps the image point under the box
    /// centre and starts exactly on the frame the rule gives.
    case box
    /// Four quarter turns and two flips about one axis are identities on the shown picture.
    case identities
    /// P is idempotent and R followed by its inverse returns the state.
    case projection
    /// No `began` moves the shown image (every policy; clamp's wall aside, which projects an
    /// invalid state at its first event); a box drag never moves the image (clamp: only its wall
    /// against the dragged box); and under the rubber band the shown image is always the band of
    /// the raw state, so the next event of any recognizer goes on without a jump.
    case continuity
    /// A sample of frames (one in 50) renders through the compositor: a thumbnail of the whole
    /// frame, or a small window on the box's edges (faces, handles and a grid past every edge),
    /// has its viewport's size and the same bytes when rendered in bands.
    case render

    /// Invariants checked on every generated script (rate has its own scripts).
    static let perScript: [Invariant] = allCases.filter { $0 != .rate }
}

extension Invariant {
    /// What any crop editor should keep, checked on a registered editor model from what it
    /// shows (the others need the reference's internals: its raw state, settles and re-fits).
    package static let modelDefaults: [Invariant] = [
        .finite, .settled, .continuity, .rate, .identities, .crops, .render,
    ]

    /// What the invariant assumes of the editor it checks, on the reference (`model` false) or
    /// on a registered model: `explore` prints it beside each invariant, and docs/explore.md
    /// lists it. An editor that does not make the assumption leaves the invariant out
    /// (`--invariant`).
    package func assumes(model: Bool) -> String {
        switch self {
        case .finite: return "nothing: every legal script replays with finite numbers"
        case .clamp: return "the clamp policy, with zoom limits that allow covering the box"
        case .mask: return "the editor's mask visibility (always; hiddenWhileTouching without a fade)"
        case .settled:
            return model
                ? "the constraint asks for cover and the zoom limits allow it at the shown angle"
                : "a policy that promises cover (clamp; rubberBand, snapNearest and registered policies with"
                    + " onCancel settle; whole rollback when every gesture began covered), zoom limits that allow it"
        case .jump: return "nothing beyond the reference's frame order"
        case .oscillation:
            return "springs overshoot as their damping allows; every other curve, registered ones too, never does"
        case .rate:
            return model
                ? "the end state depends on the gestures, not on the frames sampled"
                : "a policy that remembers no sampled state (none, clamp, rubberBand, snapNearest; registered"
                    + " policies with memory nothing)"
        case .crops: return "the crop is what the box shows"
        case .target: return "nothing: a finished curve is at its target"
        case .box: return "a resizable box"
        case .identities:
            return model
                ? "a flip, and a turn of a square box, needs no projection"
                : "a flip, and a turn of a square box that does not turn, needs no projection"
        case .projection: return "nothing"
        case .continuity:
            return model
                ? "a touch catches the photo where it is shown; a box drag never pushes the photo"
                : "a touch catches the photo where it is shown (clamp's wall aside)"
        case .render: return "nothing"
        }
    }
}

/// One replay with the engine's state after every frame and the actions each frame applied.
package struct Observation {
    let scenario: Scenario
    let trace: Trace
    /// states[n]: after frame n (states[0] is the initial state).
    let states: [EngineState]
    let actions: [[EngineAction]]
    let engine: Engine
    let image: (width: Int, height: Int)
}

/// The checks, each returning the first violation it finds.
package enum Checks {
    static func close(_ a: ViewState, _ b: ViewState, _ eps: Double = 1e-9) -> Bool {
        let scale = max(1, abs(a.cx), abs(a.cy))
        return abs(a.k - b.k) <= eps * max(1, a.k) && abs(a.cx - b.cx) <= eps * scale && abs(a.cy - b.cy) <= eps * scale
            && abs(a.a - b.a) <= eps * max(1, abs(a.a))
    }

    static func close(_ a: Rect, _ b: Rect, _ eps: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= eps && abs(a.y - b.y) <= eps && abs(a.width - b.width) <= eps
            && abs(a.height - b.height) <= eps
    }

    static func isButton(_ a: EngineAction) -> Bool {
        switch a {
        case .gesture, .frameBegan, .eventsApplied, .tick: return false
        default: return true
        }
    }

    static func gestures(_ actions: [EngineAction]) -> [GestureEvent] {
        actions.compactMap { if case .gesture(let e) = $0 { return e } else { return nil } }
    }

    /// The runs of four equal quarter turns or two equal flips on consecutive frames (each
    /// frame that one button alone and no gesture), from frame 1 on, in order: the identities'
    /// candidates.
    static func buttonRuns(_ actions: [[EngineAction]]) -> [(start: Int, length: Int, button: EngineAction)] {
        var runs: [(start: Int, length: Int, button: EngineAction)] = []
        var n = 1
        while n < actions.count {
            let buttons = actions[n].filter(isButton)
            let length: Int
            switch buttons.count == 1 ? buttons[0] : nil {
            case .quarterTurnRequested?: length = 4
            case .flipRequested?: length = 2
            default: length = 0
            }
            guard length > 0, n + length - 1 < actions.count,
                (0..<length).allSatisfy({
                    actions[n + $0].filter(isButton) == buttons && gestures(actions[n + $0]).isEmpty
                })
            else {
                n += 1
                continue
            }
            runs.append((n, length, buttons[0]))
            n += length
        }
        return runs
    }

    static func jump(_ o: Observation) -> String? {
        for n in 1..<o.states.count {
            let prev = o.states[n - 1]
            let cur = o.states[n]
            let actions = o.actions[n]
            if actions.contains(where: isButton) { continue }
            let events = gestures(actions)
            if !events.isEmpty && events.allSatisfy({ $0.phase == .began }) && prev.isAnimating {
                if !close(cur.shown, prev.shown) || !close(cur.box, prev.box) {
                    return
                        "frame \(n): a began that interrupts an animation moved the picture: \(prev.shown)"
                        + " -> \(cur.shown), box \(prev.box) -> \(cur.box)"
                }
            }
            if events.isEmpty && !prev.isAnimating && !cur.isAnimating && !prev.isTouching {
                if cur.shown != prev.shown || cur.box != prev.box {
                    return "frame \(n): nothing happened but the picture moved: \(prev.shown) -> \(cur.shown)"
                }
            }
        }
        return nil
    }

    static func continuity(_ o: Observation) -> String? {
        let editor = o.scenario.editor
        let band = RubberBand(c: editor.policy.rubberBand)
        for n in 1..<o.states.count {
            let prev = o.states[n - 1]
            let cur = o.states[n]
            let actions = o.actions[n]
            if actions.contains(where: isButton) { continue }
            let events = gestures(actions)
            let wall = editor.policy.kind == .clamp
            if !events.isEmpty && events.allSatisfy({ $0.phase == .began }) && !(wall && !prev.isValid) {
                if !close(cur.shown, prev.shown) {
                    return "frame \(n): a began moved the image: \(prev.shown) -> \(cur.shown)"
                }
            }
            let dragging = prev.boxDrag != nil && cur.boxDrag != nil
            if dragging && !events.isEmpty && events.allSatisfy({ $0.gesture == .pan }) && !cur.isAnimating {
                let expected = wall ? o.engine.project(cur, prev.shown) : prev.shown
                if !close(cur.shown, expected) {
                    return "frame \(n): a box drag moved the image: \(prev.shown) -> \(cur.shown)"
                }
            }
            if editor.policy.kind == .rubberBand && cur.isTouching && cur.settle == nil {
                let anchor: Point? = editor.zoom.anchor == .focal ? cur.focal : nil
                let banded = band.apply(cur.raw, layout: cur.layout, anchor: anchor, box: cur.box, free: cur.unbanded)
                if !close(banded, cur.shown, 1e-7) {
                    return
                        "frame \(n): the shown image is not the band of the raw state (the next event"
                        + " jumps): \(cur.shown) vs \(banded)"
                }
            }
        }
        return nil
    }

    static func oscillation(_ o: Observation) -> String? {
        var n = 1
        while n < o.states.count {
            guard let settle = o.states[n].settle,
                o.states[n - 1].settle == nil || o.states[n - 1].settle?.to != settle.to
            else {
                n += 1
                continue
            }
            // A settle starts at frame n (first advanced in it): follow it while it runs uninterrupted.
            var values = [settle.from]
            var m = n
            while m < o.states.count {
                let interrupted =
                    o.actions[m].contains(where: isButton) || gestures(o.actions[m]).contains { $0.phase == .began }
                if m > n && interrupted { break }
                guard let s = o.states[m].settle, s.to == settle.to, s.from == settle.from else {
                    // Ended: it landed on its target, unless a re-fit started in the same step moved it on.
                    values.append(o.states[m].refit.isRunning ? settle.to : o.states[m].shown)
                    break
                }
                values.append(o.states[m].shown)
                m += 1
            }
            let timed: Bool
            var allowed = 0
            switch o.scenario.editor.policy.animation {
            case .spring(let response, let zeta) where zeta < 1:
                let w0 = 2 * DetMath.pi / response
                let wd = w0 * (1 - zeta * zeta).squareRoot()
                let seconds = Double(values.count) / Double(o.scenario.fps)
                allowed = Int(seconds / (DetMath.pi / wd)) + 1
                timed = false
            default:
                timed = true
            }
            for component in 0..<4 {
                func value(_ s: ViewState) -> Double { [s.k, s.cx, s.cy, s.a][component] }
                let target = value(settle.to)
                var changes = 0
                var lastSign = 0.0
                for i in 1..<values.count {
                    let d = value(values[i]) - value(values[i - 1])
                    if abs(d) > 1e-12 {
                        let sign: Double = d > 0 ? 1 : -1
                        if lastSign != 0 && sign != lastSign { changes += 1 }
                        lastSign = sign
                    }
                    if timed
                        && abs(value(values[i]) - target) > abs(value(values[i - 1]) - target) + 1e-9
                            * max(1, abs(target))
                    {
                        return
                            "frame \(n + i - 1): a timed settle moved away from its target"
                            + " (\(["k", "cx", "cy", "a"][component]))"
                    }
                }
                if changes > allowed {
                    return
                        "frames \(n)...\(m): the settle changed direction \(changes) times"
                        + " (\(["k", "cx", "cy", "a"][component])); the curve allows \(allowed)"
                }
            }
            n = m + 1
        }
        return nil
    }

    static func target(_ o: Observation) -> String? {
        for n in 1..<o.states.count {
            guard let settle = o.states[n - 1].settle, o.states[n].settle == nil else { continue }
            // Ended in this frame's step 2, unless a gesture or button stopped it.
            let stopped =
                gestures(o.actions[n]).contains { $0.phase == .began } || o.actions[n].contains(where: isButton)
            // A re-fit may start in the step where the settle ends, and moves the state on.
            if stopped || o.states[n].refit.isRunning { continue }
            if o.states[n].shown != settle.to {
                return "frame \(n): the settle ended at \(o.states[n].shown), not at its target \(settle.to)"
            }
        }
        return nil
    }

    static func box(_ o: Observation) -> String? {
        let frame = o.scenario.editor.frame
        guard frame.resizable else { return nil }
        var afterAspect = false
        // A box drag that starts below the minimum size (only an aspect step makes such a box)
        // is raised to the minimum, which wins over the bounds (docs/scenarios.md): the box may leave
        // its bounds until the re-fit that follows the drag brings it back.
        var minimumWins = false
        for n in 0..<o.states.count {
            let s = o.states[n]
            let b = s.box
            let bounds = s.layout.bounds
            if o.actions[n].contains(where: { if case .aspectRequested = $0 { return true } else { return false } }) {
                afterAspect = true
            }
            if o.actions[n].contains(where: { if case .restoreRequested = $0 { return true } else { return false } }) {
                afterAspect = false
                minimumWins = false
            }
            if afterAspect, s.refit == .idle { afterAspect = false }
            if s.boxDrag != nil && !drag(startedAbove: frame.minSize, s) { minimumWins = true }
            if minimumWins, s.boxDrag == nil, s.refit == .idle { minimumWins = false }
            let minBeatsBounds = frame.minSize.width > bounds.width || frame.minSize.height > bounds.height
            if !afterAspect && !minBeatsBounds && !minimumWins {
                if b.minX < bounds.minX - 1e-9 || b.minY < bounds.minY - 1e-9 || b.maxX > bounds.maxX + 1e-9
                    || b.maxY > bounds.maxY + 1e-9
                {
                    return "frame \(n): the box \(b) leaves its bounds \(bounds)"
                }
                // The minimum is a drag clamp: aspect steps ignore it and a re-fit capped by the
                // maximum zoom may lower the box below it (docs/scenarios.md).
                if s.boxDrag != nil && (b.width < frame.minSize.width - 1e-9 || b.height < frame.minSize.height - 1e-9)
                    && drag(startedAbove: frame.minSize, s)
                {
                    return "frame \(n): the box \(b) is below its minimum size \(frame.minSize)"
                }
            }
            if let drag = s.boxDrag, s.aspectLocked, drag.start.height > 0, b.height > 0 {
                let r0 = drag.start.width / drag.start.height
                let r = b.width / b.height
                if abs(r - r0) > 1e-9 * r0 { return "frame \(n): a locked box changed its aspect \(r0) -> \(r)" }
            }
            guard n > 0 else { continue }
            let prev = o.states[n - 1]
            // A re-fit that starts here keeps the image point under the box centre.
            if case .running(let a) = s.refit, !(prev.refit.isRunning) {
                func imagePoint(_ box: Rect, _ v: ViewState) -> Point {
                    let q = Rotation(degrees: v.a).inverse(Point((box.midX - v.cx) / v.k, (box.midY - v.cy) / v.k))
                    return q
                }
                let p0 = imagePoint(a.fromBox, a.from)
                let p1 = imagePoint(a.toBox, a.to)
                if abs(p0.x - p1.x) > 1e-9 * max(1, abs(p0.x)) || abs(p0.y - p1.y) > 1e-9 * max(1, abs(p0.y)) {
                    return "frame \(n): the re-fit moves the image point under the box centre from \(p0) to \(p1)"
                }
            }
            // The start rule: a waiting re-fit whose time has come with nothing touching and no settle must start now.
            if case .waiting(let since?, let delay) = prev.refit, !s.isTouching, s.settle == nil,
                Double(n - since) / Double(o.scenario.fps) >= delay - 1e-9,
                !o.actions[n].contains(where: isButton),
                !gestures(o.actions[n]).contains(where: { $0.phase == .began }),
                case .waiting = s.refit
            {
                return "frame \(n): the re-fit pending since frame \(since) (delay \(delay) s) should have started"
            }
        }
        return nil
    }

    static func identities(_ o: Observation) -> String? {
        let editor = o.scenario.editor
        for (n, length, run) in buttonRuns(o.actions) {
            let before = o.states[n - 1]
            let after = o.states[n + length - 1]
            if after.orientation != before.orientation {
                return "frames \(n)...\(n + length - 1): \(run) x\(length) changed the orientation"
            }
            // The picture comes back when nothing had to be projected: flips mirror the box onto itself;
            // turns of a square fixed box do too.
            let square = abs(before.box.width - before.box.height) < 1e-9
            let rigid: Bool
            if case .flipRequested = run { rigid = true } else { rigid = square && !editor.boxTurns }
            if rigid && before.isValid && before.settle == nil && !before.refit.isRunning
                && !close(before.shown, after.shown)
            {
                return
                    "frames \(n)...\(n + length - 1): \(run) x\(length) is not an identity: \(before.shown)"
                    + " -> \(after.shown)"
            }
        }
        return nil
    }

    /// Whether the running drag started from a box at or above the minimum (a smaller start may stay smaller).
    static func drag(startedAbove minSize: Size, _ s: EngineState) -> Bool {
        guard let d = s.boxDrag else { return false }
        return d.start.width >= minSize.width - 1e-9 && d.start.height >= minSize.height - 1e-9
    }

    static func projection(_ o: Observation) -> String? {
        let band = RubberBand(c: o.scenario.editor.policy.rubberBand)
        for (n, s) in o.states.enumerated() {
            let anchor = s.layout.anchor(s.shown, focal: s.focal, mode: o.scenario.editor.zoom.anchor)
            let p = s.layout.project(s.shown, anchor: anchor, box: s.box)
            let pp = s.layout.project(p, anchor: anchor, box: s.box)
            if !close(p, pp) { return "frame \(n): P is not idempotent: \(p) -> \(pp)" }
            let rawAnchor: Point? = o.scenario.editor.zoom.anchor == .focal ? s.focal : nil
            let r = band.apply(s.raw, layout: s.layout, anchor: rawAnchor, box: s.box, free: s.unbanded)
            let (back, free) = band.invert(r, layout: s.layout, anchor: rawAnchor, box: s.box, free: s.unbanded)
            if free != s.unbanded { continue }  // beyond the band's reach: nothing to invert
            if !close(back, s.raw, 1e-9) && !close(back, s.raw, 1e-7 * max(1, abs(s.raw.cx), abs(s.raw.cy))) {
                return "frame \(n): R then its inverse does not return the state: \(s.raw) -> \(r) -> \(back)"
            }
        }
        return nil
    }

    /// No number of the trace is NaN or infinite.
    static func finite(_ trace: Trace) -> String? {
        for f in trace.frames {
            let numbers = [
                f.zoom, f.k, f.imageRect.x, f.imageRect.y, f.imageRect.width, f.imageRect.height, f.mask, f.angle,
                f.box.x, f.box.width,
            ]
            if numbers.contains(where: { !$0.isFinite }) {
                return "frame \(f.frame): a number is not finite"
            }
        }
        return nil
    }

    /// Crops lie inside the image, `round` keeps square and aspect sizes, and an upright crop's
    /// pixels are a render of its rect; `view(n)` is what frame n showed (the reference's state
    /// or a model's display), in its layout.
    static func crops(
        _ trace: Trace, editor: EditorConfig, image: RGBAImage,
        view: (Int) -> (layout: Layout, shown: ViewState, box: Rect)
    ) -> String? {
        for crop in trace.crops {
            let s = view(crop.frame)
            let iw = Int(s.layout.imageWidth)
            let ih = Int(s.layout.imageHeight)
            guard let r = crop.pixelRect else {
                if crop.width < 1 || crop.height < 1 { return "crop \(crop.name): empty output" }
                continue
            }
            if r[0] < 0 || r[1] < 0 || r[0] + r[2] > iw || r[1] + r[3] > ih || r[2] < 1 || r[3] < 1 {
                return "crop \(crop.name): \(r) is not inside the \(iw)x\(ih) image"
            }
            if editor.crop.rounding == .round && editor.crop.formula == .geometric {
                let w = s.box.width / s.shown.k
                let h = s.box.height / s.shown.k
                let square = abs(s.box.width - s.box.height) < 1e-9
                if square && r[2] != r[3] && Double(r[2]) < Double(iw) && Double(r[3]) < Double(ih) {
                    return "crop \(crop.name): a square box gave a \(r[2])x\(r[3]) crop"
                }
                if Double(r[2]) < Double(iw) && abs(Double(r[2]) - w) > 0.5 + 1e-9 {
                    return "crop \(crop.name): width \(r[2]) is not round(\(w))"
                }
                if Double(r[3]) < Double(ih) && abs(Double(r[3]) - h) > 0.5 + 1e-9 {
                    return "crop \(crop.name): height \(r[3]) is not round(\(h))"
                }
            }
            // The crop's pixels are what a render at one point per texel shows of that rect.
            guard crop.sourceImageIndex == 0, image.pixels.count == image.width * image.height * 4,
                r[2] * r[3] <= 40_000
            else { continue }
            let cut = CropPixels.cut(image, crop: crop)
            var plain = editor
            plain.mask.opacity = 0
            plain.border = nil
            plain.grid = nil
            plain.faces = []
            plain.frame = FrameSpec(size: Size(Double(r[2]), Double(r[3])))
            let state = ViewState(k: 1, cx: Double(iw) / 2 - Double(r[0]), cy: Double(ih) / 2 - Double(r[1]))
            let record = FrameRecord.still(
                state, image: (image.width, image.height), orientation: crop.orientation,
                viewport: (Double(r[2]), Double(r[3])), box: Rect(x: 0, y: 0, width: Double(r[2]), height: Double(r[3]))
            )
            let c = Compositor(editor: plain, scale: 1)
            let frame = c.render(record, image: PremultipliedImage(image), layers: c.layers(for: record))
            for j in 0..<r[3] {
                for i in 0..<r[2] {
                    let p = (j * r[2] + i) * 4
                    let q = (j * r[2] + i) * 3
                    guard cut.pixels[p + 3] == 255 else { continue }
                    for ch in 0..<3 where abs(Int(cut.pixels[p + ch]) - Int(frame.pixels[q + ch])) > 1 {
                        return "crop \(crop.name): pixel (\(i), \(j)) differs from the render of the same rect"
                    }
                }
            }
        }
        return nil
    }
}

extension Checks {
    /// One frame in this many is rendered for the render invariant.
    static let renderEvery = 50

    /// Renders about one frame in `renderEvery` of `trace` (those showing the scenario's image;
    /// where the sample starts depends on the script's length, so short scripts are sampled
    /// too) through RenderProbe: by turns a thumbnail at a quarter of the geometry, or a
    /// window whose place, size and faces vary with the frame.
    static func render(_ trace: Trace, _ editor: EditorConfig, image: PremultipliedImage) -> String? {
        let frames = trace.frames
        let scale = editor.viewport.scale
        let start = frames.count * 31 % renderEvery
        for (n, f) in frames.enumerated() where (n + start) % renderEvery == 0 && f.imageIndex == 0 {
            let turn = (n + start) / renderEvery
            if turn % 2 == 0 {
                if let problem = RenderProbe.checkThumbnail(f, editor: editor, factor: 0.25, image: image) {
                    return problem
                }
                continue
            }
            var w = RenderProbe.Window(anchor: turn / 2 + n, width: 16 + n % 24, height: 16 + (n * 5) % 20)
            w.dx = Double(n % 9) - 4
            w.dy = Double(n % 7) - 3
            w.faceSize = n
            w.split = (n * 7) % (w.height * scale + 1)
            if let problem = RenderProbe.check(f, editor: editor, scale: scale, image: image, window: w) {
                return problem
            }
        }
        return nil
    }
}

extension RefitState {
    var isRunning: Bool {
        if case .running = self { return true }
        return false
    }
}
