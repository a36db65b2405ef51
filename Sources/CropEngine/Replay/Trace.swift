import CropGeometry

/// One recorded frame: the trace fields of docs/outputs.md plus what the renderer needs.
public struct FrameRecord: Equatable, Sendable {
    /// The frame's number, 0 first.
    public var frame: Int
    /// Seconds: frame / fps (the trace's `t`).
    public var time: Double
    /// The pan recognizer's phase on this frame.
    public var pan: RecognizerPhase
    /// The pinch recognizer's phase on this frame.
    public var pinch: RecognizerPhase
    /// The rotation recognizer's phase on this frame.
    public var rotation: RecognizerPhase
    /// The zoom: the scale over the fit's (or over one point per pixel with `zoom.base: "pixels"`).
    public var zoom: Double
    /// The shown state: k, centre and angle (degrees).
    public var shown: ViewState
    /// The oriented image's rect before the angle turns it about its centre.
    public var imageRect: Rect
    /// Whether the shown state is valid: the image covers what the constraint asks.
    public var valid: Bool
    /// Mask visibility factor 0...1.
    public var mask: Double
    /// Whether a settle, re-fit or fade is running.
    public var animating: Bool
    /// The recognizer events applied on this frame, in order.
    public var events: [TraceEvent]
    /// Viewport size in points on this frame.
    public var viewportWidth: Double
    /// The viewport's height in points on this frame.
    public var viewportHeight: Double
    /// The crop box (the frame's bounding rect) on this frame.
    public var box: Rect
    /// Quarter turns and mirror of the shown image.
    public var orientation: ImageOrientation
    /// Which image is shown (0 = the scenario's; i = the crop loaded by the i-th thenLoad).
    public var imageIndex: Int
    /// Whether the grid shows, when an editor model decides it; nil follows `grid.visibility`.
    public var showsGrid: Bool?
    /// Whether a resizable box's handles show, when an editor model decides it; nil shows them.
    public var showsHandles: Bool?
    /// Points per oriented image pixel of the shown state (the trace's `k`).
    public var scale: Double { shown.scale }
    /// The shown state's angle in degrees.
    public var angle: Double { shown.angle }
    /// `time` and `scale` in the trace's notation.
    package var t: Double { time }
    package var k: Double { shown.k }
    /// The box (kept under its old name for the renderer's layers).
    public var frameRect: Rect { box }
    /// Whether any recognizer is active (began or changed).
    public var isTouching: Bool { pan.isActive || pinch.isActive || rotation.isActive }

    package init(
        frame: Int, t: Double, pan: RecognizerPhase, pinch: RecognizerPhase, rotation: RecognizerPhase, zoom: Double,
        shown: ViewState,
        imageRect: Rect, valid: Bool, mask: Double, animating: Bool, events: [TraceEvent], viewportWidth: Double,
        viewportHeight: Double,
        box: Rect, orientation: ImageOrientation, imageIndex: Int
    ) {
        self.frame = frame
        self.time = t
        self.pan = pan
        self.pinch = pinch
        self.rotation = rotation
        self.zoom = zoom
        self.shown = shown
        self.imageRect = imageRect
        self.valid = valid
        self.mask = mask
        self.animating = animating
        self.events = events
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.box = box
        self.orientation = orientation
        self.imageIndex = imageIndex
    }

    /// A still frame of a state (tests, the live model): nothing touching, nothing animating.
    package static func still(
        _ s: ViewState, image: (width: Int, height: Int), orientation: ImageOrientation = .identity,
        viewport: (width: Double, height: Double), box: Rect
    ) -> FrameRecord {
        let size = orientation.size(width: image.width, height: image.height)
        let rect = Rect(center: s.center, width: Double(size.width) * s.k, height: Double(size.height) * s.k)
        return FrameRecord(
            frame: 0, t: 0, pan: .possible, pinch: .possible, rotation: .possible, zoom: s.k, shown: s, imageRect: rect,
            valid: true,
            mask: 1, animating: false, events: [], viewportWidth: viewport.width, viewportHeight: viewport.height,
            box: box,
            orientation: orientation, imageIndex: 0)
    }
}

