import CropReplay

/// A snap-back policy of your own: the rubber band while fingers are down; on release the
/// zoom snaps to the nearest of the stops (1x, 2x, 3x by default), then the photo is brought
/// back to cover the box (the projection P).
public struct StepZoomPolicy: SnapBackPolicy {
    /// Zoom stops, relative to the editor's zoom 1.
    public var stops: [Double]
    /// The rubber band's constant while touching (0.55 like a scroll view).
    public var band: Double

    public init(stops: [Double] = [1, 2, 3], band: Double = 0.55) {
        self.stops = stops
        self.band = band
    }

    public func touch(_ raw: ViewState, in geometry: PolicyGeometry) -> TouchResponse { .band(band) }

    /// A gesture goes on from the image shown: the band's inverse (no jump at `began`).
    public func resume(from shown: ViewState, in geometry: PolicyGeometry) -> Resumption { .unband(band) }

    public func release(_ release: Release, in geometry: PolicyGeometry) -> ViewState? {
        let zoom = geometry.zoom(of: release.shown)
        var nearest = stops.first ?? zoom
        for stop in stops where abs(stop - zoom) < abs(nearest - zoom) { nearest = stop }
        return geometry.project(geometry.state(release.shown, zoomedTo: nearest))
    }
}
