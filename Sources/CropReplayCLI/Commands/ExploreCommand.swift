import CropExplore
import CropGoldens
import CropJSON
import CropPipeline
import CropScenario
import Foundation

extension Commands {
    static let exploreSpec = CommandSpec(
        name: "explore",
        abstract: "Replay random scripts and check the policies' invariants.",
        overview:
            "Replay random scripts and check each policy's promises (invariants), on CropReplay's reference editor"
            + " or on an editor model of your own.",
        options: [
            .init(name: "--preset", value: "<p>", help: "One preset (default: all)."),
            .init(
                name: "--policy", value: "<k>",
                help: "One policy, built-in or registered (default: all of them), replacing the preset's."),
            .init(
                name: "--curve", value: "<name>",
                help: "The policy's settle curve, built-in or registered (default: the preset's)."),
            .init(
                name: "--model", value: "<name>",
                help: "Explore a registered editor model instead of the reference (its default invariants)."),
            .init(name: "--count", value: "<n>", help: "Scripts per preset and policy (default: 1000)."),
            .init(name: "--seed", value: "<s>", help: "Seed (default: 1); the same seed gives the same scripts."),
            .init(
                name: "--invariant", value: "<list>",
                help:
                    "Comma-separated invariants to check (default: all; with --model:"
                    + " \(Invariant.modelDefaults.map(\.rawValue).joined(separator: ", "))):"
                    + " \(Invariant.allCases.map(\.rawValue).joined(separator: ", "))."
            ),
            .init(name: "--fps", value: "<list>", help: "Frame rates for the rate invariant (default: 30,60,120)."),
            .init(
                name: "--shard", value: "<i/n>",
                help:
                    "Explore only shard i of n: script k of every preset and policy goes to shard k % n + 1, so n CI"
                    + " jobs together explore exactly the scripts of one run."),
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
                           rubberBand, snapNearest, registered policies with memory nothing; rollback
                           stores sampled states, so it is not claimed)
              crops        crops lie in the image, `round` keeps square and aspect sizes, and pixels match a render
              target       a settle that runs to its end lands exactly on its target
              box          bounds, minimum size, locked aspect, re-fit content and start frame
              identities   four quarter turns and two flips are identities
              projection   P is idempotent; R then its inverse returns the state
              continuity   no began moves the image; a box drag never moves it; under the rubber band
                           the shown image is the band of the raw state, so the next event never jumps
              render       about one frame in 50 renders (a thumbnail, or a small window with faces, handles
                           and a grid past every edge) at the viewport's size, the same in bands
            With --model, a registered editor model is checked from what it shows, against what any crop editor
            should keep: finite, settled (where the editor's constraint asks for cover), continuity (no began
            moves the image, a box drag never does), rate, identities, crops and render. The summary prints what
            each invariant assumes; leave out with --invariant one your editor does not promise.
            A failing script is shrunk and written as a scenario file that reproduces it (with --model, under
            `run --model NAME`).

            Exit status: 0 no finding, 1 findings written, 2 bad usage.
            """,
        run: { a, console in try Commands.explore(a, console) })

    static func explore(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let plan: ExplorePlan
        do {
            plan = try ExplorePlan(
                presets: a.options["--preset"].map { [$0] }, policy: a.options["--policy"],
                curve: a.options["--curve"], model: a.options["--model"],
                invariants: a.options["--invariant"].map { $0.split(separator: ",").map(String.init) },
                registrations: a.registrations)
        } catch {
            throw UsageError(message: error.message, command: "explore")
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
            // A list of no rate (`--fps ,`) would leave the rate invariant nothing to compare.
            guard !fps.isEmpty else {
                throw UsageError(
                    message: "'--fps' expects frame rates from 1 to 240, got '\(Echo.cap(list))'", command: "explore")
            }
        }
        let count = try a.int("--count", min: 1, max: 10_000_000) ?? 1000
        guard let seed = UInt64(a.options["--seed"] ?? "1") else {
            throw UsageError(message: "'--seed' expects a whole number from 0 to \(UInt64.max)", command: "explore")
        }
        var shard: Shards.Spec?
        if let text = a.options["--shard"] {
            guard let spec = Shards.Spec(text) else {
                throw UsageError(
                    message:
                        "'--shard' expects i/n with 1 <= i <= n <= \(Shards.Spec.maxCount), got '\(Echo.cap(text))'",
                    command: "explore")
            }
            shard = spec
            let mine = count / spec.count + (spec.index - 1 < count % spec.count ? 1 : 0)
            console.out("shard \(spec.index)/\(spec.count): \(mine) of \(count) scripts per preset and policy")
        }
        let out = a.options["--out"] ?? "out/explore"
        let jobs = try jobs(a)
        let runs = plan.subjects
        let chosen = plan.invariants
        let rates = fps
        let part = shard.map { ($0.index, $0.count) }
        let results = LockedDictionary<Int, Result<Explorer.Summary, ScenarioError>>()
        try? Parallel.forEach(count: runs.count, jobs: jobs) { i in
            var config = Explorer.Config(subject: runs[i], count: count, seed: seed)
            config.invariants = chosen
            config.fps = rates
            config.shard = part
            do throws(ScenarioError) { results.set(i, .success(try Explorer.run(config))) } catch {
                results.set(i, .failure(error))
            }
        }
        var total: [Invariant: Explorer.Tally] = [:]
        var findings = 0
        let model = runs.first?.model
        for (i, run) in runs.enumerated() {
            guard let result = results.get(i) else { continue }
            let summary: Explorer.Summary
            switch result {
            case .success(let s): summary = s
            case .failure(let e): throw ReplayFailure.scenario(e)
            }
            let label = model.map { "model \($0)" } ?? (run.policy?.rawValue ?? "")
            console.out(
                "\(run.preset) / \(label): \(summary.scripts) scripts, \(summary.frames) frames,"
                    + " \(summary.findings.count) findings" + (summary.stopped ? " (stopped at the limit)" : "")
            )
            for (inv, tally) in summary.tallies {
                total[inv, default: Explorer.Tally()].scripts += tally.scripts
                total[inv, default: Explorer.Tally()].frames += tally.frames
                total[inv, default: Explorer.Tally()].findings += tally.findings
            }
            let fileLabel = model.map { "model-\($0)" } ?? (run.policy?.rawValue ?? "")
            for f in summary.findings {
                let path = "\(out)/explore-\(f.invariant.rawValue)-\(run.preset)-\(fileLabel)-\(f.seed).json"
                do { try FileIO.writeAtomically(path, f.scenarioJSON) } catch { throw ReplayFailure.unwritable(error) }
                let how = model.map { " --model \($0)" } ?? ""
                console.out("  [\(f.invariant.rawValue)] \(f.violation)\n  reproduce: \(a.program) run\(how) \(path)")
                findings += 1
            }
        }
        console.out("")
        console.out("| invariant | scripts | frames | findings | assumes |")
        console.out("|---|---|---|---|---|")
        for inv in Invariant.allCases where chosen.contains(inv) {
            let t = total[inv] ?? Explorer.Tally()
            console.out(
                "| \(inv.rawValue) | \(t.scripts) | \(t.frames) | \(t.findings) | \(inv.assumes(model: model != nil)) |"
            )
        }
        return findings > 0 ? 1 : 0
    }
}
