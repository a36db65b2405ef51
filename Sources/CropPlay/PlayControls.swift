import CropJSON
import CropScenario

/// The side panel's typed controls: every key the panel edits, with its control (a number
/// with its range and step, a toggle, a choice, a colour with its opacity, a size, a nullable
/// value), its label, its default and its doc line, in titled sections grouped as Editor,
/// Policy or Start state. The controls are made from the declarations (`EditorKeys`,
/// `StartKeys`): a key's range, default, choices and doc line are its declaration's. The
/// panel's lines (`PanelLines.swift`) only refine them (a label, a step, a unit, where a key
/// sits, a select of forms); a declared key without a line gets an automatic control
/// (`DeclaredControls.swift`), so adding a key to a declaration adds it to the form. The page
/// builds its form from `json` alone (served in `/api/state`); PlayControlsTests checks that
/// every editor key has a control and every bound and default is the decoder's, and what the
/// form sends is validated like a scenario file.
///
/// A section edits one top-level object of the scenario (`root`: `"editor"` or `"start"`).
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
        /// Two number fields, x and y, each within +-`max`.
        case point(max: Double, step: Double)
        /// Dash lengths: numbers separated by spaces (an empty field: a solid line).
        case lengths(max: Double, count: Int)
        /// A checkbox and the value: off is JSON null (or, with `leavesOut`, the key left
        /// out: a key that may be missing but not null); on starts at `on`.
        case nullable(Kind, on: JSONNode, offLabel: String, leavesOut: Bool = false)
        /// A text field holding the value as JSON: a key of a shape of its own.
        case json
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

    /// Keys the panel shows no control for, left as the form holds them: a registered
    /// policy's parameters (its factory checks them; a built-in policy takes none).
    package static let hidden = [["policy", "params"]]

    /// The panel: its lines, and an automatic control for every declared key without one.
    package static let sections: [Section] = completed(
        editorSections + [startSection], with: declaredKeys(EditorKeys.entries) + startKeys)

    // MARK: - The page's form description

    /// The sections as JSON for the page: `[{title, group, root, optional, open, doc, controls}]`.
    package static var json: JSONNode { json(extensions: .none) }

    /// The sections (the panel's, or `panel`) with the registered policies and curves among
    /// the policy and curve choices.
    package static func json(_ panel: [Section] = sections, extensions: ExtensionNames) -> JSONNode {
        .array(
            panel.map { s in
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
        case .point(let max, let step):
            return [("type", .string("point")), ("max", .number(max)), ("step", .number(step))]
        case .json: return [("type", .string("json"))]
        case .lengths(let max, let count):
            return [("type", .string("lengths")), ("max", .number(max)), ("count", .number(count))]
        case .nullable(let inner, let on, let offLabel, let leavesOut):
            return [
                ("type", .string("nullable")), ("on", on), ("offLabel", .string(offLabel)),
                ("leavesOut", .bool(leavesOut)), ("value", .object(json(inner))),
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
