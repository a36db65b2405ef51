import Foundation
import CropScenario
import CropEngine
import CropGoldens

extension Commands {
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

    static func schema(_ args: [String], _ console: Console) throws -> Int32 {
        _ = try Arguments(args, command: "schema", flags: [], options: [])
        console.out(ScenarioSchema.text.trimmingCharacters(in: .newlines))
        return 0
    }
}
