import CropGeometry
import CropScenario

/// Your own crop editor's logic, driven by CropReplay: the extension point for testing the
/// behaviour your app ships instead of CropReplay's reference model.
///
/// CropReplay feeds the model the same stream its own reference model gets (`EngineAction`,
/// in order, frame by frame): `.frameBegan(n)`, then the frame's recognizer events
/// (`.gesture`, with their phases) and buttons (`.quarterTurnRequested`, `.flipRequested`,
/// `.aspectRequested`, `.doubleTapped`, `.restoreRequested`), viewport changes and image
/// loads, then `.eventsApplied` and `.tick` (animations advance by 1/fps). After each frame's
/// tick it reads `display` and draws it with the same renderer, writes the same trace and
/// checks it against goldens of its own, or against the reference (`cropreplay conform`).
///
/// Register a factory under a name (`Registrations.register(model:_:)`) and pick it with
/// `--model NAME` on `run`, `check`, `record` and `conform`, or `model:` from Swift
/// (docs/extending.md has a worked example). The recognizers' phases, the trace's events,
/// the viewport and the image come from the stream itself; what the model decides is what
/// the screen shows.
///
/// A model must be deterministic: the same stream gives the same displays (no clock, no
/// random numbers, no global state). Every number it shows must be finite and in range (a
/// scale within 1e-12...1e12 points per pixel, a centre within 1e15 points, an angle within
/// 1e9 degrees, a box within +-1e6 points with a positive size, a mask within 0...1); the
/// replay refuses anything else, and anything the model throws, with a one-line error naming
/// the model, the frame and the value, never a trap.
public protocol EditorModel {
    /// Applies one action of the stream. Actions a model has no use for (`.frameBegan`,
    /// `.eventsApplied`, a button it lacks) can be ignored.
    mutating func apply(_ action: EngineAction, in context: ModelContext) throws

    /// What the screen shows now: read after every frame's `.tick`.
    var display: EditorDisplay { get }
}

/// What an editor model shows: the picture's state, orientation and box, the mask, the
/// overlays, and whether anything still moves.
public struct EditorDisplay: Equatable, Sendable {
    /// The photo's scale (points per oriented image pixel), centre and straighten angle.
    public var state: ViewState
    /// Quarter turns and mirror of the photo.
    public var orientation: ImageOrientation
    /// The crop box in view points.
    public var box: Rect
    /// The mask's visibility, 0 (hidden) to 1 (the editor's full mask opacity).
    public var mask: Double
    /// A settle or a re-fit is running (the trace's `animating`).
    public var isAnimating: Bool
    /// Something is still to come: an animation, a pending re-fit or a mask fade
    /// (`until settled` waits while this is true).
    public var isSettling: Bool
    /// Whether the grid shows; nil follows the editor's `grid.visibility` rule.
    public var showsGrid: Bool?
    /// Whether a resizable box's handles show; nil shows them (as the reference does).
    public var showsHandles: Bool?

    /// A display key by key; the flags default to a still picture with the editor's own rules.
    public init(
        state: ViewState, orientation: ImageOrientation = ImageOrientation(), box: Rect, mask: Double = 1,
        isAnimating: Bool = false, isSettling: Bool = false, showsGrid: Bool? = nil, showsHandles: Bool? = nil
    ) {
        self.state = state
        self.orientation = orientation
        self.box = box
        self.mask = mask
        self.isAnimating = isAnimating
        self.isSettling = isSettling
        self.showsGrid = showsGrid
        self.showsHandles = showsHandles
    }
}

/// What a model knows besides the action: the editor, the clock, the viewport and image, and
/// the reference geometry of what it shows now (validity, the projection P, the rubber band,
/// zoom limits, the anchor; the same `PolicyGeometry` a policy gets).
public struct ModelContext: Sendable {
    /// The scenario's editor (preset and overrides).
    public let editor: EditorConfig
    /// Frames per second.
    public let fps: Int
    /// The frame being computed.
    public let frame: Int
    /// The viewport in points (before this action: a `.viewportChanged` carries the new one).
    public let viewport: Size
    /// The current image in pixels, before its orientation (a `thenLoad` crop replaces it).
    public let imageSize: Size
    /// The reference geometry for the model's current display: its box, orientation and the
    /// latest pinch or twist location as the zoom anchor.
    public let geometry: PolicyGeometry
}

/// What a model's factory gets: the editor and image, and where the reference model starts.
public struct ModelSetup: Sendable {
    /// The scenario's editor (preset and overrides).
    public let editor: EditorConfig
    /// Frames per second.
    public let fps: Int
    /// The scenario's image in pixels.
    public let imageWidth: Int
    /// The scenario's image height in pixels.
    public let imageHeight: Int
    /// The scenario's `start` (a re-opened edit), if any; `initial` already has it applied.
    public let start: StartState?
    /// Frame 0 as the reference model shows it: the initial fit, or the start state.
    public let initial: EditorDisplay
}
