/// The keys each scenario object accepts. The decoders check against these lists
/// and the JSON Schema (`ScenarioSchema`) is generated from them, so the two
/// cannot drift apart.
public enum Keys {
    /// `$schema` lets editors find scenarios/schema.json; the decoder ignores its value.
    public static let top = ["$schema", "name", "preset", "editor", "fps", "script"]
    public static let editor = ["viewport", "background", "image", "fit", "frame", "mask", "border", "grid", "zoom", "constraint", "policy", "faces", "crop"]
    public static let viewport = ["width", "height", "scale"]
    public static let image = ["file", "testcard"]
    public static let frame = ["shape", "size", "aspect", "margin", "cornerRadius"]
    public static let mask = ["color", "opacity", "region", "visibility", "fade"]
    public static let border = ["color", "opacity", "width", "position", "dash"]
    public static let grid = ["lines", "color", "opacity", "width", "visibility"]
    public static let zoom = ["base", "min", "max", "anchor"]
    public static let policy = ["kind", "rollback", "onCancel", "momentum", "rubberBand", "animation"]
    public static let animation = ["curve", "duration", "response", "dampingRatio"]
    public static let crop = ["formula", "rounding"]
    public static let steps = ["pan", "pinch", "together", "touches", "events", "wait", "until", "snapshot", "restore", "resize", "rotate", "save"]
    public static let pan = ["by", "duration", "easing", "hold", "velocity"]
    public static let pinch = ["scale", "at", "duration", "easing", "hold"]
    public static let event = ["frame", "gesture", "phase", "translation", "scale", "location", "velocity"]
    public static let save = ["name", "alpha", "thenLoad"]
    public static let curves = ["none", "linear", "easeOut", "easeInOut", "spring"]
}
