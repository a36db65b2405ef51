import CropJSON
import CropScenario

/// The side panel's typed controls: every key the panel edits, with its control (a number
/// with its range and step, a toggle, a choice, a colour with its opacity, a size, a nullable
/// value), its label, its default and its doc line, in titled sections grouped as Editor or
/// Policy. An editor key's range, default, choices and doc line are its declaration's
/// (`EditorKeys`); the panel adds the label, the step and the unit. The page builds its form
/// from `json` alone (served in `/api/state`); PlayControlsTests checks that every editor key
/// has a control and every bound and default is the decoder's, and what the form sends is
/// validated like a scenario file.
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

    // MARK: - Controls of declared keys

    /// The editor key at `path` as `EditorKeys` declares it (`["mask", "opacity"]`,
    /// `["background"]`, `["policy", "animation", "duration"]`).
    static func declared(_ path: [String]) -> KeyInfo {
        guard let entry = EditorKeys.entry(path[0]) else { preconditionFailure("no editor key \(path)") }
        guard path.count > 1 else { return entry.value! }
        let key = entry.keys.first { $0.name == path[1] }!
        guard path.count > 2 else { return key }
        return AnimationKeys.all.first { $0.name == path[2] }!
    }

    /// A control for the declared key at `path`: its range, default and doc line are the
    /// declaration's; the label, the step, the unit and a nullable value's starting value (`on`;
    /// without it the panel does not offer null) are the panel's.
    static func control(
        _ path: [String], _ label: String, step: Double = 1, unit: String = "", on: JSONNode? = nil,
        offLabel: String = "", when: (key: String, values: [String])? = nil
    ) -> Control {
        let key = declared(path)
        return Control(
            path: path, label: label, kind: kind(key.shape, step: step, unit: unit, on: on, offLabel: offLabel),
            defaultValue: key.defaultValue ?? .null, doc: plain(key.doc), when: when)
    }

    /// The control kind of a declared shape (an open upper end becomes its last step below).
    static func kind(_ shape: KeyShape, step: Double, unit: String, on: JSONNode?, offLabel: String) -> Kind {
        switch shape {
        case .number(let r, _):
            return .number(
                min: r.lower, max: r.upperOpen ? r.upper - step : r.upper, step: step, unit: unit, aboveMin: r.lowerOpen
            )
        case .integer(let r): return .integer(min: r.lowerBound, max: r.upperBound)
        case .bool: return .toggle
        case .choice(let values, _): return .choice(values)
        case .color: return .color(opacityKey: nil)
        case .pair(let r, _): return .size(max: r.upper, step: step)
        case .list(let r, _, let count): return .lengths(max: r.upper, count: count)
        case .nullable(let inner):
            let value = kind(inner, step: step, unit: unit, on: on, offLabel: offLabel)
            return on.map { .nullable(value, on: $0, offLabel: offLabel) } ?? value
        case .custom, .point, .animation: preconditionFailure("a key of its own shape needs its own control")
        }
    }

    /// A doc line without the reference's code marks.
    static func plain(_ doc: String) -> String { doc.replacingOccurrences(of: "`", with: "") }

    /// The settle or re-fit animation under `prefix` (a curve and the parameters it takes),
    /// with the defaults of the editor's animation there.
    static func animation(_ prefix: [String]) -> [Control] {
        guard case .object(let given)? = declared(prefix).defaultValue?.value else { return [] }
        func control(_ key: String, _ label: String, step: Double, unit: String = "", when curves: [String]?) -> Control
        {
            var c = Self.control(prefix + [key], label, step: step, unit: unit, when: curves.map { ("curve", $0) })
            if let value = given.first(where: { $0.key == key })?.node { c.defaultValue = value }
            return c
        }
        return [
            control("curve", "Curve", step: 1, when: nil),
            control("duration", "Duration", step: 0.05, unit: "s", when: AnimationKeys.timed),
            control("response", "Response", step: 0.01, unit: "s", when: ["spring"]),
            control("dampingRatio", "Damping ratio", step: 0.05, when: ["spring"]),
        ]
    }

    /// A colour, and its sibling `opacity` when the section has one.
    static func colour(_ path: [String], _ label: String) -> [Control] {
        let opacity = Array(path.dropLast()) + ["opacity"]
        let hasOpacity = path.count > 1 && EditorKeys.entry(path[0])?.keys.contains { $0.name == "opacity" } == true
        var c = control(path, label)
        guard hasOpacity else { return [c] }
        c.kind = .color(opacityKey: "opacity")
        return [c, control(opacity, "Opacity", step: 0.05)]
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
                    .size(max: ValueRange.positive.upper, step: 1), on: .array([.number(200), .number(200)]),
                    offLabel: "as fitted"),
                defaultValue: .null, doc: "the resizable box's size in points, about its centre"),
            Control(
                path: ["angle"], label: "Angle",
                kind: .number(min: ValueRange.points.lower, max: ValueRange.points.upper, step: 0.5, unit: "deg"),
                defaultValue: .number(0),
                doc: "the straighten angle, clockwise (within the rotation limit)"),
            Control(
                path: ["zoom"], label: "Zoom",
                kind: .nullable(
                    .number(min: ValueRange.scales.lower, max: ValueRange.scales.upper, step: 0.01), on: .number(1),
                    offLabel: "as fitted"),
                defaultValue: .null, doc: "the zoom, relative to the base"),
            Control(
                path: ["at"], label: "Photo point at the box centre",
                kind: .nullable(
                    .size(max: ValueRange.points.upper, step: 1), on: .array([.number(800), .number(600)]),
                    offLabel: "the centre"),
                defaultValue: .null, doc: "the point of the photo (pixels, as loaded) shown at the box centre"),
        ])

    static let editorSections: [Section] = [
        Section(
            title: "Snap-back", group: .policy, open: true, doc: plain(EditorKeys.entry("policy")!.doc),
            controls: [
                control(["policy", "kind"], "Policy"),
                control(["policy", "rubberBand"], "Rubber band", step: 0.05),
                control(
                    ["policy", "momentum"], "Momentum", step: 0.0001, unit: "/ms", on: .number(0.998), offLabel: "off"),
                control(["policy", "rollback"], "Rollback"),
                control(["policy", "onCancel"], "On cancel"),
                control(["constraint"], "Cover"),
            ]),
        Section(
            title: "Settle animation", group: .policy, open: true, doc: "How the photo returns to a valid state.",
            controls: animation(["policy", "animation"])),
        Section(
            title: "Zoom limits", group: .policy, doc: plain(EditorKeys.entry("zoom")!.doc),
            controls: [
                Control(
                    path: ["zoom"], label: "Minimum",
                    kind: .variants([
                        Variant(label: "covers the frame", key: "min", constant: .string("cover")),
                        Variant(
                            label: "at least", key: "min",
                            kind: .number(min: ValueRange.scales.lower, max: ValueRange.scales.upper, step: 0.05),
                            initial: .number(1)),
                        Variant(label: "no minimum", key: "min", constant: .null),
                    ]), defaultValue: .object([("min", declared(["zoom", "min"]).defaultValue ?? .null)]),
                    doc: plain(declared(["zoom", "min"]).doc)),
                control(["zoom", "max"], "Maximum", step: 0.5, on: .number(10), offLabel: "no maximum"),
                control(["zoom", "base"], "Zoom 1 is"),
                control(["zoom", "anchor"], "Pinch about"),
            ]),
        Section(
            title: "Re-fit after a box drag", group: .policy, doc: plain(EditorKeys.entry("refit")!.doc),
            controls: [control(["refit", "delay"], "Delay", step: 0.1, unit: "s")] + animation(["refit", "animation"])),
        Section(
            title: "Viewport and photo", group: .editor, doc: "The screen in points and how the photo is first fitted.",
            controls: [
                control(["viewport", "width"], "Width", unit: "pt"),
                control(["viewport", "height"], "Height", unit: "pt"),
                control(["viewport", "scale"], "Pixel scale"),
                control(["fit"], "Fit"),
            ] + colour(["background"], "Background")),
        Section(
            title: "Frame", group: .editor, open: true, doc: plain(EditorKeys.entry("frame")!.doc),
            controls: [
                control(["frame", "shape"], "Shape"),
                Control(
                    path: ["frame"], label: "Size",
                    kind: .variants([
                        Variant(
                            label: "aspect w:h", key: "aspect", kind: .size(max: ValueRange.positive.upper, step: 1),
                            initial: .array([.number(1), .number(1)])),
                        Variant(label: "the image's aspect", key: "aspect", constant: .string("image")),
                        Variant(
                            label: "fixed size", key: "size", kind: .size(max: ValueRange.positive.upper, step: 1),
                            initial: .array([.number(300), .number(300)])),
                    ]), defaultValue: .object([("aspect", declared(["frame", "aspect"]).defaultValue ?? .null)]),
                    doc: plain(declared(["frame", "aspect"]).doc)),
                control(["frame", "margin"], "Margin", unit: "pt"),
                control(["frame", "cornerRadius"], "Corner radius", unit: "pt"),
                control(["frame", "resizable"], "Resizable box"),
                control(["frame", "lockAspect"], "Lock aspect"),
                control(["frame", "minSize"], "Smallest box"),
                control(["frame", "handles"], "Handles"),
                control(["frame", "handleSize"], "Handle reach", unit: "pt"),
            ]),
        Section(
            title: "Mask", group: .editor, open: true, doc: plain(EditorKeys.entry("mask")!.doc),
            controls: colour(["mask", "color"], "Colour") + [
                control(["mask", "region"], "Covers"),
                control(["mask", "visibility"], "Shown"),
                control(["mask", "fade"], "Fade", step: 0.05, unit: "s"),
            ]),
        Section(
            title: "Border", group: .editor, optional: ["border"], open: true,
            doc: plain(EditorKeys.entry("border")!.doc),
            controls: colour(["border", "color"], "Colour") + [
                control(["border", "width"], "Width", step: 0.5, unit: "pt"),
                control(["border", "position"], "Position"),
                control(["border", "dash"], "Dashes"),
            ]),
        Section(
            title: "Grid", group: .editor, optional: ["grid"], doc: plain(EditorKeys.entry("grid")!.doc),
            controls: [control(["grid", "lines"], "Lines")] + colour(["grid", "color"], "Colour") + [
                control(["grid", "width"], "Width", step: 0.5, unit: "pt"),
                control(["grid", "visibility"], "Shown"),
            ]),
        Section(
            title: "Rotation, turns and double tap", group: .editor,
            doc: "The twist gesture, the turn buttons and a double tap.",
            controls: [
                control(["rotation", "gesture"], "Twist rotates"),
                control(["rotation", "limit"], "Angle limit", unit: "°", on: .number(45), offLabel: "none"),
                control(["rotation", "autoCover"], "Zoom to cover"),
                control(["turn", "box"], "Quarter turn"),
                control(["doubleTap", "action"], "Double tap"),
                control(["doubleTap", "factor"], "Tap zoom factor", step: 0.5),
            ]),
        Section(
            title: "Crop", group: .editor, doc: plain(EditorKeys.entry("crop")!.doc),
            controls: [control(["crop", "formula"], "Formula"), control(["crop", "rounding"], "Rounding")]),
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
