import CropGeometry

/// One recorded frame: the trace fields of SPEC section 11 plus what the renderer needs.
public struct FrameRecord: Equatable, Sendable {
    public var frame: Int
    public var t: Double
    public var pan: RecognizerPhase
    public var pinch: RecognizerPhase
    public var zoom: Double
    public var shown: ViewState
    public var imageRect: Rect
    public var valid: Bool
    /// Mask visibility factor 0...1.
    public var mask: Double
    public var animating: Bool
    public var events: [TraceEvent]
    /// Viewport size in points on this frame.
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// The frame's bounding rect on this frame.
    public var frameRect: Rect
    /// Which image is shown (0 = the scenario's; i = the crop loaded by the i-th thenLoad).
    public var imageIndex: Int
    public var k: Double { shown.k }
    public var isTouching: Bool { pan.isActive || pinch.isActive }
}

/// A crop taken by a `save` step.
public struct CropRecord: Equatable, Sendable {
    public var name: String
    public var frame: Int
    /// Integral rect in image pixels: x, y, width, height.
    public var x: Int, y: Int, width: Int, height: Int
    public var circleAlpha: Bool
    /// The image the crop was taken from.
    public var sourceImageIndex: Int
    /// When `thenLoad`: the image index this crop becomes.
    public var loadsAsImageIndex: Int?
    /// Path relative to the scenario's output folder.
    public var file: String { "crops/\(name).png" }
}

/// A named snapshot and the frame it shows.
public struct SnapshotRecord: Equatable, Sendable {
    public var name: String
    public var frame: Int
    public init(name: String, frame: Int) {
        self.name = name
        self.frame = frame
    }
}

/// The outcome of replaying a scenario: every frame, snapshots and crops.
public struct Trace: Equatable, Sendable {
    public var scenario: String
    public var fps: Int
    public var frames: [FrameRecord]
    /// Snapshot names and their frames, in script order.
    public var snapshots: [SnapshotRecord]
    public var crops: [CropRecord]
    /// The scenario's canonical hash, recorded in goldens (a changed scenario is named on the report line).
    public var scenarioHash: String
}

/// The engine's version, written into every trace. Bumped whenever traces or rendered
/// pixels change for the same scenario (2: integer bilinear sampling); `check` names a
/// different version on the report line.
package enum EngineVersion {
    package static let current = "cropreplay-engine 2"
}
