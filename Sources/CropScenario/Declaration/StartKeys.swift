import CropGeometry
import CropJSON

/// The keys of `start` (docs/scenarios.md, "start: re-opening a saved edit"), declared once:
/// each key's JSON name, shape, range, default and doc line, and how it is read, written and
/// checked on a `StartState`. The decoder, the encoder (`mirrored`, `turns` and `angle`
/// always, the others when given), the validator, the JSON Schema, the reference table and
/// the playground's start card are made from it. The checks that need the image and the layout are the engine's, when
/// the replay starts.
package enum StartKeys {
    package static let object = KeyObject<StartState>([
        .bool("mirrored", \.mirrored, doc: "the photo flipped left-right (before the turns)"),
        Key(
            "turns", .integer(0...3), doc: "clockwise quarter turns",
            // Its range is checked as it is read, before the keys after it.
            read: { f, s, _ throws(ScenarioError) in s.turns = try f.integer(min: 0, max: 3) },
            write: { .number($0.turns) },
            check: { s, place in (0...3).problem(s.turns, at: place) }),
        .size(
            "box", \.box, .positive,
            doc: "`[w, h]`: the box's size in points about its centre (resizable boxes only)",
            absent: "the box as the turns left it"),
        Key(
            "angle", .number(.points, what: "an angle in degrees"),
            doc: "the straighten angle, degrees clockwise, within `rotation.limit`",
            read: { f, s, _ throws(ScenarioError) in s.angle = try f.number() },
            write: { .number($0.angle == 0 ? 0 : $0.angle) },  // -0 writes as 0
            check: { s, place in ValueRange.points.problem(s.angle, what: "an angle in degrees", at: place) }),
        .number(
            "zoom", \.zoom, .scales, what: "a zoom",
            doc: "k / kBase of the turned image (zoom 1 is the fit, or one point per pixel with"
                + " `zoom.base: \"pixels\"`)",
            absent: "the zoom the turns left"),
        .point(
            "at", \.at,
            doc: "`[x, y]`: the point of the image shown at the box centre, in pixels of the image as loaded"
                + " (origin top-left, before any flip or turn)",
            absent: "the image's centre"),
    ])

    /// The keys as the schema and the reference see them.
    package static var infos: [KeyInfo] { object.infos(defaults: StartState()) }
}
