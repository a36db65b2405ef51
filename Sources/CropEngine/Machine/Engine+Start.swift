import CropGeometry
import CropJSON
import CropScenario

/// A start state that cannot be applied to this editor and image: the key (`box`, `angle`, ...)
/// and what was expected. Reported as `start.<key>` before anything is written.
package struct StartError: Error, Equatable, Sendable, CustomStringConvertible {
    package var key: String
    package var message: String
    package init(key: String, message: String) {
        self.key = key
        self.message = message
    }
    /// The JSON path of the key.
    package var place: String { "start.\(key)" }
    package var description: String { "\(place): \(message)" }
}

/// Re-opening a saved edit (docs/scenarios.md, "start"): the initial state with the start
/// applied before frame 0, with no frame advancing, nothing animating and no recognizer acting.
extension Engine {
    /// The state frame 0 shows: the initial fit, then `start` when there is one.
    package func initialState(imageWidth: Int, imageHeight: Int, start: StartState?) throws(StartError) -> EngineState {
        var s = initialState(imageWidth: imageWidth, imageHeight: imageHeight)
        if let start { try applyStart(&s, start) }
        return s
    }

    /// Applies a start on the initial state, in order: the mirror and the turns (as the buttons
    /// do, each ending with P and a turning box re-fitted at once), the box about its centre,
    /// the angle, the zoom, and the image point at the box centre. Nothing is projected after
    /// the turns; raw, shown and every last-valid store become the start state, valid or not.
    /// Every check runs before `s` changes, so a refused start leaves it as it was.
    package func applyStart(_ s: inout EngineState, _ start: StartState) throws(StartError) {
        if let problem = start.rangeProblem { throw StartError(key: problem.key, message: problem.message) }
        var next = s
        // 1. The mirror, then the clockwise quarter turns.
        if start.mirrored { flip(&next, horizontal: true) }
        for _ in 0..<start.turns { quarterTurn(&next, clockwise: true) }
        // 2. The box about its current centre.
        if let size = start.box { next.box = try startBox(next, size) }
        // 3. The angle.
        var state = next.shown
        if start.angle != 0 {
            if editor.constraint == .viewport {
                throw StartError(
                    key: "angle",
                    message:
                        "expected 0 with constraint \"viewport\" (an angle needs constraint \"frame\" or"
                        + " \"none\"), got \(Echo.number(start.angle))"
                )
            }
            if let limit = editor.rotation.limit, abs(start.angle) > limit {
                throw StartError(
                    key: "angle",
                    message:
                        "expected an angle within +-\(Echo.number(limit)) degrees (rotation.limit), got"
                        + " \(Echo.number(start.angle))"
                )
            }
            state.a = start.angle
        } else {
            state.a = 0
        }
        // 4. The zoom of the oriented image.
        if let zoom = start.zoom { state.k = zoom * next.layout.kBase }
        // 5. The image point shown at the box centre.
        let point = start.at ?? Point(Double(next.sourceWidth) / 2, Double(next.sourceHeight) / 2)
        let oriented = Self.orientedPoint(
            point, orientation: next.orientation, width: next.sourceWidth, height: next.sourceHeight)
        let bc = next.box.center
        let offset = Rotation(degrees: state.a).apply(
            Point(
                (oriented.x - next.layout.imageWidth / 2) * state.k,
                (oriented.y - next.layout.imageHeight / 2) * state.k))
        state.cx = bc.x - offset.x
        state.cy = bc.y - offset.y
        guard Self.inRange(state) else {
            throw StartError(
                key: start.at != nil ? "at" : "zoom",
                message:
                    "the start state is out of range (k \(state.k), centre (\(state.cx), \(state.cy)));"
                    + " expected a smaller zoom or point"
            )
        }
        reset(&next, to: state)
        s = next
    }

    /// The start box: `size` about the box's centre, within the bounds, at least `minSize`, and
    /// with the box's aspect when it is locked.
    private func startBox(_ s: EngineState, _ size: Size) throws(StartError) -> Rect {
        let frame = editor.frame
        guard frame.resizable else {
            throw StartError(
                key: "box", message: "expected no box: this editor's box is fixed (frame.resizable is false)")
        }
        let bc = s.box.center
        let box = Rect(x: bc.x - size.width / 2, y: bc.y - size.height / 2, width: size.width, height: size.height)
        let bounds = s.layout.bounds
        let tolerance = 1e-9
        if box.minX < bounds.minX - tolerance || box.maxX > bounds.maxX + tolerance
            || box.minY < bounds.minY - tolerance
            || box.maxY > bounds.maxY + tolerance
        {
            // The largest size about this centre that stays inside the bounds.
            let w = 2 * min(bc.x - bounds.minX, bounds.maxX - bc.x)
            let h = 2 * min(bc.y - bounds.minY, bounds.maxY - bc.y)
            throw StartError(
                key: "box",
                message:
                    "expected a box within the bounds (the viewport inset by frame.margin"
                    + " \(Echo.number(frame.margin))): at most \(Echo.number(w))x\(Echo.number(h)) about the box centre, got \(Echo.number(size.width))x\(Echo.number(size.height))"
            )
        }
        if size.width < frame.minSize.width || size.height < frame.minSize.height {
            throw StartError(
                key: "box",
                message:
                    "expected a box of at least frame.minSize"
                    + " \(Echo.number(frame.minSize.width))x\(Echo.number(frame.minSize.height)), got \(Echo.number(size.width))x\(Echo.number(size.height))"
            )
        }
        if s.aspectLocked {
            let ratio = s.box.width / s.box.height
            let given = size.width / size.height
            if abs(given - ratio) > 1e-9 * ratio {
                let why = frame.shape == .circle ? "a circle is locked 1:1" : "frame.lockAspect is true"
                throw StartError(
                    key: "box",
                    message:
                        "expected the box's aspect \(Echo.number(s.box.width)):\(Echo.number(s.box.height))"
                        + " (\(why)) within 1e-9, got \(Echo.number(size.width))x\(Echo.number(size.height))"
                )
            }
        }
        return box
    }

    /// A point of the source image (continuous pixel coordinates) in the oriented image: the
    /// mirror maps x to w - x, then each clockwise turn of a w x h image maps (x, y) to (h - y, x).
    package static func orientedPoint(_ p: Point, orientation: ImageOrientation, width: Int, height: Int) -> Point {
        var x = orientation.mirrored ? Double(width) - p.x : p.x
        var y = p.y
        var h = Double(height)
        var w = Double(width)
        for _ in 0..<orientation.turns {
            (x, y) = (h - y, x)
            (w, h) = (h, w)
        }
        return Point(x, y)
    }

    /// The inverse of `orientedPoint`: the source point shown at oriented point `p`.
    package static func sourcePoint(_ p: Point, orientation: ImageOrientation, width: Int, height: Int) -> Point {
        // Undo the turns, last first: (X, Y) of a turned image whose width is W came from
        // (Y, W - X); the image before the turn has the other side as its width.
        let size = orientation.size(width: width, height: height)
        var x = p.x
        var y = p.y
        var sides = (Double(size.width), Double(size.height))
        for _ in 0..<orientation.turns {
            (x, y) = (y, sides.0 - x)
            sides = (sides.1, sides.0)
        }
        if orientation.mirrored { x = Double(width) - x }
        return Point(x, y)
    }
}
