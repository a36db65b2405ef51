import CropGeometry
import CropScenario

/// The editor's geometry at one moment, read-only, as a policy sees it: validity, the
/// projection P onto the valid states, the rubber band and its inverse, the target, the zoom
/// limits and anchor, the box and the viewport (docs/behaviour.md).
public struct PolicyGeometry: Sendable {
    package let layout: Layout
    /// The crop box in view points.
    public let box: Rect
    package let anchorMode: ZoomAnchor
    package let focal: Point?
    package let free: BandAxes
    /// The frame being computed, and the frame rate.
    public let frame: Int
    /// The scenario's frame rate, frames per second.
    public let fps: Int

    package init(layout: Layout, box: Rect, anchorMode: ZoomAnchor, focal: Point?, free: BandAxes, frame: Int, fps: Int)
    {
        self.layout = layout
        self.box = box
        self.anchorMode = anchorMode
        self.focal = focal
        self.free = free
        self.frame = frame
        self.fps = fps
    }

    /// The viewport's size in points.
    public var viewport: Size { Size(layout.viewportWidth, layout.viewportHeight) }
    /// The oriented image's size in pixels.
    public var imageSize: Size { Size(layout.imageWidth, layout.imageHeight) }
    /// Points per image pixel at zoom 1.
    public var zoomBase: Double { layout.kBase }
    /// The rect that must stay covered (the box, or the viewport for scroll-view editors), or
    /// nil when nothing must.
    public var target: Rect? { layout.target(box) }

    /// A state's zoom (k / zoomBase).
    public func zoom(of state: ViewState) -> Double { layout.zoom(state) }
    /// The zoom limits at an angle (`cover` resolved for the box; max wins when min > max).
    public func zoomLimits(angle: Double = 0) -> (min: Double?, max: Double?) {
        layout.zoomLimits(angle: angle, box: box)
    }
    /// The point zoom changes keep still: the latest pinch or twist location with a focal
    /// anchor, else the image centre of the state.
    public func anchor(of state: ViewState) -> Point { layout.anchor(state, focal: focal, mode: anchorMode) }
    /// The state at another zoom, scaled about the anchor.
    public func state(_ state: ViewState, zoomedTo zoom: Double) -> ViewState {
        state.scaled(to: zoom * layout.kBase, about: anchor(of: state))
    }

    /// Whether the zoom is within its limits and the target covered (within 1e-9).
    public func isValid(_ state: ViewState) -> Bool { layout.isValid(state, box: box) }
    /// Whether the target is covered, whatever the zoom.
    public func isCovered(_ state: ViewState) -> Bool { layout.isCovered(state, box: box) }
    /// How far (points) the image falls short of covering the target; 0 when covered.
    public func shortfall(_ state: ViewState) -> Double { layout.overshoot(state, box: box) }
    /// P: the zoom clamped into its limits about the anchor, then the centre clamped so the
    /// target is covered.
    public func project(_ state: ViewState) -> ViewState { layout.project(state, anchor: anchor(of: state), box: box) }

    /// R: the rubber band with constant `c` (zoom first, then the centre's axes).
    public func band(_ raw: ViewState, constant c: Double) -> ViewState {
        RubberBand(c: c).apply(raw, layout: layout, anchor: anchorMode == .focal ? focal : nil, box: box, free: free)
    }

    /// The raw state whose band with constant `c` shows `shown`, or nil when `shown` is beyond
    /// the band's reach (an overshoot the band never shows).
    public func unband(_ shown: ViewState, constant c: Double) -> ViewState? {
        let (raw, freed) = RubberBand(c: c).invert(
            shown, layout: layout, anchor: anchorMode == .focal ? focal : nil, box: box, free: free)
        return freed == free ? raw : nil
    }
}
