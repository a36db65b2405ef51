import CropGeometry
import CropJSON

/// The viewport in points and its integer pixel scale.
public struct ViewportSpec: Equatable, Sendable {
    /// The viewport's width in points (`viewport.width`, default 390).
    public var width: Double
    /// The viewport's height in points (`viewport.height`, default 844).
    public var height: Double
    /// Pixels per point, 1 to 4 (`viewport.scale`): frames are `width * scale` by `height * scale` pixels.
    public var scale: Int
    /// A viewport of `width` by `height` points at `scale` pixels per point; the defaults are the scenario file's.
    public init(width: Double = 390, height: Double = 844, scale: Int = 1) {
        self.width = width
        self.height = height
        self.scale = scale
    }
}

/// Where the photo comes from.
public enum ImageSource: Equatable, Sendable {
    /// A PNG file, relative to the scenario file.
    case file(String)
    /// The built-in test card of the given pixel size (docs/scenarios.md).
    case testcard(width: Int, height: Int)
}

/// How the photo is first fitted (docs/scenarios.md): aspectFill, aspectFit, frameFill (covers the frame), shortSide.
public enum Fit: String, Sendable, CaseIterable {
    /// Covers the viewport.
    case aspectFill
    /// Fits inside the viewport, letterboxed.
    case aspectFit
    /// Covers the frame's bounding rect.
    case frameFill
    /// The image's short side matches the viewport's short side.
    case shortSide
}

/// The crop frame's outline.
public enum FrameShape: String, Sendable, CaseIterable {
    /// A rectangle.
    case rect
    /// A circle, always 1:1.
    case circle
    /// A rectangle with rounded corners (`cornerRadius`).
    case roundedRect
}

/// Which of a resizable box's handles a drag can start from.
public enum BoxHandles: String, Sendable, CaseIterable {
    /// Corners and edges.
    case cornersAndEdges
    /// Corners only.
    case corners
}

/// The aspect of a frame given by `aspect`: a ratio, or the oriented image's.
public enum FrameAspect: Equatable, Sendable {
    /// Width : height of the given size (`[w, h]`).
    case ratio(Size)
    /// The oriented image's width : height (`"image"`).
    case image
}

/// The crop frame's definition; its rect is computed for each viewport. With `resizable`
/// it is also the initial box that drags move (docs/scenarios.md).
public struct FrameSpec: Equatable, Sendable {
    /// The outline; a circle's aspect is always 1:1.
    public var shape: FrameShape {
        didSet { if shape == .circle { aspect = .ratio(Size(1, 1)) } }
    }
    /// Explicit size in points; when nil, `aspect` and `margin` define it.
    public var size: Size?
    /// Width : height of the largest frame inside the viewport inset by `margin` (a circle's
    /// stays 1:1 whatever is set).
    public var aspect: FrameAspect {
        didSet { if shape == .circle { aspect = .ratio(Size(1, 1)) } }
    }
    /// Points kept free on every side when `aspect` decides the size.
    public var margin: Double
    /// The corner radius in points, `roundedRect` only.
    public var cornerRadius: Double
    /// The box can be dragged by its handles.
    public var resizable: Bool
    /// Box drags keep the box's aspect.
    public var lockAspect: Bool
    /// The smallest box a drag leaves.
    public var minSize: Size
    /// Which parts of a resizable box a drag can start from.
    public var handles: BoxHandles
    /// How far (points) a touch may land from an edge and still grab it.
    public var handleSize: Double

    /// A frame key by key; every key defaults to the scenario file's default (docs/scenarios.md).
    public init(
        shape: FrameShape = .rect, size: Size? = nil, aspect: Size = Size(1, 1), margin: Double = 0,
        cornerRadius: Double = 12,
        resizable: Bool = false, lockAspect: Bool = false, minSize: Size = Size(44, 44),
        handles: BoxHandles = .cornersAndEdges,
        handleSize: Double = 44
    ) {
        self.init(
            shape: shape, size: size, aspectRule: .ratio(aspect), margin: margin, cornerRadius: cornerRadius,
            resizable: resizable,
            lockAspect: lockAspect, minSize: minSize, handles: handles, handleSize: handleSize)
    }

