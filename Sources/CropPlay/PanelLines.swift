import CropJSON
import CropScenario

/// The panel's lines: where each key sits (sections, in the Policy, Editor and Start state
/// cards), its label, its step and unit, a nullable value's starting value, and the controls
/// the declarations cannot make (a select of forms, a colour with its sibling opacity, an
/// animation's parameters shown by curve). Every line is optional: a declared key without one
/// gets an automatic control (`DeclaredControls.swift`).
extension PlayControls {
    /// A line for the editor key at `path` (`["mask", "fade"]`): the declaration's range,
    /// default and doc line, with the panel's label, step, unit and a nullable value's starting
    /// value (`on`; without it the panel does not offer null).
    static func control(
        _ path: [String], _ label: String, step: Double = 1, unit: String = "", on: JSONNode? = nil,
        offLabel: String = "", when: (key: String, values: [String])? = nil
    ) -> Control {
        control(declared(path), at: path, label, step: step, unit: unit, on: on, offLabel: offLabel, when: when)
    }

    /// A line for the start key `name`; a key that may be left out has a switch (off leaves it
    /// out) and starts at `on`.
    static func start(
        _ name: String, _ label: String, step: Double = 1, unit: String = "", on: JSONNode? = nil,
        offLabel: String = ""
    ) -> Control {
        guard let key = StartKeys.infos.first(where: { $0.name == name }) else {
            preconditionFailure("no start key \(name)")
        }
        return control(key, at: [name], label, step: step, unit: unit, on: on, offLabel: offLabel)
    }

    /// The settle or re-fit animation under `prefix` (a curve and the parameters it takes),
    /// with the defaults of the editor's animation there.
    static func animation(_ prefix: [String]) -> [Control] { animation(prefix, given: declared(prefix).defaultValue) }

    /// A colour, and its sibling `opacity` when the section has one.
    static func colour(_ path: [String], _ label: String) -> [Control] {
        let opacity = Array(path.dropLast()) + ["opacity"]
        let hasOpacity = path.count > 1 && EditorKeys.entry(path[0])?.keys.contains { $0.name == "opacity" } == true
        var c = control(path, label)
        guard hasOpacity else { return [c] }
        c.kind = .color(opacityKey: "opacity")
        return [c, control(opacity, "Opacity", step: 0.05)]
    }

    /// The start state (re-opening a saved edit): applied before frame 0, in the order flip,
    /// turns, box, angle, zoom, point (docs/scenarios.md, "start"). Keys switched off are left
    /// out; with none given the session starts at the initial fit.
    package static let startSection = Section(
        title: "Re-opened edit", group: .start, root: "start", open: true,
        doc: "Open the editor on a saved edit: flipped, turned, straightened, zoomed, moved.",
        controls: [
            start("mirrored", "Mirrored"), start("turns", "Quarter turns"),
            start("box", "Box", on: .array([.number(200), .number(200)]), offLabel: "as fitted"),
            start("angle", "Angle", step: 0.5, unit: "deg"),
            start("zoom", "Zoom", step: 0.01, on: .number(1), offLabel: "as fitted"),
            start(
                "at", "Photo point at the box centre", on: .array([.number(800), .number(600)]), offLabel: "the centre"),
        ])

    package static let editorSections: [Section] = [
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

}
