import CropGeometry
import CropJSON
import CropScenario

/// A recording of a real app's crop screen (docs/app.md, "Recording a session"): what its
/// gesture recognizers reported and, once per displayed frame, where the screen showed the
/// photo and the box, as JSON lines. `cropreplay import session` turns it into a scenario (the
/// touches) and the frames the app showed (a recorded trace), which `conform --trace` and
/// `fit` compare with CropReplay's model.
///
/// Platform-neutral: the app's glue (UIKit, SwiftUI, Android) calls it with plain numbers and
/// writes `text` (or the `lines` one by one) wherever a debug build keeps files. Times are
/// seconds on one clock for everything (`CACurrentMediaTime()`, the display link's
/// `timestamp`, an event's `timestamp`); the origin does not matter.
///
/// A call with a value that is not finite (NaN, infinity) writes nothing and counts it in
/// `skipped`, so the recording stays valid JSON.
public struct SessionRecorder: Sendable {
    /// The recording format's version, written in the first line.
    public static let version = 1

    /// The lines so far: the header first, then one record per call, in call order.
    public private(set) var lines: [String]
    /// Calls not written because a value was not finite.
    public private(set) var skipped = 0

    /// A recording of a screen refreshed `fps` times a second, whose crop view is `viewport`
    /// points, showing a photo of `imageWidth` x `imageHeight` pixels (as decoded, before any
    /// orientation).
    public init(fps: Int, viewport: Size, imageWidth: Int, imageHeight: Int) {
        lines = [
            "{\"cropReplayRecording\": \(Self.version), \"fps\": \(fps), \"viewport\": \(Self.pair(viewport.width, viewport.height)),"
                + " \"image\": [\(imageWidth), \(imageHeight)]}"
        ]
    }

    /// The recording as JSON-lines text, each line ended by a line feed.
    public var text: String { lines.map { $0 + "\n" }.joined() }

    /// A pan recognizer's callback: the translation since `began`, the touch's location and,
    /// on `ended`, the release velocity (points per second).
    public mutating func pan(
        _ phase: GesturePhase, time: Double, translation: Point, location: Point, velocity: Point? = nil
    ) {
        var values = [time, translation.x, translation.y, location.x, location.y]
        var record = "{\"t\": \(n(time)), \"pan\": \"\(phase.rawValue)\", \"translation\": \(point(translation)),"
        record += " \"location\": \(point(location))"
        if let velocity {
            values += [velocity.x, velocity.y]
            record += ", \"velocity\": \(point(velocity))"
        }
        append(record + "}", values)
    }

    /// A pinch recognizer's callback: the scale since `began` and the fingers' centroid.
    public mutating func pinch(_ phase: GesturePhase, time: Double, scale: Double, location: Point) {
        append(
            "{\"t\": \(n(time)), \"pinch\": \"\(phase.rawValue)\", \"scale\": \(n(scale)), \"location\": \(point(location))}",
            [time, scale, location.x, location.y])
    }

    /// A rotation recognizer's callback: the radians since `began`, clockwise on screen (UIKit's
    /// sign), and the fingers' centroid.
    public mutating func rotation(_ phase: GesturePhase, time: Double, radians: Double, location: Point) {
        append(
            "{\"t\": \(n(time)), \"rotation\": \"\(phase.rawValue)\", \"radians\": \(n(radians)),"
                + " \"location\": \(point(location))}",
            [time, radians, location.x, location.y])
    }

    /// One displayed frame, at the display link's `time`: the photo's rect in the crop view's
    /// points before its angle turns it about its centre (the oriented photo: after `turns`
    /// quarter turns clockwise and the mirror), its angle in degrees clockwise, and the crop box.
    public mutating func frame(
        time: Double, photo: Rect, angle: Double = 0, turns: Int = 0, mirrored: Bool = false, box: Rect
    ) {
        append(
            "{\"t\": \(n(time)), \"photo\": \(rect(photo)), \"angle\": \(n(angle)), \"turns\": \(turns),"
                + " \"mirrored\": \(mirrored), \"box\": \(rect(box))}",
            [time, photo.x, photo.y, photo.width, photo.height, angle, box.x, box.y, box.width, box.height])
    }

    /// The photo's rect for a crop screen built on a scroll view whose content is the photo at
    /// its pixel size, zoomed by `zoomScale`: the content's origin is the scroll view's origin in
    /// the crop view (`scrollViewOrigin`) minus `contentOffset` (which already counts the
    /// content insets: at rest with insets it is `-inset`).
    public static func scrollViewPhoto(
        contentOffset: Point, zoomScale: Double, imageWidth: Int, imageHeight: Int, scrollViewOrigin: Point = .zero
    ) -> Rect {
        Rect(
            x: scrollViewOrigin.x - contentOffset.x, y: scrollViewOrigin.y - contentOffset.y,
            width: Double(imageWidth) * zoomScale, height: Double(imageHeight) * zoomScale)
    }

    private mutating func append(_ record: String, _ values: [Double]) {
        guard values.allSatisfy(\.isFinite) else {
            skipped += 1
            return
        }
        lines.append(record)
    }

    private func n(_ d: Double) -> String { JSONNumber.format(d) }
    private func point(_ p: Point) -> String { Self.pair(p.x, p.y) }
    private func rect(_ r: Rect) -> String {
        "[\(n(r.x)), \(n(r.y)), \(n(r.width)), \(n(r.height))]"
    }
    private static func pair(_ a: Double, _ b: Double) -> String {
        "[\(JSONNumber.format(a)), \(JSONNumber.format(b))]"
    }
}
