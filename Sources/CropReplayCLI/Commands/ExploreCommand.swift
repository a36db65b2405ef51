import CropExplore
import CropJSON
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
            .init(
                name: "--invariant", value: "<list>",
                help:
                    "Comma-separated invariants to check (default: all):"
                    + " \(Invariant.allCases.map(\.rawValue).joined(separator: ", "))."
            ),
            .init(name: "--fps", value: "<list>", help: "Frame rates for the rate invariant (default: 30,60,120)."),
            SharedOption.out("out/explore", "Where failing scenarios go"),
            SharedOption.jobs,
        ],
        discussion: """
            Random scripts of the steps each editor allows (pans, pinches, together, touches, cancels, waits,
            twists, straightens, quarter turns, flips, box drags, aspect steps, double taps, crops) are replayed
            and checked. Invariants:
              finite       no NaN or infinity; the replay never fails
              clamp        clamp never shows an invalid state
              mask         the mask is visible when idle (always, hiddenWhileTouching)
              settled      after `until settled` the box is covered (at any angle) where the policy promises it
              jump         a frame with only began events, or none, moves nothing but the running animation;
                           a began that interrupts an animation moves neither image nor box
              oscillation  a settle changes direction no more often than its curve allows
              rate         the same script at 30, 60 and 120 fps ends in the same state (none, clamp,
                           rubberBand, snapNearest; rollback stores sampled states, so it is not claimed)
              crops        crops lie in the image, `round` keeps square and aspect sizes, and pixels match a render
              target       a settle that runs to its end lands exactly on its target
              box          bounds, minimum size, locked aspect, re-fit content and start frame
              identities   four quarter turns and two flips are identities
              projection   P is idempotent; R then its inverse returns the state
              continuity   no began moves the image; a box drag never moves it; under the rubber band
                           the shown image is the band of the raw state, so the next event never jumps
              render       about one frame in 50 renders (a thumbnail, or a small window with faces, handles
                           and a grid past every edge) at the viewport's size, the same in bands
            A failing script is shrunk and written as a scenario file that reproduces it.

            Exit status: 0 no finding, 1 findings written.
            """,
        run: { a, console in try Commands.explore(a, console) })

    static func explore(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let presets = a.options["--preset"].map { [$0] } ?? Preset.all.map(\.name)
        for p in presets where Preset.named(p) == nil {
            throw UsageError(
                message:
                    "unknown preset '\(Echo.cap(p))'; expected one of"
                    + " \(Preset.all.map(\.name).joined(separator: ", "))",
                command: "explore")
        }
        var policies = PolicyKind.allCases
        if let k = a.options["--policy"] {
            let kind = PolicyKind(rawValue: k)
            guard kind.isBuiltIn else {
                throw UsageError(
                    message:
                        "unknown policy '\(Echo.cap(k))'; expected"
                        + " \(PolicyKind.allCases.map(\.rawValue).joined(separator: ", "))",
                    command: "explore")
            }
            policies = [kind]
        }
        var invariants = Set(Invariant.allCases)
        if let list = a.options["--invariant"] {
            invariants = []
            for name in list.split(separator: ",").map(String.init) {
                guard let inv = Invariant(rawValue: name) else {
                    throw UsageError(
                        message:
                            "unknown invariant '\(Echo.cap(name))'; expected"
                            + " \(Invariant.allCases.map(\.rawValue).joined(separator: ", "))",
                        command: "explore")
                }
                invariants.insert(inv)
            }
        }
        var fps = [30, 60, 120]
        if let list = a.options["--fps"] {
            fps = []
            for item in list.split(separator: ",") {
                guard let n = Int(item), n >= 1, n <= 240 else {
                    throw UsageError(
                        message: "'--fps' expects frame rates from 1 to 240, got '\(Echo.cap(String(item)))'",
                        command: "explore")
                }
                fps.append(n)
            }
        }
        let count = try a.int("--count", min: 1, max: 10_000_000) ?? 1000
        guard let seed = UInt64(a.options["--seed"] ?? "1") else {
            throw UsageError(message: "'--seed' expects a whole number from 0 to \(UInt64.max)", command: "explore")
        }
        let out = a.options["--out"] ?? "out/explore"
        let jobs = try jobs(a)
        let runs = presets.flatMap { p in policies.map { (p, $0) } }
        let chosen = invariants
        let rates = fps
        let results = LockedDictionary<Int, Result<Explorer.Summary, ScenarioError>>()
        try? Parallel.forEach(count: runs.count, jobs: jobs) { i in
            var config = Explorer.Config(preset: runs[i].0, policy: runs[i].1, count: count, seed: seed)
            config.invariants = chosen
            config.fps = rates
            do throws(ScenarioError) { results.set(i, .success(try Explorer.run(config))) } catch {
                results.set(i, .failure(error))
            }
        }
        var total: [Invariant: Explorer.Tally] = [:]
        var findings = 0
        for (i, run) in runs.enumerated() {
            guard let result = results.get(i) else { continue }
            let summary: Explorer.Summary
            switch result {
            case .success(let s): summary = s
            case .failure(let e): throw ReplayFailure.scenario(e)
            }
            console.out(
                "\(run.0) / \(run.1.rawValue): \(summary.scripts) scripts, \(summary.frames) frames,"
                    + " \(summary.findings.count) findings"
            )
            for (inv, tally) in summary.tallies {
                total[inv, default: Explorer.Tally()].scripts += tally.scripts
                total[inv, default: Explorer.Tally()].frames += tally.frames
                total[inv, default: Explorer.Tally()].findings += tally.findings
            }
            for f in summary.findings {
                let path = "\(out)/explore-\(f.invariant.rawValue)-\(run.0)-\(run.1.rawValue)-\(f.seed).json"
                do { try FileIO.writeAtomically(path, f.scenarioJSON) } catch { throw ReplayFailure.unwritable(error) }
                console.out("  [\(f.invariant.rawValue)] \(f.violation)\n  reproduce: \(a.program) run \(path)")
                findings += 1
            }
        }
        console.out("")
        console.out("| invariant | scripts | frames | findings |")
        console.out("|---|---|---|---|")
        for inv in Invariant.allCases where invariants.contains(inv) {
            let t = total[inv] ?? Explorer.Tally()
            console.out("| \(inv.rawValue) | \(t.scripts) | \(t.frames) | \(t.findings) |")
        }
        return findings > 0 ? 1 : 0
    }
}
