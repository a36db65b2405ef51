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
            "Replay the built-in demo (no files needed): per preset an animation (APNG and GIF), a contact sheet and snapshots; a comparison of the five snap-back policies; and out/demo/index.html linking everything.",
        options: [SharedOption.out("out/demo", "Output folder"), SharedOption.jobs],
        discussion:
            "The scenarios are written beside their outputs (out/demo/*.json, with the sample photo photo.png), so `cropreplay run out/demo/<name>.json` replays one again.",
        run: { a, console in try Commands.demo(a, console) })

    static func demo(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let out = a.options["--out"] ?? "out/demo"
        let jobs = try Commands.jobs(a)
        // The sample photo and the scenario files first: what the demo replays is on disk.
        let photo = SamplePhoto.image(width: 1600, height: 1200)
        try FileIO.writeAtomically(out + "/photo.png", PNGCodec.encode(photo, .shared))
        var entries: [DemoGallery.Entry] = []
        for demo in DemoScenarios.all {
            let path = out + "/\(demo.name).json"
            try FileIO.writeAtomically(path, demo.json + "\n")
            // Scale 1 (in the scenarios): quick in a debug build, light in a pull request.
            let l = try LoadedScenario.load(path: path)
            let trace = try l.replay()
            var options = RunOptions()
            options.outDir = out
            options.apng = true
            options.gif = true
            options.sheet = true
            options.thumb = 0.5
            options.every = 3
            options.jobs = jobs
            options.warn = { console.err($0) }
            try RunOutput.run(l, trace: trace, options: options)
            entries.append(
                DemoGallery.Entry(
                    demo: demo, frames: trace.frames.count, seconds: trace.frames.last?.t ?? 0, snapshots: trace.snapshots.map(\.name),
                    crops: trace.crops.map(\.file)))
            console.out("\(demo.name): \(trace.frames.count) frames -> \(out)/\(demo.name)/")
        }
        // One comparison: the same drag under the five policies.
        let comparison = DemoScenarios.comparison
        let comparisonPath = out + "/\(comparison.name).json"
        try FileIO.writeAtomically(comparisonPath, comparison.json + "\n")
        let loaded = try LoadedScenario.load(path: comparisonPath)
        let variants = try Variation.policy.variants(of: loaded.scenario.editor, values: PolicyKind.allCases.map(\.rawValue))
        let rows = try Comparison.rows(loaded, variants: variants)
        var compareOptions = ComparisonOutput.Options()
        compareOptions.jobs = jobs
        compareOptions.thumb = 0.5
        compareOptions.every = 3
        let compareDir = out + "/\(comparison.name)-compare"
        for w in try ComparisonOutput.write(loaded, rows: rows, variants: variants, dir: compareDir, options: compareOptions) {
            console.err(w)
        }
        console.out("\(comparison.name): \(rows.count) policies compared -> \(compareDir)/")
        try FileIO.writeAtomically(out + "/index.html", DemoGallery.html(entries, comparison: comparison))
        console.out("Open \(out)/index.html: every animation, sheet, snapshot and the comparison on one page.")
        return 0
    }
}
