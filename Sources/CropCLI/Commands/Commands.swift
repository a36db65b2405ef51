import Foundation
import CropScenario
import CropEngine
import CropGoldens

enum Commands {
    static func scenarioPaths(_ paths: [String], command: String) throws -> [String] {
        var out: [String] = []
        for p in paths {
            do { out += try FileIO.scenarioFiles(p) } catch { throw ReplayFailure.badInput(error.description) }
        }
        if out.isEmpty { throw UsageError(message: "no scenario files found in \(paths.joined(separator: ", "))", command: command) }
        return out
    }

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

    static func checkUniqueNames(_ loaded: [LoadedScenario]) throws {
        var seen: [String: String] = [:]
        for l in loaded {
            if let other = seen[l.scenario.name] {
                throw ReplayFailure.badInput("\(l.scenario.file): name \"\(l.scenario.name)\" is also used by \(other); scenario names must be unique")
            }
            seen[l.scenario.name] = l.scenario.file
        }
    }

    static func validate(_ args: [String], _ console: Console) throws -> Int32 {
        let a = try Arguments(args, command: "validate", flags: [], options: [])
        guard !a.positionals.isEmpty else { throw UsageError(message: "missing expected argument '<path>'", command: "validate") }
        let files = try scenarioPaths(a.positionals, command: "validate")
        var failed = false
        for f in files {
            do {
                let l = try LoadedScenario.load(path: f)
                let trace = try l.replay()
                console.out("\(f): ok (\(l.scenario.name), \(trace.frames.count) frames)")
            } catch {
                console.err("Error: \(error.description)")
                failed = true
            }
        }
        return failed ? 2 : 0
    }

    static func presets(_ args: [String], _ console: Console) throws -> Int32 {
        _ = try Arguments(args, command: "presets", flags: [], options: [])
        for p in Preset.all {
            console.out("\(p.name)")
            console.out("  \(p.summary)")
            let editor = p.editorNode.serialized(indent: 2, level: 1)
            console.out("  editor: " + editor)
            console.out("")
        }
        return 0
    }

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

    static func compare(_ args: [String], _ console: Console) throws -> Int32 {
        let a = try Arguments(args, command: "compare", flags: [], options: ["--policies", "--out", "--jobs", "--thumb"])
        guard a.positionals.count == 1 else {
            throw UsageError(message: a.positionals.isEmpty ? "missing expected argument '<scenario.json>'" : "compare takes one scenario", command: "compare")
        }
        let list = (a.options["--policies"] ?? "rollback,clamp,rubberBand,snapNearest,none").split(separator: ",").map { String($0) }
        var policies: [PolicyKind] = []
        for p in list {
            guard let k = PolicyKind(rawValue: p) else {
                throw UsageError(message: "unknown policy '\(p)' in --policies; expected rollback, clamp, rubberBand, snapNearest or none", command: "compare")
            }
            if !policies.contains(k) { policies.append(k) }
        }
        guard !policies.isEmpty else { throw UsageError(message: "--policies is empty", command: "compare") }
        let jobs = try a.int("--jobs", min: 1, max: 256, command: "compare") ?? Parallel.defaultJobs
        let thumb = try a.double("--thumb", min: 0.05, max: 1, command: "compare") ?? 0.5
        let loaded = try LoadedScenario.load(path: a.positionals[0])
        let rows = try PolicyComparison.rows(loaded, policies: policies)
        let dir = (a.options["--out"] ?? "out") + "/" + loaded.scenario.name + "-compare"
        try ComparisonOutput.write(loaded, rows: rows, dir: dir, jobs: jobs, thumb: thumb)
        console.out(PolicyComparison.markdown(rows))
        console.out("wrote \(dir)/index.html (with comparison.png, comparison.gif, sheet.png, metrics.md/csv/json)")
        return 0
    }

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

    static func schema(_ args: [String], _ console: Console) throws -> Int32 {
        _ = try Arguments(args, command: "schema", flags: [], options: [])
        console.out(ScenarioSchema.text.trimmingCharacters(in: .newlines))
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
