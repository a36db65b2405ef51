import CropEngine
import CropScenario

/// The explorer's random scripts as scenario files of their own, for other uses than the
/// invariants (`cropreplay conform --random`): the same generator, the same seeds. Each
/// scenario is made when it is asked for, so a long run holds only the ones in use.
package struct RandomScenarios: Sendable {
    package let preset: String
    /// The editor keys over the preset (a JSON object, as a scenario's `editor`), or nil.
    package let editor: String?
    package let seed: UInt64
    private let capabilities: ScriptGenerator.Capabilities

    /// Random scripts on `preset` with `editor` over it; what the editor allows decides the
    /// steps (twists only with the rotation gesture, box drags only on a resizable box, ...).
    /// An invalid editor is an error naming `editorFile`, at the key's JSON path.
    package init(
        preset: String, editor: String?, editorFile: String = "--editor", seed: UInt64,
        registrations: Registrations = .builtIn
    ) throws(ScenarioError) {
        self.preset = preset
        self.editor = editor
        self.seed = seed
        let probe = Self.scenarioJSON(preset: preset, editor: editor, steps: [], name: "probe")
        let scenario = try ScenarioDecoder.decode(
            text: probe, file: editorFile, defaultName: "probe", extensions: registrations.names)
        var w = 1600
        var h = 1200
        if case .testcard(let tw, let th) = scenario.editor.image {
            w = tw
            h = th
        }
        let layout = Layout(
            editor: scenario.editor, viewportWidth: scenario.editor.viewport.width,
            viewportHeight: scenario.editor.viewport.height, imageWidth: w, imageHeight: h)
        capabilities = ScriptGenerator.Capabilities(editor: scenario.editor, box: layout.frameRect)
    }

    /// Scenario `index` (from 0): named `random-<preset>-<script seed>`, the same for the same
    /// seed and index.
    package func scenario(_ index: Int) -> (name: String, json: String) {
        let scriptSeed = seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
        var gen = ScriptGenerator(seed: scriptSeed, capabilities: capabilities)
        let name = "random-\(preset)-\(scriptSeed)"
        return (name, Self.scenarioJSON(preset: preset, editor: editor, steps: gen.script(), name: name))
    }

    /// A scenario file of generated steps, ending with `until settled`.
    static func scenarioJSON(preset: String, editor: String?, steps: [ScriptGenerator.GenStep], name: String)
        -> String
    {
        let script = (steps.map(\.json) + ["{\"until\": \"settled\"}"]).joined(separator: ",\n    ")
        return "{\n  \"name\": \"\(name)\",\n  \"preset\": \"\(preset)\",\n  \"editor\": \(editor ?? "{}"),\n"
            + "  \"script\": [\n    \(script)\n  ]\n}\n"
    }
}
