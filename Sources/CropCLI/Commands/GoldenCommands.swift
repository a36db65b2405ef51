import Foundation
import CropScenario
import CropEngine
import CropGoldens

extension Commands {
    static func check(_ args: [String], _ console: Console) throws -> Int32 {
        let a = try Arguments(args, command: "check", flags: [], options: ["--golden", "--tolerance", "--max-diff-ratio", "--artifacts", "--junit", "--jobs", "--shard"])
        var options = CheckOptions()
        options.goldenDir = a.options["--golden"] ?? "golden"
        options.tolerance = try a.int("--tolerance", min: 0, max: 255, command: "check") ?? 0
        options.maxDiffRatio = try a.double("--max-diff-ratio", min: 0, max: 1, command: "check") ?? 0
        options.artifactsDir = a.options["--artifacts"]
        options.jobs = try a.int("--jobs", min: 1, max: 256, command: "check") ?? Parallel.defaultJobs
        let files = try scenarioPaths(a.positionals.isEmpty ? ["scenarios"] : a.positionals, command: "check")
        var loaded = try files.map { try LoadedScenario.load(path: $0) }
        try checkUniqueNames(loaded)
        if let shardText = a.options["--shard"] {
            guard let spec = Shards.Spec(shardText) else {
                throw UsageError(message: "'--shard' expects i/n with 1 <= i <= n, got '\(shardText)'", command: "check")
            }
            let items = try loaded.map { (name: $0.scenario.name, frames: try $0.replay().frames.count) }
            loaded = Shards.select(items, spec).map { loaded[$0] }
            console.out("shard \(spec.index)/\(spec.count): \(loaded.count) of \(items.count) scenarios")
        }
        var results: [CheckResult] = []
        for l in loaded {
            let r = try GoldenCheck.check(l, options: options)
            results.append(r)
            switch r.status {
            case .passed: console.out("PASS \(l.scenario.name)")
            default:
                console.out("\(r.status == .stale ? "STALE" : "FAIL") \(l.scenario.name) (\(l.scenario.file))")
                for p in r.problems { console.out("  \(p)") }
            }
        }
        if let dir = options.artifactsDir, results.contains(where: { $0.status != .passed }) {
            do { try FileIO.writeAtomically(dir + "/report.html", Reports.html(results)) } catch { throw ReplayFailure.badInput(error.description) }
            console.out("report: \(dir)/report.html")
        }
        if let junit = a.options["--junit"] {
            do { try FileIO.writeAtomically(junit, Reports.junit(results)) } catch { throw ReplayFailure.badInput(error.description) }
        }
        let failed = results.filter { $0.status != .passed }.count
        console.out("\(results.count - failed) passed, \(failed) failed")
        return failed > 0 ? 1 : 0
    }

    static func record(_ args: [String], _ console: Console) throws -> Int32 {
        let a = try Arguments(args, command: "record", flags: ["--missing"], options: ["--golden", "--jobs"])
        let golden = a.options["--golden"] ?? "golden"
        let jobs = try a.int("--jobs", min: 1, max: 256, command: "record") ?? Parallel.defaultJobs
        let files = try scenarioPaths(a.positionals.isEmpty ? ["scenarios"] : a.positionals, command: "record")
        let loaded = try files.map { try LoadedScenario.load(path: $0) }
        try checkUniqueNames(loaded)
        var total = 0
        for l in loaded {
            let changes = try GoldenCheck.record(l, goldenDir: golden, onlyMissing: a.flags.contains("--missing"), jobs: jobs)
            for c in changes { console.out(c) }
            total += changes.count
        }
        console.out(total == 0 ? "goldens unchanged (\(loaded.count) scenarios)" : "\(total) golden files written for \(loaded.count) scenarios")
        return 0
    }
}
