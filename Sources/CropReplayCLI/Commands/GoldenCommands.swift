import CropEngine
import CropGoldens
import CropJSON
import CropPipeline
import CropScenario
import Foundation

extension Commands {
    static let checkSpec = CommandSpec(
        name: "check",
        abstract: "Compare replays with goldens (exit 1 on a mismatch).",
        overview: "Replay scenarios and compare traces and snapshots with their goldens.",
        arguments: [.init(name: "path", help: "Scenario files or folders (default: scenarios).", min: 0, max: nil)],
        options: [
            .init(
                name: "--golden", value: "<dir>",
                help: "Golden folder (default: golden, or golden-<name> with --model <name>). Never written by check.",
                isPath: true),
            SharedOption.model,
            SharedOption.tolerance,
            SharedOption.maxDiffRatio,
            .init(
                name: "--artifacts", value: "<dir>",
                help: "Write expected/actual/diff PNGs and report.html for failures here.",
                isPath: true),
            .init(name: "--junit", value: "<file>", help: "Write a JUnit XML report.", isPath: true),
            .init(
                name: "--summary", value: "<file.md>",
                help:
                    "Write a Markdown summary (a table of what did not pass, orphaned goldens, links to the"
                    + " diff images). With GITHUB_STEP_SUMMARY set, check also appends it there.",
                isPath: true),
            .init(
                name: "--shard", value: "<i/n>",
                help:
                    "Check only shard i of n: a deterministic split balanced by frame count, so n CI"
                    + " machines together check every scenario once."
            ),
            SharedOption.jobs,
        ],
        discussion: """
            Every scenario gets a result: PASS, FAIL (with the first differing frame and field, then pixel
            figures), NEW (no golden yet) or ERROR (a damaged golden or a scenario that does not replay).
            Exit status: 0 all passed, 1 a mismatch or a missing golden, 2 bad input (the worst wins).
            Golden folders no checked scenario owns are listed as ORPHANED (the exit status does not
            change) when check is given no path or only folders: the checked set is then every scenario
            in them; given a scenario file, check reports no orphans. With --shard, shard 1 reports them.
            """,
        run: { a, console in try Commands.check(a, console) })

    static func check(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        var options = try checkOptions(a)
        options.artifactsDir = a.options["--artifacts"]
        for (option, path) in [
            ("--artifacts", options.artifactsDir), ("--junit", a.options["--junit"]),
            ("--summary", a.options["--summary"]),
        ] {
            if let path, FileIO.isInside(path, folder: options.goldenDir) {
                throw UsageError(
                    message: "'\(option)' points into the golden folder \(options.goldenDir); check never writes there",
                    command: "check")
            }
        }
        if let step = stepSummary() {
            // The job's summary page gets the care --summary gets, before anything is checked.
            if FileIO.isInside(step, folder: options.goldenDir) {
                throw ReplayFailure.badInput(
                    "GITHUB_STEP_SUMMARY (\(step)) points into the golden folder \(options.goldenDir); check never"
                        + " writes there")
            }
            do { _ = try FileIO.outputTarget(step) } catch {
                throw ReplayFailure.badInput(
                    "GITHUB_STEP_SUMMARY expects a file to append to, but \(error.description)")
            }
            // Appending creates no folder: a missing one is named now, not after the whole run.
            let parent = PathText.parent(step)
            if !parent.isEmpty, !FileIO.isDirectory(parent) {
                throw ReplayFailure.badInput(
                    "GITHUB_STEP_SUMMARY expects a file to append to, but the folder of"
                        + " \(Echo.escapingControls(step)) does not exist")
            }
        }
        if let junit = a.options["--junit"] {
            // A folder, a dangling link or a pipe is refused before anything is checked.
            do { _ = try FileIO.outputTarget(junit) } catch {
                throw UsageError(
                    message: "'--junit' expects a file to write, but \(error.description)", command: "check")
            }
        }
        var (loaded, results, orphans) = try suite(a, goldenDir: options.goldenDir, command: "check")
        if let shardText = a.options["--shard"] {
            guard let spec = Shards.Spec(shardText) else {
                throw UsageError(
                    message:
                        "'--shard' expects i/n with 1 <= i <= n <= \(Shards.Spec.maxCount), got"
                        + " '\(Echo.cap(shardText))'",
                    command: "check")
            }
            var items: [(name: String, frames: Int)] = []
            for l in loaded { items.append((l.scenario.name, (try? l.replay().frames.count) ?? 0)) }
            loaded = Shards.select(items, spec).map { loaded[$0] }
            results = []
            if spec.index != 1 { orphans = [] }
            console.out("shard \(spec.index)/\(spec.count): \(loaded.count) of \(items.count) scenarios")
        }
        for l in loaded { results.append(GoldenCheck.check(l, options: options)) }
        for r in results {
            switch r.status {
            case .passed:
                console.out(
                    "PASS \(r.scenario)"
                        + (r.context.isEmpty ? "" : " (\(r.context.map(\.description).joined(separator: "; ")))"))
            // A file's name is the user's: its control characters are escaped, as in errors.
            case .failed: console.out("FAIL \(r.scenario) (\(Echo.escapingControls(r.file)))")
            case .new: console.out("NEW \(r.scenario) (\(Echo.escapingControls(r.file)))")
            case .error: console.out(Echo.escapingControls("ERROR \(r.scenario) (\(r.file))"))
            }
            if r.status != .passed { for line in r.lines { console.out("  \(Echo.escapingControls(line))") } }
        }
        for o in orphans {
            let name = PathText.lastComponent(o)
            console.out("ORPHANED \(o)/ (no scenario named \(name); `\(a.program) record --prune` removes it)")
        }
        let failed = results.filter { $0.status != .passed }
        if let dir = options.artifactsDir, !failed.isEmpty {
            do { try FileIO.writeAtomically(dir + "/report.html", HTMLReport.page(results)) } catch {
                throw ReplayFailure.unwritable(error)
            }
            console.out("report: \(dir)/report.html")
        }
        if let junit = a.options["--junit"] {
            do { try FileIO.writeAtomically(junit, JUnitReport.xml(results)) } catch {
                throw ReplayFailure.unwritable(error)
            }
        }
        // "1 new" for goldens not recorded yet: they fail the check, but are not regressions.
        let new = results.filter { $0.status == .new }.count
        let errors = results.filter { $0.status == .error }.count
        var summary = "\(results.count - failed.count) passed, \(failed.count - new - errors) failed"
        if new > 0 { summary += ", \(new) new" }
        if errors > 0 { summary += ", \(errors) " + (errors == 1 ? "error" : "errors") }
        if !orphans.isEmpty { summary += ", \(orphans.count) orphaned" }
        console.out(summary)
        try writeSummaries(
            results, orphans: orphans, artifactsDir: failed.isEmpty ? nil : options.artifactsDir,
            file: a.options["--summary"])
        if results.contains(where: { $0.status == .error }) { return 2 }
        return failed.isEmpty ? 0 : 1
    }

