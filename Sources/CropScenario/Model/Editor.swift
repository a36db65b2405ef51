import CropGeometry

/// The viewport in points and its integer pixel scale.
public struct ViewportSpec: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Int
    public init(width: Double, height: Double, scale: Int) {
        self.width = width
        self.height = height
        self.scale = scale
    }
}

/// Where the photo comes from.
public enum ImageSource: Equatable, Sendable {
    /// A PNG file, relative to the scenario file.
    case file(String)
    /// The built-in test card of the given pixel size (SPEC section 3).
    case testcard(width: Int, height: Int)
}

/// How the photo is first fitted (SPEC 3): aspectFill, aspectFit, frameFill (covers the frame), shortSide.
public enum Fit: String, Sendable, CaseIterable { case aspectFill, aspectFit, frameFill, shortSide }

/// The crop frame's outline.
public enum FrameShape: String, Sendable, CaseIterable { case rect, circle, roundedRect }

/// The crop frame's definition; its rect is computed for each viewport.
public struct FrameSpec: Equatable, Sendable {
    public var shape: FrameShape
    /// Explicit size in points; when nil, `aspect` and `margin` define it.
    public var size: Size?
    /// Width : height of the largest frame inside the viewport inset by `margin` (1:1 for circles).
    public var aspect: Size
    public var margin: Double
    public var cornerRadius: Double
    public init(shape: FrameShape = .rect, size: Size? = nil, aspect: Size = Size(1, 1), margin: Double = 0, cornerRadius: Double = 12) {
        self.shape = shape
        self.size = size
        self.aspect = aspect
        self.margin = margin
        self.cornerRadius = cornerRadius
    }
}

extension FrameSpec {
    /// The frame's bounding rect centred in a viewport (SPEC section 3): `size`, or the
    /// largest rect of `aspect` inside the viewport inset by `margin`.
    package func rect(viewportWidth W: Double, viewportHeight H: Double) -> Rect {
        if let size {
            return Rect(x: (W - size.width) / 2, y: (H - size.height) / 2, width: size.width, height: size.height)
        }
        let s = max(0, min((W - 2 * margin) / aspect.width, (H - 2 * margin) / aspect.height))
        let w = aspect.width * s
        let h = aspect.height * s
        return Rect(x: (W - w) / 2, y: (H - h) / 2, width: w, height: h)
    }

    /// Why this frame does not fit a viewport (a positive size inside it), or nil.
    package func misfit(viewportWidth W: Double, viewportHeight H: Double) -> String? {
        let r = rect(viewportWidth: W, viewportHeight: H)
        let viewport = "the \(Echo.number(W))x\(Echo.number(H)) viewport"
        if size == nil && !(r.width > 0 && r.height > 0) {
            return
                "the frame has no area in \(viewport) with margin \(Echo.number(margin)) (expected a margin below half the viewport's shorter side)"
        }
        if r.width > W + 1e-9 || r.height > H + 1e-9 {
            return "the frame \(Echo.number(r.width))x\(Echo.number(r.height)) does not fit \(viewport)"
        }
        return nil
    }
}

/// Which side of the frame the mask dims.
public enum MaskRegion: String, Sendable, CaseIterable { case outside, inside }
/// When the mask shows (SPEC 6).
public enum MaskVisibility: String, Sendable, CaseIterable { case always, hiddenWhileTouching, perGesture }

/// The dimming mask: colour, opacity, region, visibility rule and fade time.
public struct MaskSpec: Equatable, Sendable {
    public var color: RGBA
    public var opacity: Double
    public var region: MaskRegion
    public var visibility: MaskVisibility
    /// Seconds for a full fade; 0 jumps.
    public var fade: Double
}

/// Where the border stroke lies relative to the frame outline.
public enum BorderPosition: String, Sendable, CaseIterable { case center, inside, outside }

/// The frame's border stroke.
public struct BorderSpec: Equatable, Sendable {
    public var color: RGBA
    public var opacity: Double
    public var width: Double
    public var position: BorderPosition
    /// Dash lengths in points; empty = solid.
    public var dash: [Double]
}

/// When the grid shows.
public enum GridVisibility: String, Sendable, CaseIterable { case always, whileTouching, never }

/// Guide lines inside the frame at i/(lines+1) of its width and height.
public struct GridSpec: Equatable, Sendable {
    public var lines: Int
    public var color: RGBA
    public var opacity: Double
    public var width: Double
    public var visibility: GridVisibility
}

/// What zoom 1 means: the initial fit, or one point per image pixel.
public enum ZoomBase: String, Sendable, CaseIterable { case fit, pixels }
/// The point a pinch scales about: the fingers' focal point, or the image centre.
public enum ZoomAnchor: String, Sendable, CaseIterable { case focal, center }

/// A zoom lower limit.
public enum ZoomMin: Equatable, Sendable {
    case value(Double)
    /// The smallest zoom at which the covering rect can contain the target.
    case cover
}

/// Zoom base, limits and anchor (SPEC 4).
public struct ZoomSpec: Equatable, Sendable {
    public var base: ZoomBase
    public var min: ZoomMin?
    public var max: Double?
    public var anchor: ZoomAnchor
}

/// What must stay covered: the frame, the viewport (scroll-view content box), or nothing.
public enum Constraint: String, Sendable, CaseIterable { case frame, viewport, none }

/// The snap-back policy (SPEC 7).
public enum PolicyKind: String, Sendable, CaseIterable { case rollback, clamp, rubberBand, snapNearest, none }
/// Rollback restores the whole state, or each recognizer's part from its own store.
public enum RollbackMode: String, Sendable, CaseIterable { case whole, perGesture }
/// Whether a cancelled gesture settles like an ended one.
public enum CancelRule: String, Sendable, CaseIterable { case settle, ignore }

/// How a settle moves from where it is to its target.
public enum AnimationCurve: Equatable, Sendable {
    case none
    case linear(duration: Double)
    case easeOut(duration: Double)
    case easeInOut(duration: Double)
    case spring(response: Double, dampingRatio: Double)
}

/// A snap-back policy with its parameters.
public struct PolicySpec: Equatable, Sendable {
    public var kind: PolicyKind
    public var rollback: RollbackMode
    public var onCancel: CancelRule
    /// Deceleration per millisecond, or nil for no momentum.
    public var momentum: Double?
    public var rubberBand: Double
    public var animation: AnimationCurve
}

/// The crop rect formula (SPEC 8).
public enum CropFormula: String, Sendable, CaseIterable { case geometric, offsetFactor }
/// How the crop rect is made integral.
public enum CropRounding: String, Sendable, CaseIterable { case integral, round }

/// Crop formula and rounding.
public struct CropSpec: Equatable, Sendable {
    public var formula: CropFormula
    public var rounding: CropRounding
}

/// Everything about the editor screen (SPEC section 3), after presets and defaults.
public struct EditorConfig: Equatable, Sendable {
    public var viewport: ViewportSpec
    public var background: RGBA
    public var image: ImageSource
    public var fit: Fit
    public var frame: FrameSpec
    public var mask: MaskSpec
    public var border: BorderSpec?
    public var grid: GridSpec?
    public var zoom: ZoomSpec
    public var constraint: Constraint
    public var policy: PolicySpec
    /// Face boxes in image pixels.
    public var faces: [Rect]
    public var crop: CropSpec
}
