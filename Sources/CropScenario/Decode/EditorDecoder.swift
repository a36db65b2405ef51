/// Decodes the merged `editor` object (preset + user overrides) through `EditorKeys`: the
/// JSON's shape as it is read (objects with known keys, numbers, names), onto the defaults,
/// then every range and rule by the editor's one validator (docs/scenarios.md).
struct EditorDecoder {
    /// Registered policy and curve names a scenario may use.
    var extensions = ExtensionNames.none

    func decode(_ field: Field?) throws(ScenarioError) -> EditorConfig {
        var editor = EditorConfig.defaults
        let members = try field?.object(allowed: EditorKeys.names) ?? [:]
        for entry in EditorKeys.entries { try entry.read(members[entry.name], &editor, extensions) }
        if let problem = editor.problem(at: field?.path ?? "editor") { throw problem.error(file: field?.file ?? "") }
        return editor
    }
}