    /// A frame key by key, with the aspect as a ratio or the image's (`aspectRule`); a circle's is always 1:1.
    public init(
        shape: FrameShape, size: Size?, aspectRule: FrameAspect, margin: Double, cornerRadius: Double, resizable: Bool,
        lockAspect: Bool, minSize: Size, handles: BoxHandles, handleSize: Double
    ) {
        self.shape = shape
        self.size = size
        self.aspect = shape == .circle ? .ratio(Size(1, 1)) : aspectRule
        self.margin = margin
        self.cornerRadius = cornerRadius
        self.resizable = resizable
        self.lockAspect = lockAspect
        self.minSize = minSize
        self.handles = handles
        self.handleSize = handleSize
    }

    /// Circles are always locked 1:1.
    public var isLocked: Bool { lockAspect || shape == .circle }
}

extension FrameSpec {
    /// The frame's bounding rect centred in a viewport (docs/scenarios.md): `size`, or the
    /// largest rect of `aspect` inside the viewport inset by `margin`.
    package func rect(
        viewportWidth W: Double, viewportHeight H: Double, imageWidth: Double = 1, imageHeight: Double = 1
    ) -> Rect {
        if let size {
            return Rect(x: (W - size.width) / 2, y: (H - size.height) / 2, width: size.width, height: size.height)
        }
        let ratio: Size
        switch aspect {
        case .ratio(let r): ratio = r
        case .image: ratio = Size(imageWidth, imageHeight)
        }
        let s = max(0, min((W - 2 * margin) / ratio.width, (H - 2 * margin) / ratio.height))
        let w = ratio.width * s
        let h = ratio.height * s
        return Rect(x: (W - w) / 2, y: (H - h) / 2, width: w, height: h)
    }

    /// Why this frame does not fit a viewport (a positive size inside it), or nil.
    package func misfit(viewportWidth W: Double, viewportHeight H: Double) -> String? {
        let r = rect(viewportWidth: W, viewportHeight: H)
        let viewport = "the \(Echo.number(W))x\(Echo.number(H)) viewport"
        if size == nil && !(r.width > 0 && r.height > 0) {
            return
                "the frame has no area in \(viewport) with margin \(Echo.number(margin)) (expected a margin"
                + " below half the viewport's shorter side)"
        }
        if r.width > W + 1e-9 || r.height > H + 1e-9 {
            return "the frame \(Echo.number(r.width))x\(Echo.number(r.height)) does not fit \(viewport)"
        }
        return nil
    }
}

/// Which side of the frame the mask dims.
public enum MaskRegion: String, Sendable, CaseIterable {
    /// Dims around the frame.
    case outside
    /// Tints the frame itself.
    case inside
}
/// When the mask shows (docs/scenarios.md).
public enum MaskVisibility: String, Sendable, CaseIterable {
    /// Always shows.
    case always
    /// Hidden while a gesture is active.
    case hiddenWhileTouching
    /// A gesture's start hides it, its end shows it.
    case perGesture
}

/// The dimming mask: colour, opacity, region, visibility rule and fade time.
public struct MaskSpec: Equatable, Sendable {
    /// The veil's colour.
    public var color: RGBA
    /// The veil's opacity: 0 is transparent, 1 opaque.
    public var opacity: Double
    /// Which side of the frame the mask dims.
    public var region: MaskRegion
    /// When the mask shows.
    public var visibility: MaskVisibility
    /// Seconds for a full fade; 0 jumps.
    public var fade: Double

    /// A mask key by key; every key defaults to the scenario file's default (docs/scenarios.md).
    public init(
        color: RGBA = .black, opacity: Double = 0.8, region: MaskRegion = .outside,
        visibility: MaskVisibility = .always, fade: Double = 0
    ) {
        self.color = color
        self.opacity = opacity
        self.region = region
        self.visibility = visibility
        self.fade = fade
    }
}

/// Where the border stroke lies relative to the frame outline.
public enum BorderPosition: String, Sendable, CaseIterable {
    /// On the outline.
    case center
    /// Inside the outline.
    case inside
    /// Outside the outline.
    case outside
}

/// The frame's border stroke.
public struct BorderSpec: Equatable, Sendable {
    /// The stroke's colour.
    public var color: RGBA
    /// The stroke's opacity: 0 is transparent, 1 opaque.
    public var opacity: Double
    /// The stroke's width in points.
    public var width: Double
    /// Where the stroke lies: on, inside or outside the frame's outline.
    public var position: BorderPosition
    /// Dash lengths in points; empty = solid.
    public var dash: [Double]

    /// A border key by key; every key defaults to the scenario file's default (docs/scenarios.md).
    public init(
        color: RGBA = .white, opacity: Double = 1, width: Double = 2, position: BorderPosition = .center,
        dash: [Double] = []
    ) {
        self.color = color
        self.opacity = opacity
        self.width = width
        self.position = position
        self.dash = dash
    }
}

