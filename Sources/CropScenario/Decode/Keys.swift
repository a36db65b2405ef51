/// The keys of the scenario object itself and the built-in curve names. The editor's keys
/// are declared in `EditorKeys` (and `AnimationKeys`), the steps' in `StepKeys` and the
/// start state's in `StartKeys`; the decoders check against these and the JSON Schema
/// (`ScenarioSchema`) is generated from them, so the two cannot drift apart.
package enum Keys {
    /// `$schema` lets editors find scenarios/schema.json; the decoder ignores its value.
    package static let top = ["$schema", "name", "preset", "editor", "start", "fps", "script"]
    package static let curves = ["none", "linear", "easeOut", "easeInOut", "spring"]
}
