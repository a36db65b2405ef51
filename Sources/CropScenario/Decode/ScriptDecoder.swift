import CropJSON

/// Decodes `script` steps (docs/scenarios.md) through their declaration (`StepKeys`): the
/// JSON's shape as it is read (one key per step, known keys, numbers, names), then each step's
/// ranges and rules by the script's one validator (`ScriptValidator`), in order.
struct ScriptDecoder {
    var validator: ScriptValidator

    init(editor: EditorConfig) { validator = ScriptValidator(editor: editor) }

    mutating func decodeScript(_ field: Field?) throws(ScenarioError) -> [Step] {
        guard let field else { return [] }
        var steps: [Step] = []
        for item in try field.array() {
            let step = try Self.step(item)
            if let problem = validator.problem(step.kind, at: step.path) { throw problem.error(file: field.file) }
            steps.append(step)
        }
        return steps
    }

    /// One step: an object with exactly one key, a declared step's, read by its declaration.
    static func step(_ field: Field) throws(ScenarioError) -> Step {
        guard case .object(let members) = field.node.value else {
            throw field.error("expected a step object such as {\"pan\": {...}}, got \(field.node.value.kindName)")
        }
        guard members.count == 1, let member = members.first else {
            throw field.error("expected a step object with exactly one key, got \(members.count) keys")
        }
        let key = member.key
        guard let entry = StepKeys.entry(key) else {
            let hint = Suggest.closest(key, in: StepKeys.names).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw ScenarioError(
                file: field.file, place: "\(field.path).\(Echo.cap(key))",
                message:
                    "unknown step \"\(Echo.cap(key))\"\(hint); expected one of:"
                    + " \(StepKeys.names.joined(separator: ", "))"
            )
        }
        return Step(kind: try entry.read(field.child(key, member.node)), path: field.path)
    }
}