    /// The options `check` and `review` share: the golden folder, the tolerances, the jobs.
    static func checkOptions(_ a: ParsedArguments) throws -> CheckOptions {
        var options = CheckOptions()
        options.goldenDir = try a.goldenDir()
        options.tolerance = try a.int("--tolerance", min: 0, max: 255) ?? 0
        options.maxDiffRatio = try a.double("--max-diff-ratio", min: 0, max: 1) ?? 0
        options.jobs = try jobs(a)
        return options
    }

    /// The scenarios `check` (and `review`) looks at, from the positional paths (default
    /// `scenarios`): those that load for `--model`, an ERROR result for each that does not,
    /// and the orphaned golden folders.
    static func suite(_ a: ParsedArguments, goldenDir: String, command: String) throws -> (
        loaded: [LoadedScenario], unloaded: [CheckResult], orphans: [String]
    ) {
        let model = try a.model()
        let paths = a.positionals.isEmpty ? ["scenarios"] : a.positionals
        let files = try scenarioPaths(paths, command: command)
        var loaded: [LoadedScenario] = []
        var unloaded: [CheckResult] = []
        for f in files {
            do { loaded.append(try LoadedScenario.load(path: f, registrations: a.registrations).driving(model)) } catch
            {
                // A scenario that does not load still gets its line and its report entry.
                unloaded.append(
                    CheckResult(
                        scenario: PathText.lastComponent(f), file: f, status: .error,
                        mismatches: [.damaged(error.description)],
                        context: [], artifacts: [], traceComparison: nil, frames: 0, seconds: 0))
            }
        }
        try checkUniqueNames(loaded)
        // Orphans: only for a whole suite (folders), and only when every scenario loaded (a
        // scenario that does not load might own a folder).
        var orphans: [String] = []
        if paths.allSatisfy({ FileIO.isDirectory($0) }) && loaded.count == files.count {
            orphans = Orphans.find(goldenDir: goldenDir, names: Set(loaded.map(\.scenario.name)))
        }
        return (loaded, unloaded, orphans)
    }

