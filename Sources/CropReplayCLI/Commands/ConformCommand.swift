import CropConformance
import CropEngine
import CropExplore
import CropJSON
import CropPipeline
import CropScenario
import Foundation

extension Commands {
    static let conformSpec = CommandSpec(
        name: "conform",
        abstract: "Compare your editor model with the reference, script by script.",
        overview:
            "Replay scripts on a registered editor model of your own and on CropReplay's reference model, and"
            + " report where the model departs.",
        arguments: [
            .init(
                name: "path", help: "Scenario files or folders (default: scenarios, unless --random).", min: 0, max: nil
            )
        ],
        options: [
            .init(
                name: "--model", value: "<name>",
                help: "The registered editor model to check (required, unless --trace: then optional)."),
            .init(
                name: "--trace", value: "<recorded.json>",
                help:
                    "Compare the one scenario's replay with what an app showed (a recorded trace from `import"
                    + " session`) instead of with the reference.",
                isPath: true),
            .init(
                name: "--tolerance", value: "<pt>",
                help: "With --trace: points a corner may be off before a frame departs (default: 1)."),
            .init(
                name: "--random", value: "<n>",
                help: "Also replay n random scripts per preset (the explorer's generator; default: 0)."),
            .init(name: "--seed", value: "<s>", help: "Seed of the random scripts (default: 1)."),
            .init(name: "--preset", value: "<p>", help: "The preset of the random scripts (default: all presets)."),
            .init(
                name: "--editor", value: "<file>",
                help: "A JSON file with editor keys over the preset, for the random scripts (as a scenario's editor).",
                isPath: true),
            .init(
                name: "--out", value: "<dir>",
                help:
                    "Write conformance.md, conformance.json and the departing random scripts (as scenario files)"
                    + " here.",
                isPath: true),
            SharedOption.jobs,
        ],
        discussion: """
            Each script replays on the reference (the scenario's editor: its preset and overrides) and on the
            model; the first frame and field where the traces differ is reported in check's words, reference
            value first (DEPARTS name: frame 12: imageRect.y 52.3 -> 40.0 (-12.3 pt); pan began at frame 1),
            then a summary: how many scripts conform, which field departs first how often, the earliest
            departure and the largest difference. Scripts the reference refuses are listed, not counted.
            Exit status: 0 every script conforms, 1 a script departs (or the model fails), 2 bad input.
            """,
        run: { a, console in try Commands.conform(a, console) })

    static func conform(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        if a.options["--trace"] != nil { return try conformTrace(a, console) }
        if a.options["--tolerance"] != nil {
            throw UsageError(message: "'--tolerance' applies to --trace", command: "conform")
        }
        guard a.options["--model"] != nil else {
            throw UsageError(message: "missing '--model <name>': the editor model to check", command: "conform")
        }
        guard let model = try a.model() else {
            throw UsageError(
                message: "'--model reference' checks the reference against itself; name a model of your own",
                command: "conform")
        }
        let count = try a.int("--random", min: 0, max: 100_000) ?? 0
        if count == 0 {
            for option in ["--seed", "--preset", "--editor"] where a.options[option] != nil {
                throw UsageError(
                    message: "'\(option)' applies to the random scripts; add '--random <n>'", command: "conform")
            }
        }
        let seedText = a.options["--seed"] ?? "1"
        guard let seed = UInt64(seedText) else {
            throw UsageError(
                message: "'--seed' expects a whole number from 0 to \(UInt64.max), got '\(Echo.cap(seedText))'",
                command: "conform")
        }
        let presets = a.options["--preset"].map { [$0] } ?? Preset.all.map(\.name)
        for p in presets where Preset.named(p) == nil {
            throw UsageError(
                message:
                    "unknown preset '\(Echo.cap(p))'; expected one of \(Preset.all.map(\.name).joined(separator: ", "))",
                command: "conform")
        }
        let jobs = try jobs(a)
        let out = a.options["--out"]
        if let out { try checkReportFolder(out) }
        var files: [LoadedScenario] = []
        if !a.positionals.isEmpty || count == 0 {
            let paths = a.positionals.isEmpty ? ["scenarios"] : a.positionals
            for f in try scenarioPaths(paths, command: "conform") {
                files.append(try LoadedScenario.load(path: f, registrations: a.registrations))
            }
        }
        let random = try count > 0 ? randomScripts(a, presets: presets, seed: seed) : []
        let registrations = a.registrations
        let cases = Conformance.check(count: files.count + random.count * count, model: model, jobs: jobs) {
            [files] i in
            if i < files.count { return .init(files[i]) }
            let (generator, template) = random[(i - files.count) / count]
            return script((i - files.count) % count, of: generator, over: template, registrations: registrations)
        }
        let report = ConformanceReport(model: model, cases: cases)
        var written: [Int: String] = [:]
        if let out {
            for (i, c) in cases.enumerated() {
                guard let scenario = c.scenario else { continue }
                written[i] = "\(out)/scripts/\(c.name).json"
                do { try FileIO.writeAtomically("\(out)/scripts/\(c.name).json", scenario()) } catch {
                    throw ReplayFailure.unwritable(error)
                }
            }
            do {
                try FileIO.writeAtomically(out + "/conformance.md", report.markdown)
                try FileIO.writeAtomically(out + "/conformance.json", report.json)
            } catch {
                throw ReplayFailure.unwritable(error)
            }
        }
        for (i, c) in cases.enumerated() {
            console.out(report.line(c))
            if let path = written[i] { console.out("  reproduce: \(a.program) run --model \(model) \(path)") }
        }
        console.out("")
        console.out(report.summary.trimmingCharacters(in: .newlines))
        if let out { console.out("report: \(out)/conformance.md") }
        return report.departures > 0 ? 1 : 0
    }

