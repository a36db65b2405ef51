import Foundation
import CropScenario
import CropEngine
import CropGoldens

extension Commands {
    static func run(_ args: [String], _ console: Console) throws -> Int32 {
        let a = try Arguments(args, command: "run", flags: ["--frames", "--apng", "--gif", "--dither", "--sheet"], options: ["--out", "--jobs", "--every", "--thumb"])
        guard !a.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<scenario.json>'", command: "run") }
        var options = RunOptions()
        options.outDir = a.options["--out"] ?? "out"
        options.frames = a.flags.contains("--frames")
        options.apng = a.flags.contains("--apng")
        options.gif = a.flags.contains("--gif")
        options.sheet = a.flags.contains("--sheet")
        options.dither = a.flags.contains("--dither")
        options.every = try a.int("--every", min: 1, max: 100_000, command: "run") ?? 1
        options.thumb = try a.double("--thumb", min: 0.01, max: 1, command: "run") ?? 1
        options.jobs = try a.int("--jobs", min: 1, max: 256, command: "run") ?? Parallel.defaultJobs
        options.progress = Progress.reporter(console)
        let files = try scenarioPaths(a.positionals, command: "run")
        // Validate everything before writing anything.
        let loaded = try files.map { try LoadedScenario.load(path: $0) }
        try checkUniqueNames(loaded)
        for l in loaded {
            let dir = try RunOutput.run(l, options: options)
            console.out("\(l.scenario.file): wrote \(dir)/")
        }
        return 0
    }

    static func demo(_ args: [String], _ console: Console) throws -> Int32 {
        let a = try Arguments(args, command: "demo", flags: [], options: ["--out"])
        var options = RunOptions()
        options.outDir = a.options["--out"] ?? "out/demo"
        for (name, text) in DemoScenarios.all {
            let l = try LoadedScenario.load(text: text, file: "<built-in \(name)>", name: name)
            let dir = try RunOutput.run(l, options: options)
            let trace = try l.replay()
            console.out("\(name): \(trace.frames.count) frames -> \(dir)/ (snapshots: \(trace.snapshots.map { $0.name }.joined(separator: ", ")))")
        }
        console.out("Look at \(options.outDir)/*/snapshots/*.png and trace.json.")
        return 0
    }
}
