// Exploring from a test suite: random scripts on your editor model or policy, checked against
// the invariants `cropreplay explore` checks, failing the test with the shrunk scenario.
//
//     @Test func myEditorKeepsItsPromises() throws {
//         assertExplores(Exploration(model: "mine", registering: try .mine(), count: 200))
//     }
import CropExplore
import CropPipeline
import Foundation

/// A broken invariant found by an `Exploration`, with the shrunk script that shows it.
public struct ExploreFinding: Sendable, CustomStringConvertible {
    /// The invariant broken (`continuity`, `settled`, ...; docs/explore.md).
    public let invariant: String
    /// What broke, in domain terms (`frame 2: a began moved the image: ...`).
    public let violation: String
    /// What the invariant assumes of the editor (leave it out when your editor does not).
    public let assumption: String
    /// The preset the script ran on.
    public let preset: String
    /// The shrunk script as a scenario file (JSON): save it and replay it with `cropreplay run`
    /// (`run --model NAME` for a model), or load it with `Replay.load(json:name:registering:model:)`.
    public let scenario: String
    /// The shrunk script's steps, before its closing `until settled`.
    public let steps: Int

    /// The invariant, the violation, what it assumes and the scenario's text.
    public var description: String {
        "[\(invariant)] \(violation) (assumes: \(assumption))\n\(scenario)"
    }
}

/// Random scripts, from a seed, on your editor model or under your policy (and curve), checked
/// against the invariants `cropreplay explore` checks (docs/explore.md): the same scripts, the
/// same shrinking and the same scenario text for the same arguments.
public struct Exploration: Sendable {
    /// A registered editor model, or nil for CropReplay's reference editor.
    public var model: String?
    /// A policy over the presets' (built-in or registered), or nil: every policy on the
    /// reference, the preset's own under a model.
    public var policy: String?
    /// A settle curve for the policy (built-in or registered), or nil for the preset's.
    public var curve: String?
    /// Your policies, curves and models.
    public var registrations: Registrations
    /// Presets to explore on, or nil for all of them.
    public var presets: [String]?
    /// Scripts per preset and policy.
    public var count: Int
    /// The seed: the same seed gives the same scripts.
    public var seed: UInt64
    /// Invariants by name, or nil for the defaults (every invariant on the reference; on a
    /// model, what any crop editor should keep: finite, settled, continuity, rate, identities,
    /// crops, render).
    public var invariants: [String]?

    /// An exploration; nothing runs until `findings()`.
    public init(
        model: String? = nil, policy: String? = nil, curve: String? = nil,
        registering registrations: Registrations = .builtIn, presets: [String]? = nil, count: Int = 100,
        seed: UInt64 = 1, invariants: [String]? = nil
    ) {
        self.model = model
        self.policy = policy
        self.curve = curve
        self.registrations = registrations
        self.presets = presets
        self.count = count
        self.seed = seed
        self.invariants = invariants
    }

    /// Runs the scripts: the findings (at most five per preset and policy, each shrunk), empty
    /// when every invariant holds. An unknown name, or a count below 1, is a `ScenarioError`
    /// naming the argument and what was expected.
    public func findings() throws -> [ExploreFinding] {
        guard count >= 1 else {
            throw ScenarioError(
                file: "explore", place: "count", message: "expected a count of at least 1, got \(count)")
        }
        let plan: ExplorePlan
        do {
            plan = try ExplorePlan(
                presets: presets, policy: policy, curve: curve, model: model, invariants: invariants,
                registrations: registrations)
        } catch {
            throw ScenarioError(
                file: "explore", place: String(error.option.drop { $0 == "-" }), message: error.message)
        }
        var found: [ExploreFinding] = []
        for subject in plan.subjects {
            var config = Explorer.Config(subject: subject, count: count, seed: seed)
            config.invariants = plan.invariants
            for f in try Explorer.run(config).findings {
                let steps =
                    (try? ScenarioDecoder.decode(
                        text: f.scenarioJSON, file: "finding", defaultName: "finding",
                        extensions: registrations.names
                    ).script.count - 1) ?? 0
                found.append(
                    ExploreFinding(
                        invariant: f.invariant.rawValue, violation: f.violation,
                        assumption: f.invariant.assumes(model: model != nil && model != Registrations.reference),
                        preset: subject.preset, scenario: f.scenarioJSON, steps: steps))
            }
        }
        return found
    }
}

/// Runs `exploration` and fails the current test (Swift Testing or XCTest) when an invariant
/// breaks: the message holds the first finding, what its invariant assumes and the shrunk
/// scenario's text, which is also attached as `<invariant>-finding.json`.
public func assertExplores(
    _ exploration: Exploration,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let findings = try exploration.findings()
        guard let first = findings.first else { return }
        let subject = exploration.model.map { "the model \"\($0)\"" } ?? "the reference editor"
        let run = exploration.model.map { "run --model \($0)" } ?? "run"
        location.fail(
            "explore: \(findings.count) finding\(findings.count == 1 ? "" : "s") on \(subject); the first, shrunk"
                + " to \(first.steps) step\(first.steps == 1 ? "" : "s") on \(first.preset):\n\(first)"
                + "reproduce: save it as a file and `cropreplay \(run)` it",
            attachments: [
                FailureAttachments.File(name: "\(first.invariant)-finding.json", bytes: Array(first.scenario.utf8))
            ])
    } catch {
        location.fail("explore: \(error)", attachments: [])
    }
}
