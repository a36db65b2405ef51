import CropGeometry

/// A saved edit to re-open: the scenario's `start` (docs/scenarios.md, "start"). Applied
/// before frame 0 on the initial fit, in this order: the mirror (a horizontal flip), the
/// clockwise quarter turns (as the buttons do, each followed by the projection), the box
/// size about its centre, the angle, the zoom, and the image point shown at the box centre.
/// Nothing is projected after the turns: frame 0 shows the start as given, valid or not.
///
///     var scenario = Scenario(name: "reopen", editor: .preset("straighten-flip")!, script: [.snapshot("reopened")])
///     scenario.start = StartState(mirrored: true, turns: 1, angle: -8, zoom: 1.6, at: Point(900, 500))
///
/// `StartState(reopening:...)` (CropEngine) computes `zoom` and `at` from a saved crop rect.
public struct StartState: Equatable, Sendable {
    /// The photo mirrored left-right (a horizontal flip before the turns).
    public var mirrored: Bool
    /// Clockwise quarter turns, 0...3.
    public var turns: Int
    /// The box's size in points about its centre (resizable boxes only); nil keeps the box.
    public var box: Size?
    /// The straighten angle in degrees, clockwise on screen.
    public var angle: Double
    /// Zoom (k / kBase of the oriented image); nil keeps the zoom the turns left.
    public var zoom: Double?
    /// The point of the image as loaded (pixels, origin top-left, before any flip or turn)
    /// shown at the box centre; nil: the image centre.
    public var at: Point?

    /// A start key by key; every key defaults to the scenario file's default (docs/scenarios.md).
    public init(
        mirrored: Bool = false, turns: Int = 0, box: Size? = nil, angle: Double = 0, zoom: Double? = nil,
        at: Point? = nil
    ) {
        self.mirrored = mirrored
        self.turns = turns
        self.box = box
        self.angle = angle
        self.zoom = zoom
        self.at = at
    }
}
