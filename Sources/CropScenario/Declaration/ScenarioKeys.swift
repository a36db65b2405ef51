import CropJSON

/// The scenario object's own keys (docs/scenarios.md, "Scenarios"), declared once: each key's
/// JSON name, shape, doc line and default, and how the decoder reads it (in declaration
/// order: `preset` before `editor`, `editor` before `script`), the encoder writes the
/// canonical form (and the scenario hash) and the validator checks a `Scenario` built in
/// Swift, in the order the decoder reads a file. The JSON Schema's top level and the
/// reference's first table are made from it; defaults are the model's (`Scenario.init`).
///
/// The editor, the start state and the steps have declarations of their own (`EditorKeys`,
/// `StartKeys`, `StepKeys`); here they are one key each.
package enum ScenarioKeys {
    package static let object = KeyObject<Scenario>([schema, name, preset, editor, start, fps, script])

    /// The keys a scenario accepts, in order.
    package static var names: [String] { object.names }

    /// The keys as the schema and the reference see them.
    package static var infos: [KeyInfo] { object.infos(defaults: Scenario(name: "", script: [])) }

    /// The frames per second a scenario may have.
    static let fpsRange = 1...240

    static let schema = Key<Scenario>(
        "$schema", .custom(schema: .object([("type", .string("string"))]), text: "a path or URL"),
        doc: "where editors find this schema (scenarios/schema.json); ignored by cropreplay", defaultNote: "none",
        read: { f, _, _ throws(ScenarioError) in _ = try f.string() },
        write: { _ in nil })

    static let name = Key<Scenario>(
        "name", .outputName, doc: "the output folder's and the golden's name",
        defaultNote: "the file name without `.json`",
        read: { f, s, _ throws(ScenarioError) in s.name = try f.outputName() },
        write: { .string($0.name) },
        check: { s, place in OutputName.problem(s.name, at: place) },
        missing: { s, _ throws(ScenarioError) in
            guard !OutputName.isValid(s.name) else { return }
            throw ScenarioError(
                file: s.file, place: nil,
                message: "the file name \"\(s.name)\" is not a valid scenario name (A-Z a-z 0-9 . _ -, at most 100);"
                    + " give a \"name\"")
        })

    static let preset = Key<Scenario>(
        "preset", .choice(Preset.all.map(\.name), registered: nil),
        doc: "a preset editor to start from (docs/scenarios.md, Presets); `editor` keys override it",
        defaultNote: "none: the editor's defaults",
        read: { p, s, _ throws(ScenarioError) in
            let text = try p.string()
            guard Preset.named(text) != nil else {
                let names = Preset.all.map { $0.name }
                let hint = Suggest.closest(text, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw p.error(
                    "unknown preset \"\(Echo.cap(text))\"\(hint); expected one of: \(names.joined(separator: ", "))")
            }
            s.preset = text
        },
        // The editor is written whole: a preset does not change the hash.
        write: { _ in nil })

    static let editor = Key<Scenario>(
        "editor", .custom(schema: ScenarioSchema.ref("editor"), text: "an object: the editor's keys"),
        doc: "the editor, key by key; with a preset, object by object over the preset's",
        defaultNote: "the preset's editor, or the editor's defaults",
        read: { f, s, extensions throws(ScenarioError) in
            var node = f.node
            if let preset = s.preset.flatMap(Preset.named) {
                _ = try f.object(allowed: EditorKeys.names)  // report unknown keys against the user's text
                node = EditorMerge.merge(preset: preset.editorNode, user: f.node)
            }
            s.editor = try EditorDecoder(extensions: extensions).decode(Field(node: node, path: f.path, file: f.file))
        },
        write: { ScenarioEncoder.editor($0.editor) },
        check: { s, place in s.editor.problem(at: place) },
        missing: { s, extensions throws(ScenarioError) in
            let node = s.preset.flatMap(Preset.named)?.editorNode ?? JSONNode(.object([]))
            s.editor = try EditorDecoder(extensions: extensions).decode(
                Field(node: node, path: "editor", file: s.file))
        })

    static let start = Key<Scenario>(
        "start", .custom(schema: ScenarioSchema.ref("start"), text: "an object: the start state's keys"),
        doc: "a saved edit re-opened at frame 0: the photo already flipped, turned, straightened, zoomed and moved,"
            + " the box resized",
        defaultNote: "none: the initial fit",
        read: { f, s, _ throws(ScenarioError) in s.start = try ScenarioDecoder.decodeStart(f) },
        // Written only when given, so a scenario without it hashes as it always did.
        write: { s in s.start.map(ScenarioEncoder.start) },
        check: { s, place in s.start?.problem(at: place) })

    static let fps = Key<Scenario>(
        "fps", .integer(fpsRange), doc: "frames per second",
        // Its range is checked as it is read, before the script.
        read: { f, s, _ throws(ScenarioError) in
            s.fps = try f.integer(min: fpsRange.lowerBound, max: fpsRange.upperBound)
        },
        write: { .number($0.fps) },
        check: { s, place in fpsRange.problem(s.fps, at: place) })

    static let script = Key<Scenario>(
        "script",
        .custom(
            schema: .object([("type", .string("array")), ("items", ScenarioSchema.ref("step"))]),
            text: "`[step, ...]`: the steps below"),
        doc: "the steps, in order",
        read: { f, s, _ throws(ScenarioError) in
            var decoder = ScriptDecoder(editor: s.editor)
            s.script = try decoder.decodeScript(f)
        },
        write: { s in .array(s.script.map { ScenarioEncoder.step($0.kind) }) },
        check: { s, _ in
            var validator = ScriptValidator(editor: s.editor)
            for step in s.script { if let p = validator.problem(step.kind, at: step.path) { return p } }
            return nil
        })
}
