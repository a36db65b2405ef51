import CropEngine
import CropScenario

/// What the explorer replays its scripts on: CropReplay's reference editor (a preset, with a
/// built-in or registered policy and curve over it), or a registered editor model of the
/// user's own on the same preset.
package struct ExploreSubject: Sendable {
    package var preset: String
    /// The policy over the preset's (built-in or registered), or nil for the preset's own.
    package var policy: PolicyKind?
    /// The policy's settle curve over the preset's (built-in or registered), or nil.
    package var curve: String?
    /// A registered editor model (`--model`), or nil for the reference.
    package var model: String?
    /// The user's policies, curves and models.
    package var registrations: Registrations

    package init(
        preset: String, policy: PolicyKind? = nil, curve: String? = nil, model: String? = nil,
        registrations: Registrations = .builtIn
    ) {
        self.preset = preset
        self.policy = policy
        self.curve = curve
        self.model = model
        self.registrations = registrations
    }

    /// The subject as the command's options name it (`explore --preset P --policy K --curve C`),
    /// for an error in the editor they make.
    package var options: String {
        var text = "explore --preset \(preset)"
        if let model { text += " --model \(model)" }
        if let policy { text += " --policy \(policy.rawValue)" }
        if let curve { text += " --curve \(curve)" }
        return text
    }

    /// How findings are named: the model (`model-NAME`) or the policy.
    package func label(_ editor: EditorConfig) -> String {
        model.map { "model-\($0)" } ?? editor.policy.kind.rawValue
    }

    /// A scenario file of generated steps, ending with `until settled`: the preset with the
    /// policy, curve and crop rounding over it (the same text for the same steps).
    package func scenarioJSON(
        steps: [ScriptGenerator.GenStep], name: String, fps: Int = 60, rounding: CropRounding? = nil
    )
        -> String
    {
        let script = (steps.map(\.json) + ["{\"until\": \"settled\"}"]).joined(separator: ",\n    ")
        var overrides: [String] = []
        var policyKeys: [String] = []
        if let policy { policyKeys.append("\"kind\": \"\(policy.rawValue)\"") }
        if let curve { policyKeys.append("\"animation\": {\"curve\": \"\(curve)\"}") }
        if !policyKeys.isEmpty { overrides.append("\"policy\": {\(policyKeys.joined(separator: ", "))}") }
        if let rounding { overrides.append("\"crop\": {\"rounding\": \"\(rounding.rawValue)\"}") }
        return
            "{\n  \"name\": \"\(name)\",\n  \"preset\": \"\(preset)\",\n  \"fps\": \(fps),\n  \"editor\":"
            + " {\(overrides.joined(separator: ", "))},\n"
            + "  \"script\": [\n    \(script)\n  ]\n}\n"
    }

    /// Decodes generated scenario text (with the registered names).
    func decode(_ json: String) throws(ScenarioError) -> Scenario {
        try ScenarioDecoder.decode(
            text: json, file: "explore", defaultName: "explore", extensions: registrations.names)
    }
}
