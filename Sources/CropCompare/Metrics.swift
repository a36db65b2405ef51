import CropEngine
import CropGeometry
import CropScenario
import Foundation

/// One variant's comparison metrics, computed from its trace (and, for `trackingError`, the
/// fingers), as docs/compare.md defines them.
package struct Metrics: Equatable, Sendable {
    /// Follows the fingers: the largest distance (points) between the fingers and the image
    /// point that was under them when their gesture began, while a pan or pinch is active.
    package var trackingError: Double
    /// Stays valid: the last frame's validity.
    package var finalValid: Bool
    /// Invalid frames over the common length (a shorter replay holds its last frame).
    package var framesInvalid: Int
    /// The common length: the longest variant's frame count.
    package var framesCompared: Int
    /// The largest uncovered extent of the target (points) over the frames.
    package var worstOvershoot: Double
    /// The largest |log2(zoom / zoom clamped to its limits)| over the frames, in octaves.
    package var zoomOvershoot: Double
    /// Settles: seconds from the last release until the image stays within 0.5 pt (corners)
    /// and 0.1% (zoom) of its last frame; nil when the replay ends moving.
    package var settleWithin: Double?
    /// Seconds from the last release until nothing animates and nothing changes; nil when
    /// the replay ends moving.
    package var animationEnds: Double?
    /// Whether the script releases at all (without a release the settle times are 0).
    package var released: Bool
    /// Feels: the largest corner displacement (points) between two consecutive frames.
    package var maxJump: Double
    /// The largest corner displacement between consecutive frames after the first release
    /// (from the release frame to the next, and on), times fps (points per second).
    package var peakSpeedAfterRelease: Double
    /// Direction flips of the centre's x or y, or of the zoom, after the first release.
    package var reversals: Int

    package var framesInvalidShare: Double { framesCompared == 0 ? 0 : Double(framesInvalid) / Double(framesCompared) }

    /// The thresholds of docs/compare.md.
    package static let settleDistance = 0.5
    package static let settleZoom = 0.001
    package static let reversalDistance = 0.05
    package static let reversalOctaves = 1e-4

    package init(trace t: Trace, editor: EditorConfig, fingers: Fingers, framesCompared longest: Int) {
        let frames = t.frames
        let fps = Double(t.fps)
        let corners = frames.map(Metrics.corners)
        let releases = Metrics.releases(frames)
        let last = frames.count - 1
        finalValid = frames.last?.valid ?? true
        framesCompared = max(longest, frames.count)
        let padding = self.framesCompared - frames.count
        framesInvalid = frames.filter { !$0.valid }.count + (finalValid ? 0 : padding)
        worstOvershoot =
            frames.map { Comparison.layout($0, editor: editor).overshoot($0.shown, box: $0.box) }.max() ?? 0
        zoomOvershoot = frames.map { Metrics.zoomOvershoot($0, editor: editor) }.max() ?? 0
        func jump(_ i: Int) -> Double { (0..<4).map { (corners[i][$0] - corners[i - 1][$0]).length }.max() ?? 0 }
        maxJump = frames.count < 2 ? 0 : (1...last).map(jump).max() ?? 0
        released = !releases.isEmpty
        if let first = releases.first {
            peakSpeedAfterRelease = (stride(from: first + 1, through: last, by: 1).map(jump).max() ?? 0) * fps
            reversals = Metrics.reversals(frames, after: first)
        } else {
            peakSpeedAfterRelease = 0
            reversals = 0
        }
        let endsMoving = frames.last?.animating ?? false
        if let r = releases.last {
            if endsMoving {
                settleWithin = nil
            } else {
                var s = last
                while s > r, Metrics.near(frames[s - 1], corners[s - 1], frames[last], corners[last]) { s -= 1 }
                settleWithin = Double(s - r) / fps
            }
            animationEnds = Metrics.animationEnds(frames, release: r).map { Double($0 - r) / fps }
        } else {
            settleWithin = endsMoving ? nil : 0
            animationEnds = endsMoving ? nil : 0
        }
        // Rounding noise of the image-point round trip (about 1e-13 pt) is not an error.
        let tracking = Metrics.trackingError(frames, fingers: fingers)
        trackingError = tracking < 1e-9 ? 0 : tracking
    }

    /// The shown image's four corners: the oriented image rect's top-left, top-right,
    /// bottom-right and bottom-left, turned by the angle about the rect's centre.
    package static func corners(_ f: FrameRecord) -> [Point] {
        let r = f.imageRect
        let c = Point(r.midX, r.midY)
        let turn = Rotation(degrees: f.angle)
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { sx, sy in
            c + turn.apply(Point(sx * r.width / 2, sy * r.height / 2))
        }
    }

    /// Frames where the last finger lifts (a gesture ends or is cancelled with none left
    /// down) or a double tap acts.
    package static func releases(_ frames: [FrameRecord]) -> [Int] {
        frames.indices.filter { i in
            let f = frames[i]
            return !f.isTouching
                && f.events.contains { $0.phase == .ended || $0.phase == .cancelled || $0 == .doubleTap }
        }
    }

    static func near(_ f: FrameRecord, _ c: [Point], _ end: FrameRecord, _ endCorners: [Point]) -> Bool {
        guard abs(f.zoom - end.zoom) <= settleZoom * end.zoom else { return false }
        return (0..<4).allSatisfy { (c[$0] - endCorners[$0]).length <= settleDistance }
    }

    /// |log2(zoom / zoom clamped to the frame's limits)|, `cover` resolved at the frame's angle and box.
    package static func zoomOvershoot(_ f: FrameRecord, editor: EditorConfig) -> Double {
        let limits = Comparison.layout(f, editor: editor).zoomLimits(angle: f.angle, box: f.box)
        var clamped = f.zoom
        if let m = limits.min, clamped < m { clamped = m }
        if let m = limits.max, clamped > m { clamped = m }
        guard clamped > 0, f.zoom > 0, clamped != f.zoom else { return 0 }
        return abs((f.zoom / clamped).log2)
    }

    /// The frame from which nothing animates and the shown state and box stay as they are at
    /// the end of the release's span (the replay's end, or the frame before the next gesture
    /// begins); a settle stopped by the next gesture ends on that gesture's frame. Nil when the
    /// replay ends while it still animates.
    static func animationEnds(_ frames: [FrameRecord], release r: Int) -> Int? {
        let began = (r + 1..<frames.count).first { i in frames[i].events.contains { $0.phase == .began } }
        let end = (began ?? frames.count) - 1
        if frames[end].animating { return began }
        var s = end
        while s > r, !frames[s - 1].animating, frames[s - 1].shown == frames[end].shown,
            frames[s - 1].box == frames[end].box
        { s -= 1 }
        return s
    }

    /// Sign flips of the frame-to-frame moves of the centre's x, its y and log2 of the zoom,
    /// from the release frame on (the moves into later frames), moves below the thresholds skipped.
    static func reversals(_ frames: [FrameRecord], after release: Int) -> Int {
        let channels: [(FrameRecord) -> Double] = [{ $0.imageRect.midX }, { $0.imageRect.midY }, { $0.zoom.log2 }]
        var count = 0
        for (c, value) in channels.enumerated() {
            let threshold = c == 2 ? reversalOctaves : reversalDistance
            var previous = 0.0
            for i in stride(from: release + 1, to: frames.count, by: 1) {
                let d = value(frames[i]) - value(frames[i - 1])
                guard abs(d) >= threshold else { continue }
                if previous != 0, (d > 0) != (previous > 0) { count += 1 }
                previous = d
            }
        }
        return count
    }

    /// The largest distance between the fingers and where the image point that was under them
    /// when their gesture began is shown now.
    static func trackingError(_ frames: [FrameRecord], fingers: Fingers) -> Double {
        var byFrame: [Int: Int] = [:]
        for (i, f) in frames.enumerated() { byFrame[f.frame] = i }
        var startTouches: [Int: Fingers.Frame] = [:]
        for f in fingers.frames { startTouches[f.frame] = f }
        var worst = 0.0
        for entry in fingers.frames {
            guard let now = byFrame[entry.frame].map({ frames[$0] }) else { continue }
            for pick in [\Fingers.Frame.pan, \Fingers.Frame.pinch] {
                guard let touch = entry[keyPath: pick], let start = byFrame[touch.since].map({ frames[$0] }),
                    let landing = startTouches[touch.since]?[keyPath: pick]?.at
                else { continue }
                let point = imagePoint(under: landing, in: start)
                worst = max(worst, (shown(point, in: now) - touch.at).length)
            }
        }
        return worst
    }

    /// A view point in the shown image's own frame (points at k = 1 from the image centre, unturned).
    static func imagePoint(under p: Point, in f: FrameRecord) -> Point {
        let r = f.imageRect
        let d = Rotation(degrees: f.angle).inverse(p - Point(r.midX, r.midY))
        return d * (1 / f.k)
    }

    /// Where an image point (as `imagePoint` gives it) is shown on a frame.
    static func shown(_ u: Point, in f: FrameRecord) -> Point {
        let r = f.imageRect
        return Point(r.midX, r.midY) + Rotation(degrees: f.angle).apply(u * f.k)
    }
}

extension Double {
    fileprivate var log2: Double { Foundation.log2(self) }
}
