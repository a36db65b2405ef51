import CropReplayEngine

/// A gesture recognizer's state in a callback, as UIKit's `UIGestureRecognizer.State` names them.
public enum RecognizerState: Sendable {
    case began, changed, ended, cancelled, failed

    var phase: GesturePhase {
        switch self {
        case .began: return .began
        case .changed: return .changed
        case .ended: return .ended
        case .cancelled: return .cancelled
        case .failed: return .failed
        }
    }
}

/// An app's crop screen logic on CropReplay's live model: the gesture recognizers' callbacks
/// and the display link's tick go in, what the view draws comes out. The view stays a thin
/// layer (set the image view's transform, the box and the mask from `drawing`), so the
/// scenarios the app's CI checks run the logic the app runs.
///
/// ```swift
/// // UIKit: in the pan recognizer's action (`state`: its `.state` as a `RecognizerState`)
/// let t = pan.translation(in: view), l = pan.location(in: view), v = pan.velocity(in: view)
/// viewModel.pan(state, translation: Point(t.x, t.y), location: Point(l.x, l.y), velocity: Point(v.x, v.y))
/// // CADisplayLink's target
/// try viewModel.displayLinkFired(timestamp: link.timestamp)
/// apply(viewModel.drawing)
/// ```
///
/// Callbacks are applied, in the order they came, on the next frame the display link shows;
/// frame n is n / fps seconds after the first tick (a late tick catches up frame by frame).
public final class CropViewModel {
    public private(set) var model: CropEditorModel
    /// What to draw now.
    public private(set) var drawing: CropDrawing
    /// The events sent so far and the frames shown, as a scenario (kept when `records`).
    public private(set) var recording: SessionRecording?
    /// The display link's timestamp of frame 0.
    private var start: Double?

    /// A crop screen with one of CropReplay's presets for a photo of the given pixel size.
    /// `records`: keep the session, to save it as a scenario (`recording`).
    public init(preset: String, imageWidth: Int, imageHeight: Int, fps: Int = 60, records: Bool = false) throws {
        guard let editor = EditorConfig.preset(preset) else {
            throw UnknownPreset(name: preset)
        }
        model = try CropEditorModel(editor: editor, imageWidth: imageWidth, imageHeight: imageHeight, fps: fps)
        drawing = CropDrawing(frame: model.current, editor: editor)
        if records {
            recording = SessionRecording(preset: preset, imageWidth: imageWidth, imageHeight: imageHeight, fps: fps)
        }
    }

    /// A pan recognizer's callback: translation since began, the touch's location and the
    /// velocity (points per second; sent on `ended` only, where it starts momentum).
    public func pan(_ state: RecognizerState, translation: Point, location: Point, velocity: Point = .zero) {
        send(
            GestureEvent(
                gesture: .pan, phase: state.phase, translation: translation, location: location,
                velocity: state == .ended ? velocity : nil))
    }

    /// A pinch recognizer's callback: scale since began, the fingers' centroid.
    public func pinch(_ state: RecognizerState, scale: Double, location: Point) {
        send(GestureEvent(gesture: .pinch, phase: state.phase, scale: scale, location: location))
    }

    /// A rotation recognizer's callback: radians since began, clockwise positive on screen
    /// (UIKit's convention), the fingers' centroid.
    public func rotation(_ state: RecognizerState, radians: Double, location: Point) {
        send(
            GestureEvent(
                gesture: .rotation, phase: state.phase, rotation: radians * 180 / Double.pi, location: location))
    }

    /// The display link fired for a frame shown at `timestamp` (seconds, any origin): the model
    /// advances to the frame of that time, at most 10 s of frames at once. Returns the frames
    /// made (none on the first tick, which is frame 0). A sequence no recognizer sends (a
    /// `changed` before `began`) throws; that frame's events are dropped, the model stays.
    @discardableResult
    public func displayLinkFired(timestamp: Double) throws(ModelError) -> [FrameRecord] {
        guard timestamp.isFinite else { return [] }
        guard let start else {
            self.start = timestamp
            return []
        }
        let elapsed = ((timestamp - start) * Double(model.fps)).rounded()
        let target = elapsed < Double(model.frame) ? model.frame : min(Int(elapsed), model.frame + 10 * model.fps)
        var made: [FrameRecord] = []
        while model.frame < target {
            let frame = model.frame + 1
            do { made.append(try model.tick()) } catch {
                recording?.dropEvents(of: frame)
                throw error
            }
            recording?.lastFrame = model.frame
            drawing = CropDrawing(frame: model.current, editor: model.editor)
        }
        return made
    }

    /// A preset name CropReplay does not have.
    public struct UnknownPreset: Error, CustomStringConvertible {
        public var name: String
        public var description: String {
            "preset \"\(name)\": expected one of \(Preset.all.map(\.name).joined(separator: ", "))"
        }
    }

    private func send(_ event: GestureEvent) {
        let values = [
            event.translation.x, event.translation.y, event.scale, event.rotation, event.location?.x ?? 0,
            event.location?.y ?? 0,
        ]
        guard values.allSatisfy(\.isFinite), event.velocity.map({ $0.x.isFinite && $0.y.isFinite }) ?? true else {
            return
        }
        model.send(event)
        recording?.append(event, frame: model.frame + 1)
    }
}
