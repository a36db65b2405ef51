import CropGeometry
import CropJSON

/// Turns scenario text into a validated `Scenario` (docs/scenarios.md) through the scenario's
/// declaration (`ScenarioKeys`): each part is checked as it is read.
package enum ScenarioDecoder {
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
        var scenario = Scenario(name: defaultName, script: [], directory: directory)
        scenario.file = file
        try ScenarioKeys.object.read(top, into: &scenario, extensions)
        return scenario
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

    /// One step as a script holds it (`{"aspect": [4, 3]}`), read through its declaration
    /// (`StepKeys`) and checked by the script's validator on `editor`, with a script's
    /// messages at `field`'s path (`aspect[0]` when the path is empty).
    package static func decodeStep(_ field: Field, editor: EditorConfig) throws(ScenarioError) -> StepKind {
        let step = try ScriptDecoder.step(field)
        var validator = ScriptValidator(editor: editor)
        if let problem = validator.problem(step.kind, at: step.path) { throw problem.error(file: field.file) }
        return step.kind
    }

    /// An `editor` object read and validated as a scenario's (onto the defaults, every range
    /// and rule checked), its messages at `place` in `file` (`compare --vary` sets one key of an
    /// encoded editor and reads it back through here).
    package static func decodeEditor(
        _ node: JSONNode, file: String, place: String = "editor", extensions: ExtensionNames = .none
    ) throws(ScenarioError) -> EditorConfig {
        try EditorDecoder(extensions: extensions).decode(Field(node: node, path: place, file: file))
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