    /// `--out`: a folder (or a new path), refused before anything replays when it is a file, a
    /// device or a dangling link, or when the report's files could not be written in it.
    static func checkReportFolder(_ out: String) throws {
        if FileIO.isSymbolicLink(out) && !FileIO.exists(out) {
            throw UsageError(
                message: "'--out' expects a folder to write in, but \(out) is a symbolic link to nothing",
                command: "conform")
        }
        if FileIO.exists(out) && !FileIO.isDirectory(out) {
            throw UsageError(
                message: "'--out' expects a folder to write in, but \(out) is not a folder", command: "conform")
        }
        if FileIO.exists(out + "/scripts") && !FileIO.isDirectory(out + "/scripts") {
            throw UsageError(
                message: "'--out' expects a folder to write in, but \(out)/scripts is not a folder", command: "conform")
        }
        for name in ["conformance.md", "conformance.json"] {
            do { _ = try FileIO.outputTarget(out + "/" + name) } catch {
                throw UsageError(
                    message: "'--out' expects a folder to write in, but \(error.description)", command: "conform")
            }
        }
    }

    /// The random scripts' generators, one per preset, each with a scenario that holds their
    /// image (loaded once: every script of a preset shows the same image).
    static func randomScripts(_ a: ParsedArguments, presets: [String], seed: UInt64) throws
        -> [(RandomScenarios, LoadedScenario)]
    {
        let editorFile = a.options["--editor"].map { "--editor \($0)" }
        let editor = try a.options["--editor"].map(readEditorObject)
        var out: [(RandomScenarios, LoadedScenario)] = []
        for preset in presets {
            let generator: RandomScenarios
            do {
                generator = try RandomScenarios(
                    preset: preset, editor: editor, editorFile: editorFile ?? "--preset \(preset)", seed: seed,
                    registrations: a.registrations)
            } catch {
                throw ReplayFailure.scenario(error)
            }
            let first = generator.scenario(0)
            let template = try LoadedScenario.load(
                text: first.json, file: editorFile ?? first.name + ".json", name: first.name,
                registrations: a.registrations)
            out.append((generator, template))
        }
        return out
    }

    /// Random script `index` of `generator`, decoded as it is checked, with `template`'s image.
    static func script(
        _ index: Int, of generator: RandomScenarios, over template: LoadedScenario, registrations: Registrations
    ) -> Conformance.Script {
        let (name, json) = generator.scenario(index)
        let loaded: Result<LoadedScenario, ReplayFailure>
        do {
            let scenario = try ScenarioDecoder.decode(
                text: json, file: name + ".json", defaultName: name, extensions: registrations.names)
            loaded = .success(template.with(scenario))
        } catch {
            loaded = .failure(.scenario(error))
        }
        return .init(name: name, file: name + ".json", loaded: loaded) { generator.scenario(index).json }
    }

    /// An editor object from a JSON file, as JSON text (checked to be one object). A relative
    /// `image.file` is made absolute from the file's folder, so the random scripts written
    /// elsewhere (`--out DIR/scripts`) find the image too.
    static func readEditorObject(_ path: String) throws -> String {
        var members = try readJSONObject(path, what: "an editor object").members
        if let i = members.firstIndex(where: { $0.key == "image" }), case .object(var image) = members[i].node.value,
            let j = image.firstIndex(where: { $0.key == "file" }), case .string(let file) = image[j].node.value,
            !file.isEmpty, !file.hasPrefix("/")
        {
            let folder = PathText.parent(path)
            let base = path.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
            image[j].node = JSONNode(.string(URL(fileURLWithPath: base + "/" + file).standardizedFileURL.path))
            members[i].node = JSONNode(.object(image))
        }
        return JSONNode(.object(members)).serialized(indent: 2, level: 1)
    }
}