/// When the grid shows.
public enum GridVisibility: String, Sendable, CaseIterable {
    /// Always shows.
    case always
    /// Shows while a gesture is active.
    case whileTouching
    /// Never shows.
    case never
}

/// Guide lines inside the frame at i/(lines+1) of its width and height.
public struct GridSpec: Equatable, Sendable {
    /// Lines each way, evenly spaced (2 makes thirds).
    public var lines: Int
    /// The lines' colour.
    public var color: RGBA
    /// The lines' opacity: 0 is transparent, 1 opaque.
    public var opacity: Double
    /// The lines' width in points.
    public var width: Double
    /// When the grid shows.
    public var visibility: GridVisibility

    /// A grid key by key; every key defaults to the scenario file's default (docs/scenarios.md).
    public init(
        lines: Int = 2, color: RGBA = .white, opacity: Double = 0.5, width: Double = 1,
        visibility: GridVisibility = .always
    ) {
        self.lines = lines
        self.color = color
        self.opacity = opacity
        self.width = width
        self.visibility = visibility
    }
}

/// What zoom 1 means: the initial fit, or one point per image pixel.
public enum ZoomBase: String, Sendable, CaseIterable {
    /// Zoom 1 is the initial fit.
    case fit
    /// Zoom 1 is one image pixel per point.
    case pixels
}
/// The point a pinch scales about: the fingers' focal point, or the image centre.
public enum ZoomAnchor: String, Sendable, CaseIterable {
    /// About the fingers' focal point.
    case focal
    /// About the image centre.
    case center
}

/// A zoom lower limit.
public enum ZoomMin: Equatable, Sendable {
    /// A fixed smallest zoom.
    case value(Double)
    /// The smallest zoom at which the covering rect can contain the target.
    case cover
}

/// Zoom base, limits and anchor (docs/scenarios.md).
public struct ZoomSpec: Equatable, Sendable {
    /// What zoom 1 means.
    public var base: ZoomBase
    /// The smallest zoom, or nil for none.
    public var min: ZoomMin?
    /// The largest zoom, or nil for none.
    public var max: Double?
    /// The point a pinch scales about.
    public var anchor: ZoomAnchor

    /// Zoom keys; every key defaults to the scenario file's default (docs/scenarios.md).
    public init(base: ZoomBase = .fit, min: ZoomMin? = .value(1), max: Double? = 10, anchor: ZoomAnchor = .focal) {
        self.base = base
        self.min = min
        self.max = max
        self.anchor = anchor
    }
}

/// What must stay covered: the frame, the viewport (scroll-view content box), or nothing.
public enum Constraint: String, Sendable, CaseIterable {
    /// The frame's bounding rect must stay covered.
    case frame
    /// The zoomed content box must stay covered (scroll-view semantics).
    case viewport
    /// Nothing but the zoom limits.
    case none
}

/// The snap-back policy by name: one of the five built-in policies (docs/behaviour.md,
/// "Policies"), or a policy registered by name (`Registrations`, docs/extending.md).
public struct PolicyKind: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The policy's name as scenarios write it (`policy.kind`).
    public let rawValue: String
    /// The policy of that name: a built-in one or one registered by name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Returns to the last valid state on release (`rollback`).
    public static let rollback = PolicyKind(rawValue: "rollback")
    /// Never leaves the valid states: a hard wall (`clamp`).
    public static let clamp = PolicyKind(rawValue: "clamp")
    /// Shows an overshoot compressed and springs back on release (`rubberBand`).
    public static let rubberBand = PolicyKind(rawValue: "rubberBand")
    /// Moves to the nearest valid state on release (`snapNearest`).
    public static let snapNearest = PolicyKind(rawValue: "snapNearest")
    /// Follows the fingers and stays where released (`none`).
    public static let none = PolicyKind(rawValue: "none")

    /// The built-in policies, in the order tables list them.
    public static let allCases: [PolicyKind] = [.rollback, .clamp, .rubberBand, .snapNearest, .none]
    /// Whether this is one of the five built-in policies.
    public var isBuiltIn: Bool { Self.allCases.contains(self) }
    /// The policy's name, as scenarios write it.
    public var description: String { rawValue }
}
/// Rollback restores the whole state, or each recognizer's part from its own store.
public enum RollbackMode: String, Sendable, CaseIterable {
    /// Returns to the state before the touch.
    case whole
    /// Restores only what each gesture changed, at its own end.
    case perGesture
}
/// Whether a cancelled gesture settles like an ended one.
public enum CancelRule: String, Sendable, CaseIterable {
    /// A cancelled gesture settles like a release.
    case settle
    /// A cancelled gesture leaves the state as it is.
    case ignore
}