    /// `--summary FILE.md` (replaced atomically) and, when `GITHUB_STEP_SUMMARY` names a file,
    /// the same Markdown appended to it (a CI job's summary page).
    static func writeSummaries(_ results: [CheckResult], orphans: [String], artifactsDir: String?, file: String?) throws
    {
        if let file {
            let folder = PathText.parent(file)
            let text = MarkdownSummary.page(
                results, orphans: orphans, artifactsDir: artifactsDir, linkFrom: folder.isEmpty ? "." : folder)
            do { try FileIO.writeAtomically(file, text) } catch { throw ReplayFailure.unwritable(error) }
        }
        if let step = stepSummary() {
            let text = MarkdownSummary.page(results, orphans: orphans, artifactsDir: artifactsDir, linkFrom: nil)
            do { try FileIO.append(step, text) } catch {
                throw ReplayFailure.badInput("cannot write output: GITHUB_STEP_SUMMARY \(error.description)")
            }
        }
    }

    /// The CI job's summary page (`GITHUB_STEP_SUMMARY`), when the environment names one.
    static func stepSummary() -> String? {
        guard let step = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !step.isEmpty else { return nil }
        return step
    }

    static let recordSpec = CommandSpec(
        name: "record",
        abstract: "Write or update goldens.",
        overview: "Write or update goldens (trace.json and snapshot PNGs) for scenarios.",
        arguments: [.init(name: "path", help: "Scenario files or folders (default: scenarios).", min: 0, max: nil)],
        options: [
            SharedOption.golden,
            SharedOption.model,
            .init(name: "--missing", help: "Only add goldens (or golden files) that do not exist yet."),
            .init(
                name: "--prune",
                help:
                    "Also remove the golden folders no scenario owns (those check lists as ORPHANED); needs"
                    + " folders (or no path), not files."
            ),
            SharedOption.jobs,
        ],
        discussion: """
            Every scenario is replayed and rendered before any golden is written, so a scenario that fails
            leaves every golden as it was. Each golden folder is replaced as a whole. record prints what
            changed in behaviour (the first differing frame and field, pixel figures).
            """,
        run: { a, console in try Commands.record(a, console) })

    /// The goldens never share a folder with the scenarios (`record` and `review` replace
    /// folders there, `--prune` removes them): refuses a `golden` that is or contains one of the
    /// scenarios' folders.
    static func checkGoldenApart(_ golden: String, paths: [String], files: [String], command: String)
        throws(UsageError)
    {
        let scenarioFolders = paths.filter { FileIO.isDirectory($0) } + files.map { PathText.parent($0) }
        if let folder = scenarioFolders.first(where: { FileIO.isInside($0.isEmpty ? "." : $0, folder: golden) }) {
            throw UsageError(
                message:
                    "'--golden' \(golden) is or contains the scenarios' folder \(folder.isEmpty ? "." : folder);"
                    + " goldens need a folder of their own (default: golden)",
                command: command)
        }
    }

    static func record(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let golden = try a.goldenDir()
        let jobs = try jobs(a)
        let paths = a.positionals.isEmpty ? ["scenarios"] : a.positionals
        let prune = a.flag("--prune")
        // A path that does not exist is left to scenarioPaths, which names it as missing.
        if prune, let file = paths.first(where: { FileIO.exists($0) && !FileIO.isDirectory($0) }) {
            throw UsageError(
                message:
                    "'--prune' needs the whole suite: give folders of scenarios (or none), not the file"
                    + " '\(Echo.cap(file))'",
                command: "record")
        }
        let files = try scenarioPaths(paths, command: "record")
        try checkGoldenApart(golden, paths: paths, files: files, command: "record")
        let loaded = try files.map { try load($0, a) }
        try checkUniqueNames(loaded)
        // A folder where a golden goes that holds anything else is never replaced.
        for l in loaded {
            if let why = GoldenFolder.replaceRefusal(GoldenStore(root: golden, name: l.scenario.name).folder) {
                throw ReplayFailure.badInput("\(l.scenario.file): \(why)")
            }
        }
        // All or nothing: everything is prepared before anything is written.
        let prepared = try loaded.map {
            try GoldenRecord.prepare($0, goldenDir: golden, onlyMissing: a.flag("--missing"), jobs: jobs)
        }
        var changed = 0
        for p in prepared {
            let result = try GoldenRecord.write(p)
            for line in result.lines { console.out(line) }
            if result.status != .unchanged { changed += 1 }
        }
        if prune {
            let found = Orphans.scan(goldenDir: golden, names: Set(loaded.map(\.scenario.name)))
            for folder in found.orphans {
                do { try FileIO.removeFolder(folder) } catch { throw ReplayFailure.unwritable(error) }
                console.out("pruned \(folder)/ (no scenario named \(PathText.lastComponent(folder)))")
            }
            for other in found.others {
                console.out("left \(other.folder)/ alone: not a golden folder (it \(other.reason))")
            }
        }
        let scenarios = loaded.count == 1 ? "1 scenario" : "\(loaded.count) scenarios"
        console.out(changed == 0 ? "goldens unchanged (\(scenarios))" : "\(changed) of \(scenarios) recorded")
        return 0
    }
}
