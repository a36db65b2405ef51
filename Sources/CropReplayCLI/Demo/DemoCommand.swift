import CropBitmap
import CropCompare
import CropImageIO
import CropPipeline
import CropScenario
import Foundation

extension Commands {
    static let demoSpec = CommandSpec(
        name: "demo",
        abstract: "Replay one scenario per preset and a policy comparison into out/demo, with a gallery page.",
        overview:
            "Replay the built-in demo (no files needed): per preset an animation (APNG, GIF and WebP), a"
            + " contact sheet and snapshots; a comparison of the five snap-back policies; and out/demo/index.html linking everything.",
        options: [SharedOption.out("out/demo", "Output folder"), SharedOption.jobs],
        discussion:
            "The scenarios are written beside their outputs (out/demo/*.json, with the sample photo"
            + " photo.png), so `cropreplay run out/demo/<name>.json` replays one again.",
        run: { a, console in try Commands.demo(a, console) })

    static func demo(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let out = a.options["--out"] ?? "out/demo"
        let jobs = try Commands.jobs(a)
        // An output that cannot be written (--out on a file, a dangling link, a read-only
        // folder) is exit 2 with its one line, as in run and compare.
        return try ReplayFailure.writingOutputs(of: out) { try demo(out: out, jobs: jobs, console) }
    }

    /// Writes the demo into `out`.
    static func demo(out: String, jobs: Int, _ console: Console) throws -> Int32 {
        // The sample photo (drawn in bands on every core) and the scenario files first; photo.png
        // is written beside the replays below (they use the photo in memory).
        let photo = SamplePhoto.image(width: 1600, height: 1200) { bands, draw in
            try? Parallel.forEach(count: bands, jobs: jobs) { draw($0) }
        }
        for demo in DemoScenarios.all + [DemoScenarios.comparison] {
            try FileIO.writeAtomically(out + "/\(demo.name).json", demo.json + "\n")
        }
        /// A scenario as written above, with the photo already in memory (what decoding
        /// photo.png gives: PNG is lossless).
        @Sendable func load(_ demo: DemoScenario) throws -> LoadedScenario {
            let path = out + "/\(demo.name).json"
            let scenario: Scenario
            do {
                scenario = try ScenarioDecoder.decode(
                    text: demo.json, file: path, defaultName: demo.name, directory: out)
            } catch {
                throw ReplayFailure.scenario(error)
            }
            if case .file = scenario.editor.image { return LoadedScenario(scenario: scenario, image: photo) }
            return try LoadedScenario.withImage(scenario)
        }
        // The presets (tasks 1...7), the comparison (0) and photo.png (8) run side by side, each
        // one frame at a time (the outputs are the same bytes for any --jobs), longest first so
        // the cores finish together (by their measured durations).
        let demos = DemoScenarios.all
        let photoTask = demos.count + 1
        let longestFirst = demos.indices.sorted { demos[$0].debugSeconds > demos[$1].debugSeconds }.map { $0 + 1 }
        let order = [0] + longestFirst + [photoTask]
        let entries = LockedDictionary<Int, DemoGallery.Entry>()
        let messages = LockedDictionary<Int, [(error: Bool, text: String)]>()
        try Parallel.forEach(count: order.count, jobs: jobs) { position in
            let task = order[position]
            var said: [(error: Bool, text: String)] = []
            defer { messages.set(task, said) }
            if task == photoTask {
                try FileIO.writeAtomically(out + "/photo.png", PNGCodec.encode(photo, .shared))
                return
            }
            if task == 0 {
                // One comparison: the same drag under the five policies.
                let comparison = DemoScenarios.comparison
                let loaded = try load(comparison)
                let variants = try Variation.policy.variants(
                    of: loaded.scenario.editor, values: PolicyKind.allCases.map(\.rawValue))
                let rows = try Comparison.rows(loaded, variants: variants)
                var compareOptions = ComparisonOutput.Options()
                compareOptions.jobs = 1
                compareOptions.thumb = 0.5
                compareOptions.every = 3
                compareOptions.webp = true
                let compareDir = out + "/\(comparison.name)-compare"
                for w in try ComparisonOutput.write(
                    loaded, rows: rows, variants: variants, dir: compareDir, options: compareOptions)
                {
                    said.append((true, w))
                }
                said.append((false, "\(comparison.name): \(rows.count) policies compared -> \(compareDir)/"))
                return
            }
            let demo = demos[task - 1]
            // Scale 1 (in the scenarios): quick in a debug build, light in a pull request.
            let l = try load(demo)
            let trace = try l.replay()
            var options = RunOptions()
            options.outDir = out
            options.apng = true
            options.gif = true
            options.webp = true
            options.sheet = true
            options.thumb = 0.5
            options.every = 3
            options.jobs = 1
            let warnings = LockedDictionary<Int, String>()
            options.warn = { w in warnings.set(warnings.all.count, w) }
            try RunOutput.run(l, trace: trace, options: options)
            said += warnings.all.sorted { $0.key < $1.key }.map { (true, $0.value) }
            entries.set(
                task - 1,
                DemoGallery.Entry(
                    demo: demo, frames: trace.frames.count, seconds: trace.frames.last?.t ?? 0,
                    snapshots: trace.snapshots.map(\.name),
                    crops: trace.crops.map(\.file)))
            said.append((false, "\(demo.name): \(trace.frames.count) frames -> \(out)/\(demo.name)/"))
        }
        // In a fixed order: the presets, then the comparison.
        for task in Array(1...demos.count) + [0] {
            for m in messages.get(task) ?? [] {
                if m.error { console.err(m.text) } else { console.out(m.text) }
            }
        }
        let comparison = DemoScenarios.comparison
        let ordered = (0..<demos.count).compactMap { entries.get($0) }
        try FileIO.writeAtomically(out + "/index.html", DemoGallery.html(ordered, comparison: comparison))
        console.out("Open \(out)/index.html: every animation, sheet, snapshot and the comparison on one page.")
        return 0
    }
}
