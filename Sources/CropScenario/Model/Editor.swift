import CropGeometry

/// The viewport in points and its integer pixel scale.
public struct ViewportSpec: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Int
    public init(width: Double, height: Double, scale: Int) { self.width = width; self.height = height; self.scale = scale }
}

/// Where the photo comes from.
public enum ImageSource: Equatable, Sendable {
    /// A PNG file, relative to the scenario file.
    case file(String)
    /// The built-in test card of the given pixel size (SPEC section 3).
    case testcard(width: Int, height: Int)
}

public enum Fit: String, Sendable, CaseIterable { case aspectFill, aspectFit, frameFill, shortSide }

public enum FrameShape: String, Sendable, CaseIterable { case rect, circle, roundedRect }

/// The crop frame's definition; its rect is computed for each viewport.
public struct FrameSpec: Equatable, Sendable {
    public var shape: FrameShape
    /// Explicit size in points; when nil, `aspect` and `margin` define it.
    public var size: (Double, Double)?
    public var aspect: (Double, Double)
    public var margin: Double
    public var cornerRadius: Double
    public static func == (a: FrameSpec, b: FrameSpec) -> Bool {
        a.shape == b.shape && a.size?.0 == b.size?.0 && a.size?.1 == b.size?.1 && a.aspect == b.aspect
            && a.margin == b.margin && a.cornerRadius == b.cornerRadius
    }
}

public enum MaskRegion: String, Sendable, CaseIterable { case outside, inside }
public enum MaskVisibility: String, Sendable, CaseIterable { case always, hiddenWhileTouching, perGesture }

public struct MaskSpec: Equatable, Sendable {
    public var color: RGBA
    public var opacity: Double
    public var region: MaskRegion
    public var visibility: MaskVisibility
    /// Seconds for a full fade; 0 jumps.
    public var fade: Double
}

public enum BorderPosition: String, Sendable, CaseIterable { case center, inside, outside }

public struct BorderSpec: Equatable, Sendable {
    public var color: RGBA
    public var opacity: Double
    public var width: Double
    public var position: BorderPosition
    /// Dash lengths in points; empty = solid.
    public var dash: [Double]
}

public enum GridVisibility: String, Sendable, CaseIterable { case always, whileTouching, never }

public struct GridSpec: Equatable, Sendable {
    public var lines: Int
    public var color: RGBA
    public var opacity: Double
    public var width: Double
    public var visibility: GridVisibility
}

public enum ZoomBase: String, Sendable, CaseIterable { case fit, pixels }
public enum ZoomAnchor: String, Sendable, CaseIterable { case focal, center }

/// A zoom lower limit.
public enum ZoomMin: Equatable, Sendable {
    case value(Double)
    /// The smallest zoom at which the covering rect can contain the target.
    case cover
}

public struct ZoomSpec: Equatable, Sendable {
    public var base: ZoomBase
    public var min: ZoomMin?
    public var max: Double?
    public var anchor: ZoomAnchor
}

public enum Constraint: String, Sendable, CaseIterable { case frame, viewport, none }

public enum PolicyKind: String, Sendable, CaseIterable { case rollback, clamp, rubberBand, snapNearest, none }
public enum RollbackMode: String, Sendable, CaseIterable { case whole, perGesture }
public enum CancelRule: String, Sendable, CaseIterable { case settle, ignore }

/// How a settle moves from where it is to its target.
public enum AnimationCurve: Equatable, Sendable {
    case none
    case linear(duration: Double)
    case easeOut(duration: Double)
    case easeInOut(duration: Double)
    case spring(response: Double, dampingRatio: Double)
}

public struct PolicySpec: Equatable, Sendable {
    public var kind: PolicyKind
    public var rollback: RollbackMode
    public var onCancel: CancelRule
    /// Deceleration per millisecond, or nil for no momentum.
    public var momentum: Double?
    public var rubberBand: Double
    public var animation: AnimationCurve
}

public enum CropFormula: String, Sendable, CaseIterable { case geometric, offsetFactor }
public enum CropRounding: String, Sendable, CaseIterable { case integral, round }

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
