import CropReplayEngine
import CropView

/// A session on the twist-doubletap editor as UIKit would deliver it: the display link at
/// 60 Hz (three frames dropped, caught up on the next tick), touch callbacks at 120 Hz in
/// between: a drag to the right past the photo's edge released with a fling, then a pinch and
/// a twist together, then the editor settling on its own.
enum RecordedSession {
    enum Callback {
        case pan(RecognizerState, translation: Point, location: Point, velocity: Point)
        case pinch(RecognizerState, scale: Double, location: Point)
        case rotation(RecognizerState, radians: Double, location: Point)
        case displayLink
    }

    static let preset = "twist-doubletap"
    static let imageWidth = 1600
    static let imageHeight = 1200
    /// The display link's clock at frame 0 (CACurrentMediaTime-like: seconds since boot).
    static let clock = 8_123.4

    /// (timestamp, callback) in the order they arrive.
    static var callbacks: [(time: Double, callback: Callback)] {
        var out: [(Double, Callback)] = []
        let dropped: Set<Int> = [20, 21, 70]
        for n in 0...150 where !dropped.contains(n) { out.append((clock + Double(n) / 60, .displayLink)) }
        // The drag: 0.05 s to 0.45 s, 300 points to the right, a touch sample every 1/120 s.
        let start = Point(180, 430)
        for i in 0...48 {
            let p = Double(i) / 48
            let translation = Point(300 * p, -12 * p)
            let state: RecognizerState = i == 0 ? .began : i == 48 ? .ended : .changed
            let location = Point(start.x + translation.x, start.y + translation.y)
            out.append(
                (
                    clock + 0.05 + Double(i) / 120,
                    .pan(state, translation: translation, location: location, velocity: Point(650, -20))
                ))
        }
        // Pinch and twist together: 0.9 s to 1.4 s, to 1.8x and 0.35 rad clockwise.
        for i in 0...60 {
            let p = Double(i) / 60
            let state: RecognizerState = i == 0 ? .began : i == 60 ? .ended : .changed
            let centroid = Point(200 + 10 * p, 420 - 6 * p)
            let time = clock + 0.9 + Double(i) / 120
            out.append((time, .pinch(state, scale: 1 + 0.8 * p, location: centroid)))
            out.append((time, .rotation(state, radians: 0.35 * p, location: centroid)))
        }
        // Stable order: by time, then as appended (a tick before callbacks of the same instant).
        return out.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map { $0.element }
    }

    /// Plays the session into a view model; returns every frame shown (frame 0 first).
    static func play(into viewModel: CropViewModel) throws -> [FrameRecord] {
        var frames = [viewModel.model.current]
        for (time, callback) in callbacks {
            switch callback {
            case .pan(let state, let translation, let location, let velocity):
                viewModel.pan(state, translation: translation, location: location, velocity: velocity)
            case .pinch(let state, let scale, let location): viewModel.pinch(state, scale: scale, location: location)
            case .rotation(let state, let radians, let location):
                viewModel.rotation(state, radians: radians, location: location)
            case .displayLink: frames += try viewModel.displayLinkFired(timestamp: time)
            }
        }
        return frames
    }
}
