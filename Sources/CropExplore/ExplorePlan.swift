import CropEngine
import CropJSON
import CropScenario

/// What one exploration replays, from names as a user gives them (the `explore` command's
/// options, or the Swift entry point's arguments), checked once here: each name is a preset,
/// policy, curve, model or invariant that exists, or a one-line refusal naming what was
/// expected.
package struct ExplorePlan: Sendable {
    /// One preset under one policy (or model): `count` scripts each.
    package var subjects: [ExploreSubject]
    /// The invariants checked.
    package var invariants: Set<Invariant>

    /// A name that is not one of those expected: `option` is the option it came from
    /// (`--policy`), `message` the line without it.
    package struct Refusal: Error, Sendable, CustomStringConvertible {
        package var option: String
        package var message: String
        package var description: String { message }
    }

    /// - `presets`: nil for every preset.
    /// - `policy`: nil for every built-in and registered policy on the reference (or the
    ///   preset's own under a model).
    /// - `curve`: a built-in or registered curve for the policy's settles, nil for the preset's.
    /// - `model`: a registered editor model, nil (or `reference`) for CropReplay's reference.
    /// - `invariants`: nil for the subject's defaults (every invariant for the reference,
    ///   `Invariant.modelDefaults` for a model).
    package init(
        presets: [String]?, policy: String?, curve: String?, model: String?, invariants: [String]?,
        registrations: Registrations
    ) throws(Refusal) {
        let presetNames = Preset.all.map(\.name)
        for p in presets ?? [] where Preset.named(p) == nil {
            throw Refusal(
                option: "--preset",
                message: "unknown preset '\(Echo.cap(p))'; expected one of \(presetNames.joined(separator: ", "))")
        }
        let model = model == Registrations.reference ? nil : model
        if let model, !registrations.modelNames.contains(model) {
            let names = [Registrations.reference] + registrations.modelNames
            throw Refusal(
                option: "--model",
                message: "unknown model '\(Echo.cap(model))'; expected one of \(names.joined(separator: ", "))")
        }
        let policyNames = PolicyKind.allCases.map(\.rawValue) + registrations.policyNames
        var policies: [PolicyKind?] = model == nil ? policyNames.map { PolicyKind(rawValue: $0) } : [nil]
        if let policy {
            guard policyNames.contains(policy) else {
                throw Refusal(
                    option: "--policy",
                    message: "unknown policy '\(Echo.cap(policy))'; expected \(policyNames.joined(separator: ", "))")
            }
            policies = [PolicyKind(rawValue: policy)]
        }
        if let curve {
            let curveNames = Keys.curves + registrations.curveNames
            guard curveNames.contains(curve) else {
                throw Refusal(
                    option: "--curve",
                    message: "unknown curve '\(Echo.cap(curve))'; expected \(curveNames.joined(separator: ", "))")
            }
        }
        let allowed = model == nil ? Invariant.allCases : Invariant.modelDefaults
        if let names = invariants {
            var chosen = Set<Invariant>()
            for name in names {
                guard let inv = Invariant(rawValue: name), allowed.contains(inv) else {
                    let why =
                        Invariant(rawValue: name) != nil
                        ? " (it needs the reference's internals; a model is checked from what it shows)" : ""
                    throw Refusal(
                        option: "--invariant",
                        message:
                            "unknown invariant '\(Echo.cap(name))'\(why); expected"
                            + " \(allowed.map(\.rawValue).joined(separator: ", "))")
                }
                chosen.insert(inv)
            }
            // A list of no name (`--invariant ,`) would check nothing and pass.
            guard !chosen.isEmpty else {
                throw Refusal(
                    option: "--invariant",
                    message:
                        "'--invariant' names no invariant; expected a comma-separated list of"
                        + " \(allowed.map(\.rawValue).joined(separator: ", "))")
            }
            self.invariants = chosen
        } else {
            self.invariants = Set(allowed)
        }
        subjects = (presets ?? presetNames).flatMap { preset in
            policies.map {
                ExploreSubject(preset: preset, policy: $0, curve: curve, model: model, registrations: registrations)
            }
        }
    }
}
