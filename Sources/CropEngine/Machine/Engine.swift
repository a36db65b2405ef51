import CropGeometry
import CropScenario

/// Deliberate defects the explorer must catch (tests set them; nothing else does).
package struct EngineFaults: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    /// A gesture caught mid-settle takes raw := shown even under rubberBand (a jump).
    package static let skipBandInversion = EngineFaults(rawValue: 1)
    /// A settle ends one frame early, short of its target.
    package static let endSettleEarly = EngineFaults(rawValue: 2)
    /// A re-fit starts one frame late.
    package static let lateRefit = EngineFaults(rawValue: 4)
    /// After a box-drag event the raw state is left as it was (the next event jumps).
    package static let skipBoxDragResume = EngineFaults(rawValue: 8)
}

/// The pure reducer of the simulation: `reduce(&state, action)`. Configuration that never
/// changes during a replay lives here; everything else is in `EngineState`. The feature
/// reducers are composed in `Engine+Composition.swift`.
public struct Engine: Sendable {
    /// The editor, after presets and defaults.
    public let editor: EditorConfig
    /// Frames per second.
    public let fps: Int
    /// The snap-back policy the editor names (a built-in or a registered one).
    package let policy: any SnapBackPolicy
    /// The policy's settle curve, and the re-fit's.
    package let settleCurve: any SettleCurve
    package let refitCurve: any SettleCurve
    /// The name of the policy and of each curve, for errors.
    package var policyName: String { editor.policy.kind.rawValue }
    /// Deliberate defects, for tests that prove the explorer catches them. Never set otherwise.
    package var faults: EngineFaults = []

    /// The engine for an editor, its policy and curves made from `registrations` (a scenario
    /// naming one that is not registered, or whose factory refuses its parameters, is a
    /// `ScenarioError` at its JSON path).
    package init(editor: EditorConfig, fps: Int, registrations: Registrations = .builtIn) throws(ScenarioError) {
        self.editor = editor
        self.fps = fps
        policy = try registrations.policy(for: editor)
        settleCurve = try registrations.curve(for: editor.policy.animation, place: "editor.policy.animation")
        refitCurve = try registrations.curve(for: editor.refit.animation, place: "editor.refit.animation")
    }

    /// The engine of an editor that names only built-in policies and curves.
    package init(builtIn editor: EditorConfig, fps: Int) {
        self.editor = editor
        self.fps = fps
        let cancels = editor.policy.onCancel == .settle
        policy = (try? Registrations.builtIn.policy(for: editor)) ?? FollowPolicy(settlesOnCancel: cancels)
        settleCurve = editor.policy.animation
        refitCurve = editor.refit.animation
    }

    package func initialState(imageWidth: Int, imageHeight: Int) -> EngineState {
        let layout = self.layout(
            viewportWidth: editor.viewport.width, viewportHeight: editor.viewport.height,
            sourceWidth: imageWidth, sourceHeight: imageHeight, orientation: .identity)
        return EngineState(
            layout: layout, sourceWidth: imageWidth, sourceHeight: imageHeight, aspectLocked: editor.frame.isLocked)
    }

    /// The geometry of a viewport and the oriented image.
    package func layout(
        viewportWidth: Double, viewportHeight: Double, sourceWidth: Int, sourceHeight: Int,
        orientation: ImageOrientation
    ) -> Layout {
        let size = orientation.size(width: sourceWidth, height: sourceHeight)
        return Layout(
            editor: editor, viewportWidth: viewportWidth, viewportHeight: viewportHeight, imageWidth: size.width,
            imageHeight: size.height)
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
        v.k >= 1e-12 && v.k <= 1e12 && abs(v.cx) <= 1e15 && abs(v.cy) <= 1e15 && abs(v.a) <= 1e9
    }

    /// The rubber band's anchor: the focal point, or nil for the banded state's own centre.
    func bandAnchor(_ s: EngineState) -> Point? {
        editor.zoom.anchor == .focal ? s.focal : nil
    }

    /// The zoom anchor for a state: the latest pinch or rotation location (focal) or the image centre.
    func anchor(_ s: EngineState, _ state: ViewState) -> Point {
        s.layout.anchor(state, focal: s.focal, mode: editor.zoom.anchor)
    }

    /// The geometry a policy sees now.
    func geometry(_ s: EngineState) -> PolicyGeometry {
        PolicyGeometry(
            layout: s.layout, box: s.box, anchorMode: editor.zoom.anchor, focal: s.focal, free: s.unbanded,
            frame: s.frame, fps: fps)
    }

    /// The memories a policy reads.
    func memories(_ s: EngineState) -> Memories {
        Memories(whole: s.lastValid, pan: s.panStore, pinch: s.pinchStore, rotation: s.rotationStore)
    }

    /// Runs one of the policy's decisions: what it throws, and a state it returns that is not
    /// finite or leaves the engine's range, is a script error naming the policy and the frame.
    func ask<T>(_ s: EngineState, _ what: String, _ body: () throws -> T) throws(EngineError) -> T {
        do {
            return try body()
        } catch {
            throw EngineError(frame: s.frame, problem: .policyFailed(policyName, what, EngineError.quoted(error)))
        }
    }

    func checked(_ s: EngineState, _ what: String, _ state: ViewState) throws(EngineError) -> ViewState {
        guard state.k.isFinite, state.cx.isFinite, state.cy.isFinite, state.a.isFinite, Self.inRange(state) else {
            throw EngineError(frame: s.frame, problem: .policyValue(policyName, what, state))
        }
        return state
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

    /// Two boxes within 1e-9 on each of x, y, width and height.
    static func isClose(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) <= 1e-9 && abs(a.y - b.y) <= 1e-9 && abs(a.width - b.width) <= 1e-9
            && abs(a.height - b.height) <= 1e-9
    }

    /// P with the state's anchor and box.
    package func project(_ s: EngineState, _ state: ViewState) -> ViewState {
        s.layout.project(state, anchor: anchor(s, state), box: s.box)
    }
}
