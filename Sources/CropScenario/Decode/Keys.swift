/// The keys each scenario object accepts. The decoders check against these lists
/// and the JSON Schema (`ScenarioSchema`) is generated from them, so the two
/// cannot drift apart.
package enum Keys {
    /// `$schema` lets editors find scenarios/schema.json; the decoder ignores its value.
    package static let top = ["$schema", "name", "preset", "editor", "start", "fps", "script"]
    /// The saved edit a scenario re-opens (every key optional).
    package static let start = ["mirrored", "turns", "box", "angle", "zoom", "at"]
    package static let editor = [
        "viewport", "background", "image", "fit", "frame", "mask", "border", "grid", "zoom", "constraint", "policy",
        "faces", "crop",
        "rotation", "refit", "doubleTap", "turn",
    ]
    package static let viewport = ["width", "height", "scale"]
    package static let image = ["file", "testcard"]
    package static let frame = [
        "shape", "size", "aspect", "margin", "cornerRadius", "resizable", "lockAspect", "minSize", "handles",
        "handleSize",
    ]
    package static let rotation = ["gesture", "limit", "autoCover"]
    package static let refit = ["delay", "animation"]
    package static let doubleTap = ["action", "factor"]
    package static let turn = ["box"]
    package static let mask = ["color", "opacity", "region", "visibility", "fade"]
    package static let border = ["color", "opacity", "width", "position", "dash"]
    package static let grid = ["lines", "color", "opacity", "width", "visibility"]
    package static let zoom = ["base", "min", "max", "anchor"]
    package static let policy = ["kind", "rollback", "onCancel", "momentum", "rubberBand", "animation", "params"]
    package static let animation = ["curve", "duration", "response", "dampingRatio", "params"]
    package static let crop = ["formula", "rounding"]
    package static let steps = [
        "pan", "pinch", "together", "touches", "events", "wait", "until", "snapshot", "restore", "resize", "rotate",
        "save",
        "rotation", "straighten", "quarterTurn", "flip", "aspect", "doubleTap",
    ]
    /// Steps `together` accepts.
    package static let gestureSteps = ["pan", "pinch", "touches", "events", "rotation", "straighten"]
    package static let pan = ["by", "duration", "easing", "hold", "velocity", "from"]
    package static let rotationStep = ["by", "at", "duration", "easing", "hold"]
    package static let straighten = ["to", "duration", "easing"]
    package static let pinch = ["scale", "at", "duration", "easing", "hold"]
    package static let event = [
        "frame", "gesture", "phase", "translation", "scale", "location", "velocity", "rotation",
    ]
    package static let save = ["name", "alpha", "thenLoad"]
    package static let curves = ["none", "linear", "easeOut", "easeInOut", "spring"]
}
