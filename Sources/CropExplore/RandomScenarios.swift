import CropEngine
import CropScenario

/// The explorer's random scripts as scenario files of their own, for other uses than the
/// invariants (`cropreplay conform --random`): the same generator, the same seeds.
package enum RandomScenarios {
    /// `count` scenarios of random scripts on a preset, with `editor` (a JSON object of editor
    /// keys, as a scenario's `editor`) over it; what the editor allows decides the steps
    /// (twists only with the rotation gesture, box drags only on a resizable box, ...).
    /// Names are `random-<preset>-<seed>`; the same seed gives the same scenarios.
    package static func make(
        preset: String, editor: String?, editorFile: String = "--editor", count: Int, seed: UInt64,
        registrations: Registrations = .builtIn
    ) throws(ScenarioError) -> [(name: String, json: String)] {
        let probe = scenarioJSON(preset: preset, editor: editor, steps: [], name: "probe")
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
        let caps = ScriptGenerator.Capabilities(editor: scenario.editor, box: layout.frameRect)
        return (0..<count).map { i in
            let scriptSeed = seed &+ UInt64(i) &* 0x9E37_79B9_7F4A_7C15
            var gen = ScriptGenerator(seed: scriptSeed, capabilities: caps)
            let name = "random-\(preset)-\(scriptSeed)"
            return (name, scenarioJSON(preset: preset, editor: editor, steps: gen.script(), name: name))
        }
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
