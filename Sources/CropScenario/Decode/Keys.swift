/// The built-in curve names. The scenario's own keys are declared in `ScenarioKeys`, the
/// editor's in `EditorKeys` (and `AnimationKeys`), the steps' in `StepKeys` and the start
/// state's in `StartKeys`; the decoders read through them and the JSON Schema
/// (`ScenarioSchema`) is generated from them, so the two cannot drift apart.
package enum Keys {
    package static let curves = ["none", "linear", "easeOut", "easeInOut", "spring"]
}