/// How a settle moves from where it is to its target.
public enum AnimationCurve: Equatable, Sendable {
    /// Jumps to the target at once.
    case none
    /// Moves at a constant speed for `duration` seconds.
    case linear(duration: Double)
    /// Starts fast and slows down for `duration` seconds.
    case easeOut(duration: Double)
    /// Speeds up, then slows down, for `duration` seconds.
    case easeInOut(duration: Double)
    /// A spring with a period of `response` seconds; a `dampingRatio` of 1 settles without overshoot, below 1 bounces.
    case spring(response: Double, dampingRatio: Double)
    /// A curve registered by name (`Registrations`), with the scenario's parameters for it.
    case custom(Extension)

    /// The curve's name as scenarios write it.
    public var name: String {
        switch self {
        case .none: return "none"
        case .linear: return "linear"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        case .spring: return "spring"
        case .custom(let c): return c.name
        }
    }
}

/// A snap-back policy with its parameters.
public struct PolicySpec: Equatable, Sendable {
    /// The policy, by name.
    public var kind: PolicyKind
    /// What rollback restores: the whole state, or each gesture's part.
    public var rollback: RollbackMode
    /// Whether a cancelled gesture settles like a released one.
    public var onCancel: CancelRule
    /// Deceleration per millisecond, or nil for no momentum.
    public var momentum: Double?
    /// The resistance past the edge under `rubberBand` (smaller is stiffer).
    public var rubberBand: Double
    /// How the photo returns to a valid state.
    public var animation: AnimationCurve
    /// The scenario's `params` for a registered policy (empty for the built-ins).
    public var parameters: Parameters

    /// A policy key by key; every key defaults to the scenario file's default (docs/scenarios.md).
    public init(
        kind: PolicyKind = .rollback, rollback: RollbackMode = .whole, onCancel: CancelRule = .settle,
        momentum: Double? = nil,
        rubberBand: Double = 0.55, animation: AnimationCurve = .none, parameters: Parameters = .empty()
    ) {
        self.kind = kind
        self.parameters = parameters
        self.rollback = rollback
        self.onCancel = onCancel
        self.momentum = momentum
        self.rubberBand = rubberBand
        self.animation = animation
    }
}

/// The crop rect formula (docs/outputs.md).
public enum CropFormula: String, Sendable, CaseIterable {
    /// Maps the box back into image pixels.
    case geometric
    /// A scroll-view cropper's formula (it assumes a width-limited fit).
    case offsetFactor
}
/// How the crop rect is made integral.
public enum CropRounding: String, Sendable, CaseIterable {
    /// Floors the origin and ceils the far edge.
    case integral
    /// Rounds the size and the origin separately.
    case round
}

/// Crop formula and rounding.
public struct CropSpec: Equatable, Sendable {
    /// The crop rect formula.
    public var formula: CropFormula
    /// How the crop rect is made integral.
    public var rounding: CropRounding

    /// Crop keys; every key defaults to the scenario file's default (docs/scenarios.md).
    public init(formula: CropFormula = .geometric, rounding: CropRounding = .integral) {
        self.formula = formula
        self.rounding = rounding
    }
}

/// The rotation gesture, its limit and auto-cover (docs/scenarios.md).
public struct RotationSpec: Equatable, Sendable {
    /// Two fingers also twist the photo (a `rotation` recognizer).
    public var gesture: Bool
    /// The angle stays within +-limit degrees; nil: no limit.
    public var limit: Double?
    /// After every rotation event that turns the photo, the raw state is projected (P).
    public var autoCover: Bool
    /// Rotation keys; every key defaults to the scenario file's default (docs/scenarios.md).
    public init(gesture: Bool = false, limit: Double? = 45, autoCover: Bool = false) {
        self.gesture = gesture
        self.limit = limit
        self.autoCover = autoCover
    }
}

