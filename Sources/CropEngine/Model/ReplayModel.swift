import CropGeometry
import CropScenario

/// What the replay drives: CropReplay's reference model (`ReferenceModel`) or a user's
/// `EditorModel` behind its adapter (`CustomModel`). The frame loop, `until settled`, crops
/// and the trace see only this.
package protocol ReplayModel {
    /// Applies one action of the stream.
    mutating func apply(_ action: EngineAction) throws(EngineError)
    /// The frame computed last.
    var frame: Int { get }
    /// A settle, a re-fit (pending or running) or a mask fade is still under way.
    var isSettling: Bool { get }
    /// What is shown, with the geometry it is shown in (crops read it).
    var view: ModelView { get }
    /// The trace record of the frame computed last.
    func record(fps: Int) -> FrameRecord
    /// The name the trace records as its engine (`check` names a change).
    var engineName: String { get }
}

/// What a model shows, in the geometry it is shown in.
package struct ModelView: Sendable {
    package var layout: Layout
    package var shown: ViewState
    package var box: Rect
    package var imageIndex: Int
    package var orientation: ImageOrientation
}

extension ReplayModel {
    /// One frame, the only frame loop (docs/behaviour.md, "Clock and frame order"): frame `n`
    /// begins (finished recognizers become possible), `actions` applies the frame's events and
    /// buttons in order, then the events are in (`hiddenWhileTouching` is decided) and
    /// animations advance by 1/fps.
    @inline(__always)
    package mutating func step(
        frame n: Int, _ actions: (inout Self) throws(EngineError) -> Void
    ) throws(EngineError) {
        try apply(.frameBegan(n))
        try actions(&self)
        try apply(.eventsApplied)
        try apply(.tick)
    }
}

/// CropReplay's own editor: the engine's pure reducer over its state.
package struct ReferenceModel: ReplayModel, Sendable {
    package let engine: Engine
    package var state: EngineState

    package init(engine: Engine, state: EngineState) {
        self.engine = engine
        self.state = state
    }

    @inline(__always)
    package mutating func apply(_ action: EngineAction) throws(EngineError) { try engine.reduce(&state, action) }
    package var frame: Int { state.frame }
    package var isSettling: Bool { state.isSettling }
    package var view: ModelView {
        ModelView(
            layout: state.layout, shown: state.shown, box: state.box, imageIndex: state.imageIndex,
            orientation: state.orientation)
    }
    package func record(fps: Int) -> FrameRecord { FrameRecord(record: state, fps: fps) }
    package var engineName: String { EngineVersion.current }

    /// What the reference shows now, as a model's display.
    package var display: EditorDisplay {
        EditorDisplay(
            state: state.shown, orientation: state.orientation, box: state.box, mask: state.mask,
            isAnimating: state.isAnimating, isSettling: state.isSettling)
    }
}
