import CropJSON
import CropScenario

/// The side panel's typed controls, declared once: every key the panel edits, with its
/// control (a number with its range and step, a toggle, a choice, a colour with its opacity,
/// a size, a nullable value), its label, its default and its doc line, in titled sections
/// grouped as Editor or Policy. The page builds its form from `json` alone (served in
/// `/api/state`); choices come from the model's enums, ranges are the scenario validator's
/// (PlayControlsTests checks every bound and default against the decoder), and what the form
/// sends is validated like a scenario file.
///
/// A section edits one top-level object of the scenario (`root`, today `"editor"`): a new
/// section of the panel is one more entry in `sections` (with its root in `roots` when it
/// edits another top-level key).
package enum PlayControls {
    /// A control's value editor.
    package indirect enum Kind: Sendable {
        /// A number field: `min` (exclusive when `aboveMin`) to `max` in steps of `step`.
        case number(min: Double, max: Double, step: Double, unit: String = "", aboveMin: Bool = false)
        /// A whole number field.
        case integer(min: Int, max: Int)
        case toggle
        /// A select of these values.
        case choice([String])
        /// A colour picker and an opacity slider: the opacity is the sibling key `opacityKey`
        /// (0 to 1), or the colour's own alpha (`#RRGGBBAA`) when nil.
        case color(opacityKey: String?)
        /// Two number fields, width and height, each above 0 and at most `max`.
        case size(max: Double, step: Double)
        /// Dash lengths: numbers separated by spaces (an empty field: a solid line).
        case lengths(max: Double, count: Int)
        /// A checkbox and the value: off is JSON null; on starts at `on`.
        case nullable(Kind, on: JSONNode, offLabel: String)
        /// A select of alternatives for keys of the object at the control's path, each
        /// setting its key (the others of the list are left out) to a constant or a value.
        /// The control's default is an object: the default alternative's key and value.
        case variants([Variant])
    }

    /// One alternative of a `.variants` control: it sets `key` (relative to the control's
    /// object) to `constant`, or to the value of `kind`'s editor starting at `initial`.
    package struct Variant: Sendable {
        package var label: String
        package var key: String
        package var constant: JSONNode?
        package var kind: Kind?
        package var initial: JSONNode?
    }

    package struct Control: Sendable {
        /// The key path from the section's root object.
        package var path: [String]
        package var label: String
        package var kind: Kind
        /// The value when the scenario does not give one (the decoder's default; for
        /// `.variants`, an object of the default alternative's key and value).
        package var defaultValue: JSONNode
        package var doc: String
        /// Shown (and sent) only while the sibling key `when.key` holds one of `when.values`;
        /// hidden, the key is left out (the validator refuses it there).
        package var when: (key: String, values: [String])? = nil
    }

    /// The panel card a section is in.
    package enum Group: String, Sendable {
        case editor = "Editor"
        case policy = "Policy"
        case start = "Start state"
    }

    package struct Section: Sendable {
        package var title: String
        package var group: Group
        /// The scenario's top-level key the section edits.
        package var root: String = "editor"
        /// When set, the object at this path may be null: a checkbox in the section's title.
        package var optional: [String]? = nil
        /// Open when the page loads (the others are folded).
        package var open: Bool = false
        package var doc: String
        package var controls: [Control]
    }

    /// The top-level scenario keys the panel edits (each section's `root` is one of them).
    package static let roots = ["editor", "start"]

    /// Keys of the editor the panel leaves as served: the image (a page never names a file)
    /// and the face boxes (image pixels of the served photo).
    package static let untouched = ["image", "faces"]

    static func cases<E: RawRepresentable & CaseIterable>(_ t: E.Type) -> [String] where E.RawValue == String {
        E.allCases.map(\.rawValue)
    }

    static let points = Limits.maxCoordinate
    static let seconds = Limits.maxSeconds

    /// The settle or re-fit animation under `prefix` (a curve and the parameters it takes).
    static func animation(_ prefix: [String], curve: String) -> [Control] {
        let timed = ["linear", "easeOut", "easeInOut"]
        return [
            Control(
                path: prefix + ["curve"], label: "Curve", kind: .choice(Keys.curves), defaultValue: .string(curve),
                doc: "none jumps; linear, easeOut and easeInOut take a duration; spring a response and damping"),
            Control(
                path: prefix + ["duration"], label: "Duration",
                kind: .number(min: 0, max: 10_000, step: 0.05, unit: "s"),
                defaultValue: .number(0.25), doc: "how long the animation runs", when: ("curve", timed)),
            Control(
                path: prefix + ["response"], label: "Response",
                kind: .number(min: 0, max: 10_000, step: 0.01, unit: "s"),
                defaultValue: .number(0.35), doc: "the spring's period without damping", when: ("curve", ["spring"])),
            Control(
                path: prefix + ["dampingRatio"], label: "Damping ratio",
                kind: .number(min: 0, max: 1_000_000, step: 0.05, aboveMin: true),
                defaultValue: .number(1), doc: "1 settles without overshoot; below 1 bounces",
                when: ("curve", ["spring"])),
        ]
    }

    static func colour(_ path: [String], _ label: String, _ hex: String, opacity: Double?, _ doc: String) -> [Control] {
        guard let opacity else {
            return [
                Control(path: path, label: label, kind: .color(opacityKey: nil), defaultValue: .string(hex), doc: doc)
            ]
        }
        return [
            Control(
                path: path, label: label, kind: .color(opacityKey: "opacity"), defaultValue: .string(hex), doc: doc),
            Control(
                path: path.dropLast() + ["opacity"], label: "Opacity", kind: .number(min: 0, max: 1, step: 0.05),
                defaultValue: .number(opacity), doc: "0 is transparent, 1 opaque"),
        ]
    }

    package static let sections: [Section] = editorSections + [startSection]

    /// The start state (re-opening a saved edit): applied before frame 0, in the order flip,
    /// turns, box, angle, zoom, point (docs/scenarios.md, "start"). Keys switched off are left
    /// out; with none given the session starts at the initial fit.
    static let startSection = Section(
        title: "Re-opened edit", group: .start, root: "start", open: true,
        doc: "Open the editor on a saved edit: flipped, turned, straightened, zoomed, moved.",
        controls: [
            Control(
                path: ["mirrored"], label: "Mirrored", kind: .toggle, defaultValue: .bool(false),
                doc: "the photo flipped left to right first"),
            Control(
                path: ["turns"], label: "Quarter turns", kind: .integer(min: 0, max: 3), defaultValue: .number(0),
                doc: "clockwise quarter turns after the flip"),
            Control(
                path: ["box"], label: "Box",
                kind: .nullable(
                    .size(max: 1_000_000, step: 1), on: .array([.number(200), .number(200)]), offLabel: "as fitted"),
                defaultValue: .null, doc: "the resizable box's size in points, about its centre"),
            Control(
                path: ["angle"], label: "Angle",
                kind: .number(min: -1_000_000, max: 1_000_000, step: 0.5, unit: "deg"), defaultValue: .number(0),
                doc: "the straighten angle, clockwise (within the rotation limit)"),
            Control(
                path: ["zoom"], label: "Zoom",
                kind: .nullable(.number(min: 0.001, max: 1000, step: 0.01), on: .number(1), offLabel: "as fitted"),
                defaultValue: .null, doc: "the zoom, relative to the base"),
            Control(
                path: ["at"], label: "Photo point at the box centre",
                kind: .nullable(
                    .size(max: 1_000_000, step: 1), on: .array([.number(800), .number(600)]), offLabel: "the centre"),
                defaultValue: .null, doc: "the point of the photo (pixels, as loaded) shown at the box centre"),
        ])

    static let editorSections: [Section] = [
        Section(
            title: "Snap-back", group: .policy, open: true,
            doc: "What happens when a gesture leaves the frame uncovered or the zoom out of its limits.",
            controls: [
                Control(
                    path: ["policy", "kind"], label: "Policy", kind: .choice(cases(PolicyKind.self)),
                    defaultValue: .string("rollback"),
                    doc:
                        "rollback returns to the last valid state; clamp stops at the edge; rubberBand"
                        + " resists and springs back"
                ),
                Control(
                    path: ["policy", "rubberBand"], label: "Rubber band",
                    kind: .number(min: 0, max: 1_000_000, step: 0.05, aboveMin: true),
                    defaultValue: .number(0.55), doc: "the resistance constant past the edge (smaller is stiffer)"),
                Control(
                    path: ["policy", "momentum"], label: "Momentum",
                    kind: .nullable(
                        .number(min: 0, max: 0.9999, step: 0.0001, unit: "/ms", aboveMin: true), on: .number(0.998),
                        offLabel: "off"),
                    defaultValue: .null, doc: "a released drag glides, its speed times this each millisecond"),
                Control(
                    path: ["policy", "rollback"], label: "Rollback", kind: .choice(cases(RollbackMode.self)),
                    defaultValue: .string("whole"),
                    doc: "whole: the state before the touch; perGesture: the state before the gesture that broke it"),
                Control(
                    path: ["policy", "onCancel"], label: "On cancel", kind: .choice(cases(CancelRule.self)),
                    defaultValue: .string("settle"),
                    doc: "what a cancelled gesture does"),
                Control(
                    path: ["constraint"], label: "Cover", kind: .choice(cases(Constraint.self)),
                    defaultValue: .string("frame"),
                    doc: "what the photo must cover: the frame, the whole viewport, or nothing"),
            ]),
        Section(
            title: "Settle animation", group: .policy, open: true, doc: "How the photo returns to a valid state.",
            controls: animation(["policy", "animation"], curve: "none")),
        Section(
            title: "Zoom limits", group: .policy,
            doc: "Zoom relative to the base; pinches beyond the limits settle back.",
            controls: [
                Control(
                    path: ["zoom"], label: "Minimum",
                    kind: .variants([
                        Variant(label: "covers the frame", key: "min", constant: .string("cover")),
                        Variant(
                            label: "at least", key: "min", kind: .number(min: 0.001, max: 1000, step: 0.05),
                            initial: .number(1)),
                        Variant(label: "no minimum", key: "min", constant: .null),
                    ]), defaultValue: .object([("min", .number(1))]), doc: "the smallest zoom"),
                Control(
                    path: ["zoom", "max"], label: "Maximum",
                    kind: .nullable(.number(min: 0.001, max: 1000, step: 0.5), on: .number(10), offLabel: "no maximum"),
                    defaultValue: .number(10), doc: "the largest zoom"),
                Control(
                    path: ["zoom", "base"], label: "Zoom 1 is", kind: .choice(cases(ZoomBase.self)),
                    defaultValue: .string("fit"),
                    doc: "fit: the initial fit; pixels: one image pixel per point"),
                Control(
                    path: ["zoom", "anchor"], label: "Pinch about", kind: .choice(cases(ZoomAnchor.self)),
                    defaultValue: .string("focal"),
                    doc: "the fingers' midpoint, or the frame's centre"),
            ]),
        Section(
            title: "Re-fit after a box drag", group: .policy,
            doc: "A resized box grows back to fill the viewport after a pause.",
            controls: [
                Control(
                    path: ["refit", "delay"], label: "Delay", kind: .number(min: 0, max: seconds, step: 0.1, unit: "s"),
                    defaultValue: .number(0.8), doc: "the pause after the last touch")
            ]
                + animation(["refit", "animation"], curve: "easeInOut").map { c in
                    var c = c
                    if c.path.last == "duration" { c.defaultValue = .number(0.5) }
                    return c
                }),
        Section(
            title: "Viewport and photo", group: .editor, doc: "The screen in points and how the photo is first fitted.",
            controls: [
                Control(
                    path: ["viewport", "width"], label: "Width",
                    kind: .number(min: 0, max: 8192, step: 1, unit: "pt", aboveMin: true),
                    defaultValue: .number(390), doc: "points (width times scale: whole pixels, at most 8192)"),
                Control(
                    path: ["viewport", "height"], label: "Height",
                    kind: .number(min: 0, max: 8192, step: 1, unit: "pt", aboveMin: true),
                    defaultValue: .number(844), doc: "points"),
                Control(
                    path: ["viewport", "scale"], label: "Pixel scale", kind: .integer(min: 1, max: 4),
                    defaultValue: .number(1),
                    doc: "pixels per point"),
                Control(
                    path: ["fit"], label: "Fit", kind: .choice(cases(Fit.self)), defaultValue: .string("aspectFill"),
                    doc: "how the photo is first sized"),
            ] + colour(["background"], "Background", "#000000", opacity: nil, "behind the photo")),
        Section(
            title: "Frame", group: .editor, open: true, doc: "The crop frame (a box when resizable).",
            controls: [
                Control(
                    path: ["frame", "shape"], label: "Shape", kind: .choice(cases(FrameShape.self)),
                    defaultValue: .string("rect"),
                    doc: "a rectangle, a circle or a rounded rectangle"),
                Control(
                    path: ["frame"], label: "Size",
                    kind: .variants([
                        Variant(
                            label: "aspect w:h", key: "aspect", kind: .size(max: points, step: 1),
                            initial: .array([.number(1), .number(1)])),
                        Variant(label: "the image's aspect", key: "aspect", constant: .string("image")),
                        Variant(
                            label: "fixed size", key: "size", kind: .size(max: points, step: 1),
                            initial: .array([.number(300), .number(300)])),
                    ]), defaultValue: .object([("aspect", .array([.number(1), .number(1)]))]),
                    doc: "the largest frame of this aspect inside the margin, or a size in points"),
                Control(
                    path: ["frame", "margin"], label: "Margin", kind: .number(min: 0, max: points, step: 1, unit: "pt"),
                    defaultValue: .number(0), doc: "from the viewport's edges"),
                Control(
                    path: ["frame", "cornerRadius"], label: "Corner radius",
                    kind: .number(min: 0, max: points, step: 1, unit: "pt"),
                    defaultValue: .number(12), doc: "for roundedRect"),
                Control(
                    path: ["frame", "resizable"], label: "Resizable box", kind: .toggle, defaultValue: .bool(false),
                    doc: "drag the box by its corners and edges"),
                Control(
                    path: ["frame", "lockAspect"], label: "Lock aspect", kind: .toggle, defaultValue: .bool(false),
                    doc: "box drags keep the aspect"),
                Control(
                    path: ["frame", "minSize"], label: "Smallest box", kind: .size(max: points, step: 1),
                    defaultValue: .array([.number(44), .number(44)]), doc: "points"),
                Control(
                    path: ["frame", "handles"], label: "Handles", kind: .choice(cases(BoxHandles.self)),
                    defaultValue: .string("cornersAndEdges"), doc: "where a box drag may start"),
                Control(
                    path: ["frame", "handleSize"], label: "Handle reach",
                    kind: .number(min: 0, max: points, step: 1, unit: "pt"),
                    defaultValue: .number(44), doc: "how far from an edge a touch still grabs it"),
            ]),
        Section(
            title: "Mask", group: .editor, open: true, doc: "The veil over the photo outside (or inside) the frame.",
            controls: colour(["mask", "color"], "Colour", "#000000", opacity: 0.8, "the veil's colour") + [
                Control(
                    path: ["mask", "region"], label: "Covers", kind: .choice(cases(MaskRegion.self)),
                    defaultValue: .string("outside"),
                    doc: "outside or inside the frame"),
                Control(
                    path: ["mask", "visibility"], label: "Shown", kind: .choice(cases(MaskVisibility.self)),
                    defaultValue: .string("always"), doc: "always, or hidden while touching"),
                Control(
                    path: ["mask", "fade"], label: "Fade", kind: .number(min: 0, max: seconds, step: 0.05, unit: "s"),
                    defaultValue: .number(0), doc: "how long showing or hiding takes"),
            ]),
        Section(
            title: "Border", group: .editor, optional: ["border"], open: true, doc: "The frame's outline.",
            controls: colour(["border", "color"], "Colour", "#FFFFFF", opacity: 1, "the line's colour") + [
                Control(
                    path: ["border", "width"], label: "Width", kind: .number(min: 0, max: 1000, step: 0.5, unit: "pt"),
                    defaultValue: .number(2), doc: "the line's width"),
                Control(
                    path: ["border", "position"], label: "Position", kind: .choice(cases(BorderPosition.self)),
                    defaultValue: .string("center"), doc: "on, inside or outside the frame's edge"),
                Control(
                    path: ["border", "dash"], label: "Dashes", kind: .lengths(max: points, count: 64),
                    defaultValue: .array([]),
                    doc: "dash and gap lengths in points, e.g. 4 4 (empty: solid)"),
            ]),
        Section(
            title: "Grid", group: .editor, optional: ["grid"], doc: "Thirds lines inside the frame.",
            controls: [
                Control(
                    path: ["grid", "lines"], label: "Lines", kind: .integer(min: 1, max: 100), defaultValue: .number(2),
                    doc: "lines each way (2: thirds)")
            ] + colour(["grid", "color"], "Colour", "#FFFFFF", opacity: 0.5, "the lines' colour") + [
                Control(
                    path: ["grid", "width"], label: "Width", kind: .number(min: 0, max: 1000, step: 0.5, unit: "pt"),
                    defaultValue: .number(1), doc: "the lines' width"),
                Control(
                    path: ["grid", "visibility"], label: "Shown", kind: .choice(cases(GridVisibility.self)),
                    defaultValue: .string("always"), doc: "always, while touching, or never"),
            ]),
        Section(
            title: "Rotation, turns and double tap", group: .editor,
            doc: "The twist gesture, the turn buttons and a double tap.",
            controls: [
                Control(
                    path: ["rotation", "gesture"], label: "Twist rotates", kind: .toggle, defaultValue: .bool(false),
                    doc: "two fingers turn the photo (needs the photo to cover the frame or nothing)"),
                Control(
                    path: ["rotation", "limit"], label: "Angle limit",
                    kind: .nullable(
                        .number(min: 0, max: points, step: 1, unit: "°"), on: .number(45), offLabel: "none"),
                    defaultValue: .number(45), doc: "the largest angle either way, in degrees"),
                Control(
                    path: ["rotation", "autoCover"], label: "Zoom to cover", kind: .toggle, defaultValue: .bool(false),
                    doc: "a turned photo zooms in to keep the frame covered"),
                Control(
                    path: ["turn", "box"], label: "Quarter turn", kind: .choice(cases(TurnBox.self)),
                    defaultValue: .string("stays"),
                    doc: "the box turns with the photo, or stays (default: turns for a resizable box)"),
                Control(
                    path: ["doubleTap", "action"], label: "Double tap", kind: .choice(cases(DoubleTapAction.self)),
                    defaultValue: .string("none"), doc: "what a double tap does"),
                Control(
                    path: ["doubleTap", "factor"], label: "Tap zoom factor",
                    kind: .number(min: 0, max: 1000, step: 0.5, aboveMin: true),
                    defaultValue: .number(2), doc: "how much a double tap zooms in"),
            ]),
        Section(
            title: "Crop", group: .editor, doc: "How the saved crop rectangle is computed.",
            controls: [
                Control(
                    path: ["crop", "formula"], label: "Formula", kind: .choice(cases(CropFormula.self)),
                    defaultValue: .string("geometric"),
                    doc: "geometric, or the offset-factor formula of scroll-view croppers"),
                Control(
                    path: ["crop", "rounding"], label: "Rounding", kind: .choice(cases(CropRounding.self)),
                    defaultValue: .string("integral"), doc: "integral (outward) or to the nearest pixel"),
            ]),
    ]

    // MARK: - The page's form description

    /// The sections as JSON for the page: `[{title, group, root, optional, open, doc, controls}]`.
    package static var json: JSONNode { json(extensions: .none) }

    /// The sections with the registered policies and curves among the policy and curve choices.
    package static func json(extensions: ExtensionNames) -> JSONNode {
        .array(
            sections.map { s in
                .object([
                    ("title", .string(s.title)), ("group", .string(s.group.rawValue)), ("root", .string(s.root)),
                    ("optional", s.optional.map { .array($0.map(JSONNode.string)) } ?? .null), ("open", .bool(s.open)),
                    ("doc", .string(s.doc)),
                    ("controls", .array(s.controls.map { json(registering($0, extensions)) })),
                ])
            })
    }

    /// A choice of policy or curve with the registered names added.
    static func registering(_ c: Control, _ extensions: ExtensionNames) -> Control {
        guard case .choice(let values) = c.kind else { return c }
        var out = c
        if c.path == ["policy", "kind"] { out.kind = .choice(values + extensions.policies) }
        if c.path.last == "curve" { out.kind = .choice(values + extensions.curves) }
        return out
    }

    static func json(_ c: Control) -> JSONNode {
        var pairs: [(String, JSONNode)] = [
            ("path", .array(c.path.map(JSONNode.string))), ("label", .string(c.label)), ("doc", .string(c.doc)),
            ("default", c.defaultValue),
        ]
        if let when = c.when {
            pairs.append(
                ("when", .object([("key", .string(when.key)), ("values", .array(when.values.map(JSONNode.string)))])))
        }
        return .object(pairs + json(c.kind))
    }

    static func json(_ kind: Kind) -> [(String, JSONNode)] {
        switch kind {
        case .number(let min, let max, let step, let unit, let aboveMin):
            return [
                ("type", .string("number")), ("min", .number(min)), ("max", .number(max)), ("step", .number(step)),
                ("unit", .string(unit)), ("aboveMin", .bool(aboveMin)),
            ]
        case .integer(let min, let max):
            return [
                ("type", .string("number")), ("min", .number(min)), ("max", .number(max)), ("step", .number(1)),
                ("unit", .string("")),
                ("aboveMin", .bool(false)),
            ]
        case .toggle: return [("type", .string("toggle"))]
        case .choice(let values):
            return [("type", .string("choice")), ("options", .array(values.map(JSONNode.string)))]
        case .color(let opacityKey):
            return [("type", .string("color")), ("opacityKey", opacityKey.map(JSONNode.string) ?? .null)]
        case .size(let max, let step):
            return [("type", .string("size")), ("max", .number(max)), ("step", .number(step))]
        case .lengths(let max, let count):
            return [("type", .string("lengths")), ("max", .number(max)), ("count", .number(count))]
        case .nullable(let inner, let on, let offLabel):
            return [
                ("type", .string("nullable")), ("on", on), ("offLabel", .string(offLabel)),
                ("value", .object(json(inner))),
            ]
        case .variants(let variants):
            return [
                ("type", .string("variants")),
                (
                    "variants",
                    .array(
                        variants.map { v in
                            var pairs: [(String, JSONNode)] = [("label", .string(v.label)), ("key", .string(v.key))]
                            if let constant = v.constant { pairs.append(("constant", constant)) }
                            if let kind = v.kind { pairs.append(("value", .object(json(kind)))) }
                            if let initial = v.initial { pairs.append(("initial", initial)) }
                            return .object(pairs)
                        })
                ),
            ]
        }
    }
}