/// When and how a dragged box re-fits (docs/scenarios.md).
public struct RefitSpec: Equatable, Sendable {
    /// Seconds after the drag ends.
    public var delay: Double
    /// How the box and the photo move.
    public var animation: AnimationCurve
    /// Re-fit keys; every key defaults to the scenario file's default (docs/scenarios.md).
    public init(delay: Double = 0.8, animation: AnimationCurve = .easeInOut(duration: 0.5)) {
        self.delay = delay
        self.animation = animation
    }
}

/// What a double tap does (docs/scenarios.md).
public enum DoubleTapAction: String, Sendable, CaseIterable {
    /// Only records the double tap.
    case none
    /// Zooms by `factor` about the tap (at the maximum, back to the minimum).
    case zoom
    /// Returns to the initial fit of the current orientation, box included.
    case reset
}

/// The double tap: its action and zoom factor.
public struct DoubleTapSpec: Equatable, Sendable {
    /// What a double tap does.
    public var action: DoubleTapAction
    /// How much a double tap zooms in.
    public var factor: Double
    /// Double-tap keys; every key defaults to the scenario file's default (docs/scenarios.md).
    public init(action: DoubleTapAction = .none, factor: Double = 2) {
        self.action = action
        self.factor = factor
    }
}

/// Whether a quarter turn turns the box with the picture.
public enum TurnBox: String, Sendable, CaseIterable {
    /// The box turns with the photo.
    case turns
    /// The box stays as it is.
    case stays
}

/// Everything about the editor screen (docs/scenarios.md), after presets and defaults.
public struct EditorConfig: Equatable, Sendable {
    /// The viewport's size and pixel scale.
    public var viewport: ViewportSpec
    /// The colour behind the photo.
    public var background: RGBA
    /// The photo: a file or the built-in test card.
    public var image: ImageSource
    /// How the photo is sized at zoom 1.
    public var fit: Fit
    /// The crop frame: its shape, size or aspect, and for a movable box its handles.
    public var frame: FrameSpec
    /// The dimming mask outside (or inside) the frame.
    public var mask: MaskSpec
    /// The frame's border stroke, or nil for none.
    public var border: BorderSpec?
    /// The guide lines inside the frame, or nil for none.
    public var grid: GridSpec?
    /// The zoom's base, limits and anchor.
    public var zoom: ZoomSpec
    /// What must stay covered.
    public var constraint: Constraint
    /// The snap-back policy and its parameters.
    public var policy: PolicySpec
    /// Face boxes in image pixels.
    public var faces: [Rect]
    /// The crop rect's formula and rounding.
    public var crop: CropSpec
    /// The rotation gesture, its limit and auto-cover.
    public var rotation: RotationSpec
    /// When and how a dragged box re-fits.
    public var refit: RefitSpec
    /// What a double tap does.
    public var doubleTap: DoubleTapSpec
    /// `turn.box`; nil: the box turns when it is resizable and stays otherwise.
    public var turnBox: TurnBox?

    /// Whether a quarter turn turns the box (`turn.box`, by default: turns when the box is resizable).
    public var boxTurns: Bool { (turnBox ?? (frame.resizable ? .turns : .stays)) == .turns }

    /// An editor key by key; every key defaults to the scenario file's default
    /// (docs/scenarios.md), so `EditorConfig()` is the editor of a scenario with no preset and
    /// no `editor` object. `validated(file:)` (or `Scenario.validated()`, `Replay.load`) checks
    /// the ranges.
    public init(
        viewport: ViewportSpec = ViewportSpec(), background: RGBA = .black,
        image: ImageSource = .testcard(width: 1600, height: 1200), fit: Fit = .aspectFill,
        frame: FrameSpec = FrameSpec(), mask: MaskSpec = MaskSpec(), border: BorderSpec? = BorderSpec(),
        grid: GridSpec? = nil, zoom: ZoomSpec = ZoomSpec(), constraint: Constraint = .frame,
        policy: PolicySpec = PolicySpec(), faces: [Rect] = [], crop: CropSpec = CropSpec(),
        rotation: RotationSpec = RotationSpec(), refit: RefitSpec = RefitSpec(),
        doubleTap: DoubleTapSpec = DoubleTapSpec(),
        turnBox: TurnBox? = nil
    ) {
        self.viewport = viewport
        self.background = background
        self.image = image
        self.fit = fit
        self.frame = frame
        self.mask = mask
        self.border = border
        self.grid = grid
        self.zoom = zoom
        self.constraint = constraint
        self.policy = policy
        self.faces = faces
        self.crop = crop
        self.rotation = rotation
        self.refit = refit
        self.doubleTap = doubleTap
        self.turnBox = turnBox
    }
}
