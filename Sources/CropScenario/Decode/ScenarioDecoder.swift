import CropGeometry
import CropJSON

/// Turns scenario text into a validated `Scenario` (docs/scenarios.md).
package enum ScenarioDecoder {
    static let topKeys = Keys.top

    /// Decodes scenario JSON text.
    /// - Parameters:
    ///   - text: the file's bytes.
    ///   - file: the path shown in messages.
    ///   - defaultName: the name when the scenario gives none (the file name without `.json`).
    ///   - directory: the folder image paths are relative to.
    ///   - extensions: the registered policy and curve names a scenario may use.
    package static func decode(
        bytes: [UInt8], file: String, defaultName: String, directory: String, extensions: ExtensionNames = .none
    ) throws(ScenarioError) -> Scenario {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes: bytes)
        } catch {
            throw ScenarioError(file: file, place: "\(error.line):\(error.column)", message: error.message)
        }
        let top = Field(node: root, path: "", file: file)
        guard case .object = root.value else {
            throw ScenarioError(
                file: file, place: "1:1", message: "expected a scenario object {...}, got \(root.value.kindName)")
        }
        let f = try top.object(allowed: topKeys)
        if let schema = f["$schema"] { _ = try schema.string() }

        var name = defaultName
        if let n = f["name"] { name = try n.outputName() }
        if !OutputName.isValid(name) {
            throw ScenarioError(
                file: file, place: nil,
                message:
                    "the file name \"\(name)\" is not a valid scenario name (A-Z a-z 0-9 . _ -, at most"
                    + " 100); give a \"name\""
            )
        }

        var editorNode = f["editor"]?.node ?? JSONNode(.object([]))
        var presetName: String?
        if let p = f["preset"] {
            let s = try p.string()
            guard let preset = Preset.named(s) else {
                let names = Preset.all.map { $0.name }
                let hint = Suggest.closest(s, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw p.error(
                    "unknown preset \"\(Echo.cap(s))\"\(hint); expected one of: \(names.joined(separator: ", "))")
            }
            presetName = s
            if let user = f["editor"] {
                _ = try user.object(allowed: EditorKeys.names)  // report unknown keys against the user's text
                editorNode = EditorMerge.merge(preset: preset.editorNode, user: user.node)
            } else {
                editorNode = preset.editorNode
            }
        }
        let editor = try EditorDecoder(extensions: extensions).decode(
            Field(node: editorNode, path: "editor", file: file))
        let start = try f["start"].map { (field: Field) throws(ScenarioError) -> StartState in try decodeStart(field) }
        let fps = try f["fps"]?.integer(min: 1, max: 240) ?? 60
        var scriptDecoder = ScriptDecoder(editor: editor)
        let script = try scriptDecoder.decodeScript(f["script"])
        return Scenario(
            name: name, file: file, directory: directory, preset: presetName, editor: editor, fps: fps, script: script,
            start: start)
    }

    /// The `start` object through its declaration (`StartKeys`): each key optional, each in its
    /// range (the checks that need the image and the layout run when the replay starts, before
    /// anything is written).
    package static func decodeStart(_ field: Field) throws(ScenarioError) -> StartState {
        var start = StartState()
        try StartKeys.object.read(field, into: &start, .none)
        if let problem = start.problem(at: field.path) { throw problem.error(file: field.file) }
        return start
    }

    /// Decodes scenario text given as a string (built-in scenarios, tests).
    package static func decode(
        text: String, file: String = "<inline>", defaultName: String = "inline", directory: String = ".",
        extensions: ExtensionNames = .none
    ) throws(ScenarioError) -> Scenario {
        try decode(
            bytes: Array(text.utf8), file: file, defaultName: defaultName, directory: directory, extensions: extensions)
    }
}
