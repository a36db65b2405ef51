import CropJSON
import CropScenario

/// One column of a comparison: a label and the editor it replays the script with.
package struct Variant: Sendable {
    package var label: String
    package var editor: EditorConfig
}

/// What `compare` can vary (one key per run): the policy, the re-fit delay, the re-fit
/// animation, or the settle animation.
package enum Variation: String, CaseIterable, Sendable {
    case policy
    case refitDelay = "refit.delay"
    case refitAnimation = "refit.animation"
    case policyAnimation = "policy.animation"

    /// The variants of `base` for the values given (text as on the command line); `registered`
    /// names the policies of the user's own that may be compared with the built-ins (a
    /// registered policy takes the scenario's `params` when the scenario names it, else none).
    package func variants(of base: EditorConfig, values: [String], registered: [String] = []) throws(VariationError)
        -> [Variant]
    {
        var out: [Variant] = []
        for text in values {
            var e = base
            switch self {
            case .policy:
                let kind = PolicyKind(rawValue: text)
                guard kind.isBuiltIn || registered.contains(text) else {
                    let names = PolicyKind.allCases.map(\.rawValue) + registered
                    throw VariationError(
                        key: rawValue, value: text, expected: "one of \(names.joined(separator: ", "))")
                }
                if kind != base.policy.kind { e.policy.parameters = .empty() }
                e.policy.kind = kind
            case .refitDelay:
                guard let d = Double(text), d.isFinite, d >= 0, d <= Limits.maxSeconds else {
                    throw VariationError(key: rawValue, value: text, expected: "seconds >= 0")
                }
                e.refit.delay = d
            case .refitAnimation:
                e.refit.animation = try Variation.curve(text, key: rawValue)
            case .policyAnimation:
                e.policy.animation = try Variation.curve(text, key: rawValue)
            }
            let label = self == .policy ? text : "\(rawValue)=\(text)"
            if !out.contains(where: { $0.label == label }) { out.append(Variant(label: label, editor: e)) }
        }
        return out
    }

    /// Why varying this key changes nothing for `editor`, if it does not.
    package func ineffective(for editor: EditorConfig) -> String? {
        switch self {
        case .refitDelay, .refitAnimation:
            return editor.frame.resizable
                ? nil : "\(rawValue) changes nothing: the editor's frame is not resizable (set frame.resizable)"
        case .policy, .policyAnimation:
            return nil
        }
    }

    /// `none`, `linear:0.25`, `easeOut:0.3`, `easeInOut:0.5` or `spring:0.35:1.0`.
    static func curve(_ text: String, key: String) throws(VariationError) -> AnimationCurve {
        let parts = text.split(separator: ":").map(String.init)
        let numbers = parts.dropFirst().compactMap(Double.init)
        let error = VariationError(
            key: key, value: text, expected: "none, linear:S, easeOut:S, easeInOut:S or spring:RESPONSE:DAMPING")
        guard numbers.count == parts.count - 1, numbers.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 100 }) else {
            throw error
        }
        switch (parts.first ?? "", numbers.count) {
        case ("none", 0): return .none
        case ("linear", 1): return .linear(duration: numbers[0])
        case ("easeOut", 1): return .easeOut(duration: numbers[0])
        case ("easeInOut", 1): return .easeInOut(duration: numbers[0])
        case ("spring", 2) where numbers[0] >= 0.001: return .spring(response: numbers[0], dampingRatio: numbers[1])
        default: throw error
        }
    }
}

/// A value `compare --vary` does not accept.
package struct VariationError: Error, Sendable, CustomStringConvertible {
    package var key: String
    package var value: String
    package var expected: String
    package var description: String { "'\(Echo.cap(value))' is not a value of \(key): expected \(expected)" }
}
