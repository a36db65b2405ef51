import CropJSON

/// The seven editor presets of docs/scenarios.md, each modelled on a real editor, written as
/// `editor` JSON so that they merge with a scenario's overrides exactly like
/// user JSON does. Values a preset does not give are the defaults of docs/scenarios.md.
public struct Preset: Sendable {
    /// The preset's name, as scenarios write it (`preset`).
    public var name: String
    /// What editor the preset reproduces.
    public var summary: String
    /// The `editor` object.
    public var editorJSON: String

    /// The seven presets, in the order docs/scenarios.md lists them.
    public static let all: [Preset] = [
        Preset(
            name: "fixed-frame-rollback",
            summary:
                "Fixed 330x495 rect frame over an aspect-filled photo; the mask hides while a gesture runs;"
                + " a drag or pinch that uncovers the frame rolls back (per gesture, instantly).",
            editorJSON: """
                {"viewport": {"width": 390, "height": 844},
                 "fit": "aspectFill",
                 "frame": {"shape": "rect", "size": [330, 495]},
                 "mask": {"color": "#000000", "opacity": 0.8, "visibility": "perGesture"},
                 "border": {"color": "#FFFFFF", "width": 2.5, "position": "inside"},
                 "zoom": {"anchor": "center", "min": null, "max": null},
                 "constraint": "frame",
                 "policy": {"kind": "rollback", "rollback": "perGesture", "onCancel": "ignore", "animation":\
                 {"curve": "none"}}}
                """),
        Preset(
            name: "circle-avatar-bounce",
            summary:
                "Avatar picker: dashed circle frame, the photo always covers it; rubber band past the edges,"
                + " momentum, spring back; rotates.",
            editorJSON: """
                {"viewport": {"width": 375, "height": 667},
                 "fit": "shortSide",
                 "frame": {"shape": "circle", "margin": 20},
                 "mask": {"color": "#000000", "opacity": 0.35, "visibility": "always"},
                 "border": {"color": "#FFFFFF", "width": 2, "dash": [4, 4], "position": "center"},
                 "zoom": {"base": "pixels", "min": "cover", "max": 5, "anchor": "focal"},
                 "constraint": "frame",
                 "policy": {"kind": "rubberBand", "rubberBand": 0.55, "momentum": 0.998, "animation": {"curve":\
                 "spring", "response": 0.35, "dampingRatio": 1.0}}}
                """),
        Preset(
            name: "portrait-7x10-zoom2",
            summary:
                "Scroll-view cropper with a 7:10 frame: aspect-fit photo, zoom 1x to 2x, half-dark mask,"
                + " thin translucent border.",
            editorJSON: """
                {"viewport": {"width": 390, "height": 763},
                 "fit": "aspectFit",
                 "frame": {"shape": "rect", "aspect": [7, 10], "margin": 0},
                 "mask": {"color": "#000000", "opacity": 0.5, "visibility": "always"},
                 "border": {"color": "#FFFFFF", "opacity": 0.5, "width": 1, "position": "inside"},
                 "zoom": {"min": 1, "max": 2, "anchor": "focal"},
                 "constraint": "viewport",
                 "policy": {"kind": "rubberBand", "rubberBand": 0.55, "momentum": 0.998, "animation": {"curve":\
                 "spring", "response": 0.35, "dampingRatio": 1.0}}}
                """),
        Preset(
            name: "wide-16x9-zoom10",
            summary:
                "Scroll-view cropper with a 16:9 frame lit by a white veil inside it, zoom 1x to 10x, crop"
                + " by the offset-factor formula.",
            editorJSON: """
                {"viewport": {"width": 390, "height": 844},
                 "fit": "aspectFit",
                 "frame": {"shape": "rect", "aspect": [16, 9], "margin": 0},
                 "mask": {"color": "#FFFFFF", "opacity": 0.3, "region": "inside"},
                 "border": null,
                 "zoom": {"min": 1, "max": 10, "anchor": "focal"},
                 "constraint": "viewport",
                 "policy": {"kind": "rubberBand", "rubberBand": 0.55, "momentum": 0.998, "animation": {"curve":\
                 "spring", "response": 0.35, "dampingRatio": 1.0}},
                 "crop": {"formula": "offsetFactor"}}
                """),
        Preset(
            name: "resizable-box-refit",
            summary:
                "Editors with a draggable crop box that re-fits after 0.8 s: the box has the image's aspect,"
                + " corners and edges drag it, then it grows back to fill the screen with the photo following.",
            editorJSON: """
                {"viewport": {"width": 390, "height": 844},
                 "fit": "frameFill",
                 "frame": {"shape": "rect", "aspect": "image", "margin": 20, "resizable": true, "handles":\
                 "cornersAndEdges", "handleSize": 44, "minSize": [42, 42]},
                 "refit": {"delay": 0.8, "animation": {"curve": "easeInOut", "duration": 0.5}},
                 "zoom": {"base": "fit", "min": "cover", "max": 15, "anchor": "focal"},
                 "rotation": {"gesture": false},
                 "turn": {"box": "turns"},
                 "doubleTap": {"action": "none"},
                 "mask": {"color": "#000000", "opacity": 0.6, "visibility": "always"},
                 "border": {"color": "#FFFFFF", "width": 1, "position": "inside"},
                 "grid": {"lines": 2, "visibility": "whileTouching"},
                 "policy": {"kind": "rubberBand", "rubberBand": 0.55, "momentum": 0.998, "animation": {"curve":\
                 "spring", "response": 0.35, "dampingRatio": 1.0}}}
                """),
        Preset(
            name: "straighten-flip",
            summary:
                "Editors with a +-45 degree straighten dial and flip buttons: the photo auto-covers the box"
                + " while it turns; the box's corners drag it and it re-fits after 0.5 s.",
            editorJSON: """
                {"viewport": {"width": 390, "height": 844},
                 "fit": "frameFill",
                 "frame": {"shape": "rect", "aspect": "image", "margin": 20, "resizable": true, "handles":\
                 "corners", "handleSize": 44, "minSize": [42, 42]},
                 "refit": {"delay": 0.5, "animation": {"curve": "easeOut", "duration": 0.3}},
                 "zoom": {"base": "fit", "min": "cover", "max": 10, "anchor": "focal"},
                 "rotation": {"gesture": false, "limit": 45, "autoCover": true},
                 "turn": {"box": "turns"},
                 "mask": {"color": "#000000", "opacity": 0.6, "visibility": "always"},
                 "border": {"color": "#FFFFFF", "width": 1, "position": "inside"},
                 "grid": {"lines": 2, "visibility": "always"},
                 "policy": {"kind": "rubberBand", "rubberBand": 0.55, "momentum": null, "animation": {"curve":\
                 "spring", "response": 0.35, "dampingRatio": 1.0}}}
                """),
        Preset(
            name: "twist-doubletap",
            summary:
                "Editors with free two-finger rotation and double-tap zoom: a fixed square frame, the photo"
                + " twists with the fingers, snaps to cover on release, and a double tap doubles the zoom.",
            editorJSON: """
                {"viewport": {"width": 390, "height": 844},
                 "fit": "frameFill",
                 "frame": {"shape": "rect", "aspect": [1, 1], "margin": 16},
                 "zoom": {"base": "fit", "min": "cover", "max": 10, "anchor": "focal"},
                 "rotation": {"gesture": true, "limit": null, "autoCover": false},
                 "doubleTap": {"action": "zoom", "factor": 2},
                 "mask": {"color": "#000000", "opacity": 0.5, "visibility": "always"},
                 "border": {"color": "#FFFFFF", "width": 1, "position": "inside"},
                 "grid": null,
                 "policy": {"kind": "snapNearest", "animation": {"curve": "easeOut", "duration": 0.5}}}
                """),
    ]

