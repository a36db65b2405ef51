import CropFit
import CropJSON
import CropPipeline
import CropScenario

extension Commands {
    /// `import session LOG --out S.json [--trace R.json] [--preset P | --editor FILE] [--name N]`:
    /// an app's recording (docs/app.md, "Recording a session") into the scenario of its
    /// callbacks and the recorded trace of the frames it showed (docs/fit.md).
    static func importSession(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let path = a.positionals[1]
        for option in ["--fps", "--scale", "--offset", "--panel", "--screen", "--max-fingers", "--start"]
        where a.options[option] != nil {
            throw UsageError(
                message: "'\(option)' does not apply to session recordings (they hold their frames and points)",
                command: "import")
        }
        try checkScenarioOptions(a)
        guard let out = a.options["--out"] else {
            throw UsageError(
                message: "a session writes two files: give '--out S.json' (and optionally '--trace R.json')",
                command: "import")
        }
        let base = out.hasSuffix(".json") ? String(out.dropLast(5)) : out
        let tracePath = a.options["--trace"] ?? base + ".recorded.json"
        // The same file by any spelling (./S.json, a link to it) is the same file.
        guard !FileIO.isInside(tracePath, folder: out) else {
            throw UsageError(message: "'--trace' and '--out' name the same file", command: "import")
        }
        for (option, file) in [("--out", out), ("--trace", tracePath)] {
            try refuseOverwritingLog(option, file, log: path)
            do { _ = try FileIO.outputTarget(file) } catch {
                throw UsageError(
                    message: "'\(option)' expects a file to write, but \(error.description)", command: "import")
            }
        }
        var preset = a.options["--preset"]
        var editor: JSONNode?
        if let editorPath = a.options["--editor"] {
            let node = try readJSONObject(editorPath, what: "an editor object").node
            if node["editor"] != nil || node["preset"] != nil || node["script"] != nil {
                if case .string(let p)? = node["preset"]?.value { preset = p }
                editor = node["editor"]
            } else {
                editor = node
            }
        }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: Limits.maxScenarioBytes) } catch {
            throw ReplayFailure.unreadable(error)
        }
        let logName = PathText.lastComponent(path)
        var name =
            a.options["--name"]
            ?? (logName.split(separator: ".").first.map(String.init) ?? "session").filter {
                $0.isLetter || $0.isNumber || "._-".contains($0)
            }
        if name.isEmpty { name = "session" }
        let dir = PathText.parent(out)
        let imported = try SessionImport(
            recording: String(decoding: bytes, as: UTF8.self), file: path, name: name, preset: preset, editor: editor,
            directory: dir.isEmpty ? "." : dir, registrations: a.registrations)
        do {
            try FileIO.writeAtomically(out, imported.scenarioText)
            try FileIO.writeAtomically(tracePath, imported.recorded.json)
        } catch {
            throw ReplayFailure.unwritable(error)
        }
        let log = imported.log
        var summary =
            "\(path): \(log.events.count) callbacks, \(log.frames.count) frames shown of \((log.frames.last?.frame ?? 0) + 1)"
            + " -> \(out), \(tracePath)"
        if log.trailing > 0 { summary += " (\(log.trailing) callbacks after the last frame left out)" }
        console.err(summary)
        return 0
    }
}
