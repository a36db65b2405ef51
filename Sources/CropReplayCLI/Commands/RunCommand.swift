import CropEngine
import CropPipeline
import CropScenario
import Foundation

extension Commands {
    static let runSpec = CommandSpec(
        name: "run",
        abstract: "Replay scenarios; write trace.json, snapshots, crops, frames.",
        overview: "Replay scenarios and write their trace, snapshots and crops.",
        arguments: [.init(name: "scenario.json", help: "Scenario files (or folders of them).", min: 1, max: nil)],
        options: [
            SharedOption.out("out", "Output folder; each scenario writes <dir>/<name>/"),
            .init(name: "--frames", help: "Also write every frame as frames/NNNN.png."),
            .init(name: "--apng", help: "Also write animation.png (animated PNG; plays in browsers)."),
            .init(
                name: "--gif",
                help:
                    "Also write animation.gif (one palette of up to 255 colours for all frames, at most 50"
                    + " frames per second)."
            ),
            .init(
                name: "--webp",
                help:
                    "Also write animation.webp (animated WebP, lossy with every frame >= 35 dB PSNR; plays"
                    + " in browsers and on GitHub)."
            ),
            .init(name: "--webp-lossless", help: "Lossless frames in animation.webp (implies --webp)."),
            .init(name: "--dither", help: "Ordered (Bayer 4x4) dithering in animation.gif."),
            .init(
                name: "--sheet",
                help:
                    "Also write sheet.png: a contact sheet of frames labelled with frame number, time and"
                    + " phases (P: pan, Z: pinch; B began, C changed, E ended, X cancelled, F failed, - possible)."
            ),
            .init(
                name: "--every", value: "<n>", help: "Keep every n-th frame in frames/animations/sheet (default: 1)."),
            SharedOption.thumb("frames/animations", default: 1),
            SharedOption.model,
            SharedOption.jobs,
        ],
        discussion:
            "Every scenario is decoded and replayed before anything is written, and every scenario's outputs"
            + " are written aside and moved into place only when all are complete: a run that fails or is interrupted changes no scenario's folder (see docs/commands.md).",
        run: { a, console in try Commands.run(a, console) })

    static func run(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        var options = RunOptions()
        options.outDir = a.options["--out"] ?? "out"
        options.frames = a.flag("--frames")
        options.apng = a.flag("--apng")
        options.gif = a.flag("--gif")
        options.webpLossless = a.flag("--webp-lossless")
        options.webp = a.flag("--webp") || options.webpLossless
        options.sheet = a.flag("--sheet")
        options.dither = a.flag("--dither")
        options.every = try a.int("--every", min: 1, max: 100_000) ?? 1
        options.thumb = try a.thumb(default: 1)
        options.jobs = try jobs(a)
        options.progress = Progress.reporter(console)
        options.warn = { console.err($0) }
        let files = try scenarioPaths(a.positionals, command: "run")
        // Validate and replay everything before writing anything.
        let loaded = try files.map { try load($0, a) }
        try checkUniqueNames(loaded)
        var traces: [Trace] = []
        for l in loaded {
            let trace = try l.replay()
            try RunOutput.checkBudget(l, trace: trace, options: options)
            traces.append(trace)
        }
        // Every scenario's outputs are staged before any is published: a run that fails on
        // the way (a full disk, an encoder error) changes no scenario's folder.
        var staged: [StagedOutput] = []
        for (l, trace) in zip(loaded, traces) { staged.append(try RunOutput.stage(l, trace: trace, options: options)) }
        for (l, output) in zip(loaded, staged) {
            try RunOutput.publish(output)
            console.out("\(l.scenario.file): wrote \(output.folder)/")
        }
        return 0
    }
}
