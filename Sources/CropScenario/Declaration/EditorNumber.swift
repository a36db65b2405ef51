import CropJSON

/// Setting one number of an editor by its key path (`policy.rubberBand`,
/// `policy.animation.response`, `policy.params.step`), read and checked through the editor's
/// declaration exactly as a scenario file's `editor` is: what `fit --vary` searches over.
package struct EditorNumber: Sendable {
    /// The key path as given, dot-separated from the editor's keys.
    package let path: String
    /// Where messages say the value came from (`--vary`).
    package let source: String
    let components: [String]
    let base: JSONNode
    /// The editor's `turn.box` left out (it then follows `frame.resizable`): the encoder writes it
    /// resolved, so a read-back editor leaves it out again.
    let turnBoxLeftOut: Bool
    let extensions: ExtensionNames

    /// The number at `path` of `editor`, to be set; the path must name a key that holds a
    /// number (or `null`, for an optional number such as `policy.momentum`).
    package init(_ path: String, of editor: EditorConfig, source: String, extensions: ExtensionNames = .none)
        throws(ScenarioError)
    {
        self.path = path
        self.source = source
        self.extensions = extensions
        base = ScenarioEncoder.editor(editor)
        turnBoxLeftOut = editor.turnBox == nil
        components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !components.contains(where: \.isEmpty), let entry = EditorKeys.entry(components[0]) else {
            throw ScenarioError(
                file: source, place: nil,
                message:
                    "unknown editor key \(JSONNode.quote(Echo.cap(path))): expected a number key such as"
                    + " policy.rubberBand, policy.momentum, policy.animation.response or refit.delay")
        }
        if components.count >= 2, entry.value == nil, components[1] != "params", components[1] != "animation",
            let key = entry.keys.first(where: { $0.name == components[1] })
        {
            if !Self.isNumber(key.shape) {
                throw ScenarioError(
                    file: source, place: "editor.\(path)",
                    message: "expected a key that holds a number; this one does not")
            }
        }
        // The current value must read back: a path the editor does not accept is refused here.
        _ = try self.editor(with: current ?? 0)
    }

    /// The value the editor has now (nil when the key is absent or null).
    package var current: Double? {
        var node = base
        for c in components {
            guard let next = node[c] else { return nil }
            node = next
        }
        if case .number(let d, _) = node.value { return d }
        return nil
    }

    /// The editor with the number set to `value`, checked by the editor's validator
    /// (`source: editor.policy.rubberBand: expected a rubber-band constant above 0 ...`).
    package func editor(with value: Double) throws(ScenarioError) -> EditorConfig {
        try read(base.setting(components[...], to: .number(value)))
    }

    /// The editor with several numbers set at once, each as `editor(with:)` checks them.
    package static func editor(_ numbers: [EditorNumber], values: [Double]) throws(ScenarioError) -> EditorConfig {
        guard let first = numbers.first else {
            throw ScenarioError(file: "", place: nil, message: "no editor number to set")
        }
        var node = first.base
        for (n, v) in zip(numbers, values) { node = node.setting(n.components[...], to: .number(v)) }
        return try first.read(node)
    }

    /// An encoded editor read back through the scenario's decoder and validator.
    func read(_ node: JSONNode) throws(ScenarioError) -> EditorConfig {
        var editor = try ScenarioDecoder.decodeEditor(node, file: source, extensions: extensions)
        if turnBoxLeftOut, components != ["turn", "box"] { editor.turnBox = nil }
        return editor
    }

    static func isNumber(_ shape: KeyShape) -> Bool {
        switch shape {
        case .number, .integer: return true
        case .nullable(let inner): return isNumber(inner)
        default: return false
        }
    }
}
