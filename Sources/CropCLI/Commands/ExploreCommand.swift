import Foundation
import CropScenario
import CropEngine
import CropGoldens

extension Commands {
    static func explore(_ args: [String], _ console: Console) throws -> Int32 {
        let a = try Arguments(args, command: "explore", flags: [], options: ["--preset", "--policy", "--count", "--seed", "--out"])
        let presets = a.options["--preset"].map { [$0] } ?? Preset.all.map { $0.name }
        for p in presets where Preset.named(p) == nil {
            throw UsageError(message: "unknown preset '\(p)'; expected one of \(Preset.all.map { $0.name }.joined(separator: ", "))", command: "explore")
        }
        var policies = PolicyKind.allCases
        if let k = a.options["--policy"] {
            guard let kind = PolicyKind(rawValue: k) else {
                throw UsageError(message: "unknown policy '\(k)'; expected rollback, clamp, rubberBand, snapNearest or none", command: "explore")
            }
            policies = [kind]
        }
        let count = try a.int("--count", min: 1, max: 10_000_000, command: "explore") ?? 1000
        guard let seed = UInt64(a.options["--seed"] ?? "1") else { throw UsageError(message: "'--seed' expects a whole number", command: "explore") }
        let out = a.options["--out"] ?? "out/explore"
        var failures = 0
        for preset in presets {
            for policy in policies {
                let summary: Explorer.Summary
                do { summary = try Explorer.run(preset: preset, policy: policy, count: count, seed: seed) } catch { throw ReplayFailure.badInput(error.description) }
                console.out("\(preset) / \(policy.rawValue): \(summary.scripts) scripts, \(summary.frames) frames, \(summary.findings.count) findings")
                for f in summary.findings {
                    let path = "\(out)/explore-\(preset)-\(policy.rawValue)-\(f.seed).json"
                    do { try FileIO.writeAtomically(path, f.scenarioJSON) } catch { throw ReplayFailure.badInput(error.description) }
                    console.out("  \(f.violation)\n  reproduce: cropreplay validate \(path)")
                    failures += 1
                }
            }
        }
        return failures > 0 ? 1 : 0
    }
}
