import CropExplore
import CropPipeline
import CropScenario
import Foundation

extension Commands {
    static let exploreSpec = CommandSpec(
        name: "explore",
        abstract: "Replay random scripts and check the policies' invariants.",
        overview: "Replay random scripts and check each policy's promises (invariants).",
        options: [
            .init(name: "--preset", value: "<p>", help: "One preset (default: all)."),
            .init(name: "--policy", value: "<k>", help: "One policy (default: all five), replacing the preset's."),
            .init(name: "--count", value: "<n>", help: "Scripts per preset and policy (default: 1000)."),
            .init(name: "--seed", value: "<s>", help: "Seed (default: 1); the same seed gives the same scripts."),
            SharedOption.out("out/explore", "Where failing scenarios go"),
        ],
        discussion: """
            Random scripts of pans, pinches, together, touches, cancels and waits are replayed and checked:
            no number is NaN or infinite; the recognizer machine never errors; clamp never shows an invalid
            state; after `until settled` clamp, rubberBand, snapNearest and whole rollback are valid; the mask
            is visible when idle (always, hiddenWhileTouching). A failing script is shrunk and written as a
            scenario file that reproduces it.

            Exit status: 0 no finding, 1 findings written.
            """,
        run: { a, console in try Commands.explore(a, console) })

    static func explore(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let presets = a.options["--preset"].map { [$0] } ?? Preset.all.map(\.name)
        for p in presets where Preset.named(p) == nil {
            throw UsageError(
                message: "unknown preset '\(Echo.cap(p))'; expected one of \(Preset.all.map(\.name).joined(separator: ", "))",
                command: "explore")
        }
        var policies = PolicyKind.allCases
        if let k = a.options["--policy"] {
            guard let kind = PolicyKind(rawValue: k) else {
                throw UsageError(
                    message: "unknown policy '\(Echo.cap(k))'; expected \(PolicyKind.allCases.map(\.rawValue).joined(separator: ", "))",
                    command: "explore")
            }
            policies = [kind]
        }
        let count = try a.int("--count", min: 1, max: 10_000_000) ?? 1000
        guard let seed = UInt64(a.options["--seed"] ?? "1") else {
            throw UsageError(message: "'--seed' expects a whole number from 0 to \(UInt64.max)", command: "explore")
        }
        let out = a.options["--out"] ?? "out/explore"
        var failures = 0
        for preset in presets {
            for policy in policies {
                let summary: Explorer.Summary
                do { summary = try Explorer.run(preset: preset, policy: policy, count: count, seed: seed) } catch {
                    throw ReplayFailure.scenario(error)
                }
                console.out(
                    "\(preset) / \(policy.rawValue): \(summary.scripts) scripts, \(summary.frames) frames, \(summary.findings.count) findings"
                )
                for f in summary.findings {
                    let path = "\(out)/explore-\(preset)-\(policy.rawValue)-\(f.seed).json"
                    do { try FileIO.writeAtomically(path, f.scenarioJSON) } catch { throw ReplayFailure.unwritable(error) }
                    console.out("  \(f.violation)\n  reproduce: cropreplay validate \(path)")
                    failures += 1
                }
            }
        }
        return failures > 0 ? 1 : 0
    }
}
