import CropEngine
import CropGeometry
import CropJSON

/// Where the fingers are on each frame while an image pan or a pinch is active: what
/// `trackingError` measures the image against. The trace does not hold it (its events are
/// names only), so `compare` records it from the replay and writes it beside each variant's
/// trace as `fingers.json`.
package struct Fingers: Sendable {
    /// One active gesture on one frame: where its fingers are and the frame it began on.
    package struct Touch: Equatable, Sendable {
        package var at: Point
        package var since: Int
    }

    package struct Frame: Equatable, Sendable {
        package var frame: Int
        /// The pan's landing point plus its translation since began (nil: no image pan; a pan
        /// that drags the box does not move the image and is left out).
        package var pan: Touch?
        /// The pinch's focal point.
        package var pinch: Touch?
    }

    package private(set) var frames: [Frame] = []
    private var panStart: (frame: Int, translation: Point)?
    private var pinchStart: Int?
    /// A model's box when its running pan began.
    private var panBox: Rect?

    package init() {}

    /// Notes the engine's state after a frame (the replayer's observer).
    package mutating func observe(_ s: EngineState) {
        observe(frame: s.frame, pan: s.pan, pinch: s.pinch, dragsBox: s.boxDrag != nil)
    }

    /// Notes a registered model after a frame: its recognizers say where the fingers are; a
    /// pan during which the model's box has moved since the pan began drags the box (the
    /// reference knows that from the handle it grabbed, a model only shows it).
    package mutating func observe(_ m: CustomModel) {
        let (pan, pinch) = m.fingers
        if pan.phase.isActive, panBox == nil { panBox = m.view.box }
        let dragsBox = pan.phase.isActive && panBox != m.view.box
        if !pan.phase.isActive { panBox = nil }
        observe(frame: m.frame, pan: pan, pinch: pinch, dragsBox: dragsBox)
    }

    /// Notes the pan and pinch after frame `frame`; a pan that `dragsBox` is not an image pan.
    mutating func observe(frame: Int, pan: Recognizer, pinch: Recognizer, dragsBox: Bool) {
        var entry = Frame(frame: frame)
        if pan.phase.isActive {
            if panStart == nil { panStart = (frame, pan.translation) }
            if let start = panStart, !dragsBox {
                entry.pan = Touch(at: pan.location + (pan.translation - start.translation), since: start.frame)
            }
        } else {
            panStart = nil
        }
        if pinch.phase.isActive {
            if pinchStart == nil { pinchStart = frame }
            entry.pinch = Touch(at: pinch.location, since: pinchStart ?? frame)
        } else {
            pinchStart = nil
        }
        if entry.pan != nil || entry.pinch != nil { frames.append(entry) }
    }

    /// `fingers.json`: `{"variant": ..., "frames": [{"frame": 3, "pan": {"at": [x, y], "since": 1}}, ...]}`.
    package func json(variant: String) -> String {
        func touch(_ t: Touch) -> JSONNode {
            .object([("at", .array([.number(t.at.x), .number(t.at.y)])), ("since", .number(t.since))])
        }
        var out = "{\n  \"variant\": \(JSONNode.quote(variant)),\n  \"frames\": [\n"
        for (i, f) in frames.enumerated() {
            var members: [(String, JSONNode)] = [("frame", .number(f.frame))]
            if let p = f.pan { members.append(("pan", touch(p))) }
            if let p = f.pinch { members.append(("pinch", touch(p))) }
            out += "    " + JSONNode.object(members).serialized() + (i + 1 < frames.count ? ",\n" : "\n")
        }
        return out + "  ]\n}\n"
    }
}

extension Fingers.Frame {
    init(frame: Int) {
        self.frame = frame
    }
}