    /// The preset of that name, or nil.
    public static func named(_ name: String) -> Preset? { all.first { $0.name == name } }

    /// The preset's editor as a JSON tree (the texts above are valid JSON by construction;
    /// a test parses every one).
    package var editorNode: JSONNode {
        (try? JSONParser.parse(editorJSON)) ?? JSONNode(.object([]))
    }

    /// The fully resolved editor (preset over defaults).
    public func editor() throws(ScenarioError) -> EditorConfig {
        try EditorDecoder().decode(Field(node: editorNode, path: "editor", file: "preset \(name)"))
    }
}

/// Merges user `editor` overrides over a preset, section by section (docs/scenarios.md): the
/// keys of a declared section (`EditorKeys`) merge one by one; every value is replaced whole
/// (`image`, `policy.animation`, `refit.animation`, `border.dash`, `faces`), and a user
/// `frame` that gives `size` or `aspect` drops both of the preset's.
enum EditorMerge {
    static func merge(preset: JSONNode, user: JSONNode) -> JSONNode {
        guard case .object(var base) = preset.value, case .object(let overrides) = user.value else { return user }
        for member in overrides {
            guard let i = base.firstIndex(where: { $0.key == member.key }) else {
                base.append(member)
                continue
            }
            let isSection = !(EditorKeys.entry(member.key)?.keys.isEmpty ?? true)
            base[i].node = isSection ? section(member.key, preset: base[i].node, user: member.node) : member.node
        }
        return JSONNode(.object(base), line: user.line, column: user.column)
    }

    /// A section's keys one by one, each replaced whole; a `frame` that gives `size` or
    /// `aspect` drops both of the preset's.
    static func section(_ name: String, preset: JSONNode, user: JSONNode) -> JSONNode {
        guard case .object(var base) = preset.value, case .object(let overrides) = user.value else { return user }
        if name == "frame", overrides.contains(where: { $0.key == "size" || $0.key == "aspect" }) {
            base.removeAll { $0.key == "size" || $0.key == "aspect" }
        }
        for member in overrides {
            if let i = base.firstIndex(where: { $0.key == member.key }) {
                base[i].node = member.node
            } else {
                base.append(member)
            }
        }
        return JSONNode(.object(base), line: user.line, column: user.column)
    }
}
