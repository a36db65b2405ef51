import CropReplayEngine

/// What a crop view draws on one frame: the photo's placement, the crop box and the mask.
public struct CropDrawing: Equatable, Sendable {
    /// The photo, oriented first (turned `turns` quarter turns clockwise, then mirrored left to
    /// right when `mirrored`), is drawn at `scale` points per pixel with its centre at `center`,
    /// then turned by `angle` degrees clockwise about that centre. With Core Graphics:
    /// `CGAffineTransform(translationX: center.x, y: center.y).rotated(by: angle * .pi / 180)
    /// .scaledBy(x: scale, y: scale).translatedBy(x: -width / 2, y: -height / 2)` for the
    /// oriented photo's pixel size.
    public var center: Point
    public var scale: Double
    public var angle: Double
    public var turns: Int
    public var mirrored: Bool
    /// The oriented photo's rect in view points before the angle turns it.
    public var imageRect: Rect
    /// The crop box in view points.
    public var box: Rect
    /// The dimming outside the box: the editor's mask opacity times its visibility now
    /// (0 while a gesture hides the mask, fading in and out where the editor fades it).
    public var maskOpacity: Double
    /// Whether the photo covers what it must (false while a drag overshoots, before the snap-back).
    public var isValid: Bool

    /// The drawing of a model frame in an editor.
    public init(frame: FrameRecord, editor: EditorConfig) {
        center = frame.shown.center
        scale = frame.shown.scale
        angle = frame.shown.angle
        turns = frame.orientation.turns
        mirrored = frame.orientation.mirrored
        imageRect = frame.imageRect
        box = frame.box
        maskOpacity = editor.mask.opacity * frame.mask
        isValid = frame.valid
    }
}
