/// The keys each scenario object outside the editor accepts (the editor's are declared in
/// `EditorKeys`). The decoders check against these lists and the JSON Schema
/// (`ScenarioSchema`) is generated from them, so the two cannot drift apart.
package enum Keys {
    /// `$schema` lets editors find scenarios/schema.json; the decoder ignores its value.
    package static let top = ["$schema", "name", "preset", "editor", "start", "fps", "script"]
    /// The saved edit a scenario re-opens (every key optional).
    package static let start = ["mirrored", "turns", "box", "angle", "zoom", "at"]
    package static let curves = ["none", "linear", "easeOut", "easeInOut", "spring"]
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
}
