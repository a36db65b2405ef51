import CropEngine
import CropPipeline
import CropScenario
import Foundation

extension Commands {
    static let validateSpec = CommandSpec(
        name: "validate",
        abstract: "Check scenario files without rendering.",
        overview: "Check scenario files without rendering (decode, validate, replay the state machine).",
        arguments: [.init(name: "path", help: "Scenario files or folders.", min: 1, max: nil)],
        run: { a, console in try Commands.validate(a, console) })

    static func validate(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let files = try scenarioPaths(a.positionals, command: "validate")
        var failed = false
        for f in files {
            do {
                let l = try LoadedScenario.load(path: f, registrations: a.registrations)
                let trace = try l.replay()
                console.out("\(f): ok (\(l.scenario.name), \(trace.frames.count) frames)")
            } catch {
                console.err(CLI.errorLine(error.description))
                failed = true
            }
        }
        return failed ? 2 : 0
    }

    static let presetsSpec = CommandSpec(
        name: "presets",
        abstract: "Print the built-in editor presets.",
        overview: "Print the built-in editor presets and their parameters.",
        run: { _, console in
            for p in Preset.all {
                console.out(p.name)
                console.out("  \(p.summary)")
                console.out("  editor: " + p.editorNode.serialized(indent: 2, level: 1))
                console.out("")
            }
            return 0
        })

    static let schemaSpec = CommandSpec(
        name: "schema",
        abstract: "Print the JSON Schema of scenario files.",
        overview: "Print the JSON Schema of scenario files (the text of scenarios/schema.json).",
        options: [
            .init(
                name: "--docs", value: nil,
                help:
                    "Print the reference tables of docs/scenarios.md instead (markdown): the editor's keys, the"
                    + " ranges, the start state's keys and the steps.")
        ],
        run: { a, console in
            if a.flag("--docs") {
                console.out(ReferenceDocs.markdown.trimmingCharacters(in: .newlines))
                return 0
            }
            console.out(ScenarioSchema.text(extensions: a.registrations.names).trimmingCharacters(in: .newlines))
            return 0
        })
}
