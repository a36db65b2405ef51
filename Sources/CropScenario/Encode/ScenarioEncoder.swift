import CropJSON

/// Writes the decoded model back as scenario JSON with every default filled in: the
/// canonical form the scenario hash is taken over (key order, whitespace, `$schema` and
/// presets do not matter, and a scenario built in code hashes like its JSON), and the text
/// `import` and the playground write.
package enum ScenarioEncoder {
    /// The scenario object through its declaration (`ScenarioKeys`): name, the resolved
    /// editor, `start` when the scenario has one (so a scenario without it hashes as it always
    /// did), fps and the script.
    package static func scenario(_ s: Scenario) -> JSONNode { ScenarioKeys.object.write(s) }

    /// The `start` object through its declaration (`StartKeys`): `mirrored`, `turns` and
    /// `angle` always (their defaults are the initial fit's), `box`, `zoom` and `at` when given
    /// (their defaults depend on the layout).
    package static func start(_ s: StartState) -> JSONNode { StartKeys.object.write(s) }

    /// The stable hash recorded in goldens: FNV-1a 64 of the canonical text.
    package static func hash(_ s: Scenario) -> String {
        StableHash.fnv1a(Array(scenario(s).canonicalText.utf8))
    }

    /// The editor with every key, through its declaration (`EditorKeys`).
    package static func editor(_ e: EditorConfig) -> JSONNode {
        .object(EditorKeys.entries.map { ($0.name, $0.write(e)) })
    }

    /// A step, `{"pan": {...}}`, through its declaration (`StepKeys`): every key of an object
    /// step that has a value, defaults filled in.
    package static func step(_ kind: StepKind) -> JSONNode {
        guard let entry = StepKeys.entry(for: kind) else { return .null }
        return .object([(entry.name, entry.write(kind))])
    }
}

extension JSONNode {
    /// Compact text with object keys sorted: equal values give equal text.
    package var canonicalText: String {
        switch value {
        case .object(let members):
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return "{" + sorted.map { JSONNode.quote($0.key) + ":" + $0.node.canonicalText }.joined(separator: ",")
                + "}"
        case .array(let items): return "[" + items.map(\.canonicalText).joined(separator: ",") + "]"
        default: return serialized()
        }
    }
}