/// A crop taken by a `save` step (docs/outputs.md).
public struct CropRecord: Equatable, Sendable {
    /// The crop's name: it is written to `crops/name.png`.
    public var name: String
    /// The frame the crop was taken on.
    public var frame: Int
    /// What the crop holds.
    public var region: Region
    /// Whether the pixels outside the inscribed circle are transparent.
    public var circleAlpha: Bool
    /// The image the crop was taken from.
    public var sourceImageIndex: Int
    /// When `thenLoad`: the image index this crop becomes.
    public var loadsAsImageIndex: Int?
    /// The image's orientation when the crop was taken.
    public var orientation: ImageOrientation

    /// An integral rect of oriented-image pixels (angle 0), or the box at an angle, resampled.
    public enum Region: Equatable, Sendable {
        /// An upright crop: a rect of oriented-image pixels.
        case pixels(x: Int, y: Int, width: Int, height: Int)
        /// The box's corners in oriented image pixels (top-left first, clockwise), the output
        /// size, and the view geometry that maps output pixels to the image.
        case turned(corners: [Point], width: Int, height: Int, state: ViewState, box: Rect)
    }

    /// The output's size in pixels.
    public var width: Int {
        switch region {
        case .pixels(_, _, let w, _), .turned(_, let w, _, _, _): return w
        }
    }

    /// The output's height in pixels.
    public var height: Int {
        switch region {
        case .pixels(_, _, _, let h), .turned(_, _, let h, _, _): return h
        }
    }

    /// Path relative to the scenario's output folder.
    public var file: String { "crops/\(name).png" }

    /// [x, y, w, h] of an upright crop, nil for one at an angle.
    package init(
        name: String, frame: Int, region: Region, circleAlpha: Bool, sourceImageIndex: Int, loadsAsImageIndex: Int?,
        orientation: ImageOrientation
    ) {
        self.name = name
        self.frame = frame
        self.region = region
        self.circleAlpha = circleAlpha
        self.sourceImageIndex = sourceImageIndex
        self.loadsAsImageIndex = loadsAsImageIndex
        self.orientation = orientation
    }

    /// `[x, y, width, height]` of an upright crop, nil for one at an angle.
    public var pixelRect: [Int]? {
        if case .pixels(let x, let y, let w, let h) = region { return [x, y, w, h] }
        return nil
    }
}

/// A named snapshot and the frame it shows.
public struct SnapshotRecord: Equatable, Sendable {
    /// The snapshot's name: it is written to `snapshots/name.png`.
    public var name: String
    /// The frame it shows.
    public var frame: Int
    /// The snapshot `name` of frame `frame`.
    public init(name: String, frame: Int) {
        self.name = name
        self.frame = frame
    }
}

/// The outcome of replaying a scenario: every frame, snapshots and crops.
public struct Trace: Equatable, Sendable {
    /// The scenario's name.
    public var scenario: String
    /// Frames per second.
    public var fps: Int
    /// Every frame, 0 first.
    public var frames: [FrameRecord]
    /// Snapshot names and their frames, in script order.
    public var snapshots: [SnapshotRecord]
    /// The crops `save` steps took, in script order.
    public var crops: [CropRecord]
    /// The scenario's canonical hash, recorded in goldens (a changed scenario is named on the report line).
    public var scenarioHash: String
    /// What made the trace: the reference engine's version, or `model NAME` for an editor model
    /// of your own (recorded in goldens; `check` names a change).
    public var engine: String = EngineVersion.current
}

/// The engine's version, written into every trace. Bumped whenever traces or rendered
/// pixels change for the same scenario (2: integer bilinear sampling; 3: the box, angle,
/// turns and mirrored fields in every frame); `check` names a different version on the report line.
package enum EngineVersion {
    package static let current = "cropreplay-engine 3"
}
