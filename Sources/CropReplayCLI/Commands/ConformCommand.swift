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
            .init(name: "--model", value: "<name>", help: "The registered editor model to check (required)."),
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
        guard a.options["--model"] != nil else {
            throw UsageError(message: "missing '--model <name>': the editor model to check", command: "conform")
        }
        guard let model = try a.model() else {
            throw UsageError(
                message: "'--model reference' checks the reference against itself; name a model of your own",
                command: "conform")
        }
        let count = try a.int("--random", min: 0, max: 1_000_000) ?? 0
        guard let seed = UInt64(a.options["--seed"] ?? "1") else {
            throw UsageError(message: "'--seed' expects a whole number from 0 to \(UInt64.max)", command: "conform")
        }
        let presets = a.options["--preset"].map { [$0] } ?? Preset.all.map(\.name)
        for p in presets where Preset.named(p) == nil {
            throw UsageError(
                message:
                    "unknown preset '\(Echo.cap(p))'; expected one of \(Preset.all.map(\.name).joined(separator: ", "))",
                command: "conform")
        }
        var items: [(LoadedScenario, String?)] = []
        if !a.positionals.isEmpty || count == 0 {
            let paths = a.positionals.isEmpty ? ["scenarios"] : a.positionals
            for f in try scenarioPaths(paths, command: "conform") {
                items.append((try LoadedScenario.load(path: f, registrations: a.registrations), nil))
            }
        }
        if count > 0 {
            let editor = try a.options["--editor"].map(readEditorObject)
            for preset in presets {
                let made: [(name: String, json: String)]
                do {
                    made = try RandomScenarios.make(
                        preset: preset, editor: editor, editorFile: a.options["--editor"] ?? "--editor", count: count,
                        seed: seed, registrations: a.registrations)
                } catch {
                    throw ReplayFailure.scenario(error)
                }
                for (name, json) in made {
                    let loaded = try LoadedScenario.load(
                        text: json, file: name + ".json", name: name, registrations: a.registrations)
                    items.append((loaded, json))
                }
            }
        }
        let cases = Conformance.check(items, model: model, jobs: try jobs(a))
        let report = ConformanceReport(model: model, cases: cases)
        var written: [String: String] = [:]
        if let out = a.options["--out"] {
            for c in cases {
                guard let json = c.scenarioJSON else { continue }
                if case .conforms = c.outcome { continue }
                if case .refused = c.outcome { continue }
                written[c.name] = "\(out)/scripts/\(c.name).json"
                do { try FileIO.writeAtomically("\(out)/scripts/\(c.name).json", json) } catch {
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
        for c in cases {
            console.out(report.line(c))
            if let path = written[c.name] { console.out("  reproduce: cropreplay run --model \(model) \(path)") }
        }
        console.out("")
        console.out(report.summary.trimmingCharacters(in: .newlines))
        if let out = a.options["--out"] { console.out("report: \(out)/conformance.md") }
        return report.departures > 0 ? 1 : 0
    }

    /// An editor object from a JSON file, as text (checked to be one object).
    static func readEditorObject(_ path: String) throws -> String {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: Limits.maxScenarioBytes) } catch {
            throw ReplayFailure.unreadable(error)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let node: JSONNode
        do { node = try JSONParser.parse(text) } catch {
            throw ReplayFailure.badInput("\(path):\(error.line):\(error.column): \(error.message)")
        }
        guard case .object = node.value else { throw ReplayFailure.badInput("\(path): expected an editor object") }
        return text
    }
}
