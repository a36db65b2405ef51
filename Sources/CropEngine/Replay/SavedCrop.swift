import CropGeometry
import CropScenario

/// What apps store after a crop, turned back into a `start` (the inverse of the crop).
extension StartState {
    /// The start that re-opens a saved crop: the zoom and the image point at the box centre
    /// for which `editor` (with the same image) crops `crop` again, within the crop's rounding.
    ///
    /// - Parameters:
    ///   - crop: the saved crop rect in pixels of the oriented image (the image mirrored if
    ///     `mirrored`, then turned `turns` times), as `save` gives it with either crop formula:
    ///     `x, y, width, height` at angle 0; at an angle, the box's size in image pixels
    ///     centred on the image point under the box centre (`CropRecord.Region.savedRect`).
    ///   - angle: the straighten angle in degrees, clockwise, as the edit shows it.
    ///   - turns: clockwise quarter turns, 0...3.
    ///   - mirrored: the photo was flipped left-right (before the turns).
    ///   - editor: the editor that re-opens the edit.
    ///   - imageWidth: the image's width as loaded (before any flip or turn), in pixels.
    ///   - imageHeight: its height.
    ///
    /// A resizable box with a free aspect takes the crop's aspect (the largest such box inside
    /// the bounds about the box centre, as a re-fit would leave it); a fixed or locked box keeps
    /// its size, and the zoom comes from the crop's longer side. Returns nil for a crop without
    /// area, turns outside 0...3, an image side outside 1...16384, an angle with
    /// `offsetFactor` (that formula needs angle 0), or a start the editor refuses.
    ///
    /// ```swift
    /// // The app saved a 900x1200 crop at (300, 0) of a 1600x1200 photo, turned once, at -8 degrees.
    /// let editor = EditorConfig.preset("straighten-flip")!
    /// let start = StartState(
    ///     reopening: Rect(x: 300, y: 0, width: 900, height: 1200), angle: -8, turns: 1,
    ///     editor: editor, imageWidth: 1600, imageHeight: 1200)
    /// let scenario = Scenario(name: "reopened", editor: editor, start: start, script: [.snapshot("reopened")])
    /// ```
    public init?(
        reopening crop: Rect, angle: Double = 0, turns: Int = 0, mirrored: Bool = false, editor: EditorConfig,
        imageWidth: Int,
        imageHeight: Int
    ) {
        guard crop.width > 0, crop.height > 0, crop.width.isFinite, crop.height.isFinite, crop.x.isFinite,
            crop.y.isFinite,
            (0...3).contains(turns), (1...16384).contains(imageWidth), (1...16384).contains(imageHeight)
        else { return nil }
        if angle != 0 && editor.crop.formula == .offsetFactor { return nil }
        let engine = Engine(builtIn: editor, fps: 60)
        // The state after the flip and the turns: the box and the layout the start lands on.
        guard
            let turned = try? engine.initialState(
                imageWidth: imageWidth, imageHeight: imageHeight, start: StartState(mirrored: mirrored, turns: turns))
        else { return nil }
        let layout = turned.layout
        var box = turned.box
        var boxSize: Size?
        if editor.frame.resizable && !turned.aspectLocked {
            let bc = box.center
            let bounds = layout.bounds
            let most = Size(
                2 * min(bc.x - bounds.minX, bounds.maxX - bc.x), 2 * min(bc.y - bounds.minY, bounds.maxY - bc.y))
            let s = min(most.width / crop.width, most.height / crop.height)
            let size = Size(crop.width * s, crop.height * s)
            if size.width >= editor.frame.minSize.width && size.height >= editor.frame.minSize.height {
                box = Rect(center: bc, width: size.width, height: size.height)
                boxSize = size
            }
        }
        let k: Double
        let oriented: Point
        switch editor.crop.formula {
        case .geometric:
            k = crop.width >= crop.height ? box.width / crop.width : box.height / crop.height
            oriented = crop.center
        case .offsetFactor:
            // Undo x = (fx - bx - ax z)/z * Iw/W, w = fw/z * Iw/W (z = k / kFit), then take the
            // oriented point under the box centre from the content box's centre.
            let W = layout.viewportWidth
            let H = layout.viewportHeight
            let iw = layout.imageWidth
            let ih = layout.imageHeight
            let z = crop.width >= crop.height ? box.width * iw / (W * crop.width) : box.height * iw / (W * crop.height)
            let ax = (W - iw * layout.kFit) / 2
            let ay = (H - ih * layout.kFit) / 2
            let bx = box.x - ax * z - crop.x * z * W / iw
            let by = box.y - ay * z - crop.y * z * W / iw
            k = z * layout.kFit
            let cx = bx + W * z / 2
            let cy = by + H * z / 2
            oriented = Point((box.midX - cx) / k + iw / 2, (box.midY - cy) / k + ih / 2)
        }
        let source = Engine.sourcePoint(
            oriented, orientation: turned.orientation, width: imageWidth, height: imageHeight)
        self.init(mirrored: mirrored, turns: turns, box: boxSize, angle: angle, zoom: k / layout.kBase, at: source)
        // A start outside the ranges (a zoom past 1000 for a crop of a few pixels) or one the
        // editor refuses (an angle past its limit) cannot re-open the edit.
        guard (try? engine.initialState(imageWidth: imageWidth, imageHeight: imageHeight, start: self)) != nil else {
            return nil
        }
    }
}

extension CropRecord.Region {
    /// The rect `StartState(reopening:...)` takes: the pixel rect at angle 0; at an angle, the
    /// box's size in image pixels (its edges' lengths) centred on the middle of its corners
    /// (the image point under the box centre), in oriented image pixels.
    public var savedRect: Rect {
        switch self {
        case .pixels(let x, let y, let w, let h):
            return Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
        case .turned(let corners, _, _, _, _):
            let c = Point(
                (corners[0].x + corners[1].x + corners[2].x + corners[3].x) / 4,
                (corners[0].y + corners[1].y + corners[2].y + corners[3].y) / 4)
            let top = Point(corners[1].x - corners[0].x, corners[1].y - corners[0].y)
            let side = Point(corners[3].x - corners[0].x, corners[3].y - corners[0].y)
            return Rect(center: c, width: top.length, height: side.length)
        }
    }
}
