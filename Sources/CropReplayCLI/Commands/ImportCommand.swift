import CropGeometry
import CropImport
import CropJSON
import CropPipeline
import CropScenario
import Foundation

extension Commands {
    static let importSpec = CommandSpec(
        name: "import",
        abstract: "Turn a log of recorded touches (CDP, WebDriver, getevent) into a scenario.",
        overview:
            "Turn a log of real touches into a scenario of `touches` steps (sample and hold at the"
            + " scenario's frame rate), `wait` steps over gaps, `until settled` and snapshots at the start and end.",
        arguments: [
            .init(
                name: "format",
                help:
                    "cdp (Input.dispatchTouchEvent parameters), webdriver (W3C Actions JSON), getevent"
                    + " (Android getevent -lt) or session (an app's recording: SessionRecorder's JSON lines).",
                min: 1,
                max: 1),
            .init(name: "log", help: "The log file.", min: 1, max: 1),
        ],
        options: [
            .init(name: "--preset", value: "<p>", help: "The editor preset of the scenario."),
            .init(
                name: "--editor", value: "<file>",
                help: "A JSON file with the editor object (or a scenario, whose preset and editor are taken)."),
            .init(
                name: "--start", value: "<file|json>",
                help:
                    "The saved edit the session began on: a start object as inline JSON ('{\"zoom\": 2}') or"
                    + " a file (a start object, or a scenario whose start is taken)."
            ),
            .init(name: "--fps", value: "<n>", help: "Frames per second (default: 60)."),
            .init(
                name: "--scale", value: "<s>",
                help: "Multiply log coordinates by s (default: 1), e.g. 1/devicePixelRatio."),
            .init(name: "--offset", value: "<x,y>", help: "Then add this offset in points (default: 0,0)."),
            .init(name: "--panel", value: "<w,h>", help: "getevent: the panel's axis ranges (from getevent -p)."),
            .init(name: "--screen", value: "<w,h>", help: "getevent: the screen's size that the panel maps to."),
            .init(name: "--name", value: "<name>", help: "The scenario's name (default: the log's file name)."),
            .init(
                name: "--max-fingers", value: "<n>",
                help: "Keep the first n fingers (1 or 2) instead of refusing more than two."),
            .init(
                name: "--out", value: "<S.json>",
                help: "Write the scenario here (atomically); default: standard output."),
            .init(
                name: "--trace", value: "<recorded.json>",
                help: "session: write the frames the app showed here (default: S.recorded.json beside --out).",
                isPath: true),
        ],
        discussion:
            "The scenario is validated (decoded and replayed) before it is written. Errors name the log's"
            + " line (and column for JSON). See docs/commands.md.",
        run: { a, console in try Commands.importLog(a, console) })

    static func importLog(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = a.positionals[0]
        let path = a.positionals[1]
        if format == "session" { return try importSession(a, console) }
        guard ["cdp", "webdriver", "getevent"].contains(format) else {
            throw UsageError(
                message: "unknown log format '\(Echo.cap(format))': expected cdp, webdriver, getevent or session",
                command: "import")
        }
        if a.options["--trace"] != nil {
            throw UsageError(message: "'--trace' applies to session recordings only", command: "import")
        }
        var mapping = PointMapping()
        mapping.scale = try a.double("--scale", min: 1e-6, max: 1e6) ?? 1
        if let o = try pair(a, "--offset") { mapping.offset = Point(o.0, o.1) }
        let panel = try pair(a, "--panel", positive: true)
        let screen = try pair(a, "--screen", positive: true)
        if format == "getevent" {
            guard let panel, let screen else {
                throw UsageError(
                    message:
                        "getevent logs need --panel W,H and --screen W,H (the panel's axis ranges and the"
                        + " screen's size)",
                    command: "import")
            }
            mapping.panel = Size(panel.0, panel.1)
            mapping.screen = Size(screen.0, screen.1)
        } else if panel != nil || screen != nil {
            throw UsageError(message: "--panel and --screen apply to getevent logs only", command: "import")
        }
        try checkScenarioOptions(a)
        if let out = a.options["--out"] {
            try refuseOverwritingLog("--out", out, log: path)
            // A folder, a dangling link or a pipe is refused before the log is read.
            do { _ = try FileIO.outputTarget(out) } catch {
                throw UsageError(
                    message: "'--out' expects a file to write, but \(error.description)", command: "import")
            }
        }
        let fps = try a.int("--fps", min: 1, max: 240) ?? 60
        let maxFingers = try a.int("--max-fingers", min: 1, max: 2)
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: Limits.maxScenarioBytes) } catch {
            throw ReplayFailure.unreadable(error)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let log: TouchLog
        do { log = try parseLog(format, text) } catch { throw ReplayFailure.badInput("\(path):\(error.description)") }
        let frames: [[Point]]
        do {
            frames = try Resampler(
                fps: fps, mapping: mapping, maxFingers: maxFingers, coordinateLimit: Limits.maxCoordinate
            ).frames(log)
        } catch {
            throw ReplayFailure.badInput("\(path):\(error.description)")
        }
        var preset = a.options["--preset"]
        var editorJSON: String?
        if let editorPath = a.options["--editor"] {
            let node = try readJSONObject(editorPath, what: "an editor object").node
            if node["editor"] != nil || node["preset"] != nil || node["script"] != nil {
                if case .string(let p)? = node["preset"]?.value { preset = p }
                editorJSON = node["editor"]?.serialized(indent: 2, level: 1)
            } else {
                editorJSON = node.serialized(indent: 2, level: 1)
            }
        }
        let startJSON = try a.options["--start"].map { (v: String) throws -> String in try startOption(v) }
        let logName = PathText.lastComponent(path)
        let base = logName.split(separator: ".").first.map(String.init) ?? "imported"
        var name = a.options["--name"] ?? base.filter { $0.isLetter || $0.isNumber || "._-".contains($0) }
        if name.isEmpty { name = "imported" }
        let scenarioText = ImportedScenario(
            name: name, preset: preset, editorJSON: editorJSON, fps: fps, startJSON: startJSON
        ).text(
            frames: frames)
        // validate accepts what import writes: decode and replay before writing anything.
        let out = a.options["--out"]
        let dir = out.map { PathText.parent($0) } ?? "."
        // Errors from here on are the editor's (from --editor or --preset) or the replay's:
        // they name the log (or the --editor file), never the --out file not written yet.
        let scenario: Scenario
        do {
            scenario = try ScenarioDecoder.decode(
                text: scenarioText, file: path, defaultName: name, directory: dir.isEmpty ? "." : dir)
        } catch {
            if let editorPath = a.options["--editor"], let place = error.place, place.hasPrefix("editor") {
                throw ReplayFailure.badInput("--editor \(editorPath): \(place): \(error.message)")
            }
            if let start = startSource(a, error) { throw ReplayFailure.badInput("\(start): \(error.message)") }
            throw ReplayFailure.badInput(
                "\(path): the recorded touches do not make a valid scenario: \(error.description)")
        }
        do { _ = try LoadedScenario.withImage(scenario).replay() } catch {
            // A start the editor refuses (an angle past its rotation limit, say) is --start's
            // fault, not the log's.
            if case .scenario(let e) = error, let start = startSource(a, e) {
                throw ReplayFailure.badInput("\(start): \(e.message)")
            }
            throw ReplayFailure.badInput("\(path): the recorded touches do not replay: \(error.description)")
        }
        if let out {
            do { try FileIO.writeAtomically(out, scenarioText) } catch { throw ReplayFailure.unwritable(error) }
            console.err("\(path): \(log.contacts.count) touches, \(frames.count) frames -> \(out)")
        } else {
            console.out(String(scenarioText.dropLast()))
        }
        return 0
    }

    /// For an error at the scenario's `start` when `--start` was given: `--start` (and its file)
    /// with the place, as errors name it (`--start start.json: start.angle`); nil otherwise.
    static func startSource(_ a: ParsedArguments, _ error: ScenarioError) -> String? {
        guard let value = a.options["--start"], let place = error.place,
            place == "start" || place.hasPrefix("start.") || place.hasPrefix("start[")
        else { return nil }
        let inline = value.trimmingCharacters(in: .whitespaces).hasPrefix("{")
        return (inline ? "--start" : "--start \(value)") + ": \(place)"
    }

    /// `--start`: inline JSON (text starting with `{`) or a file holding a start object or a
    /// scenario with one; decoded as the scenario key is (errors name the option, and the file
    /// when there is one, and `start.<key>`), then written in the canonical form.
    static func startOption(_ value: String) throws -> String {
        let inline = value.trimmingCharacters(in: .whitespaces).hasPrefix("{")
        let source = inline ? "--start" : "--start \(value)"
        let text: String
        if inline {
            text = value
        } else {
            do { text = String(decoding: try FileIO.read(value, limit: Limits.maxScenarioBytes), as: UTF8.self) } catch
            {
                throw ReplayFailure.badInput("--start \(error.description)")
            }
        }
        var node: JSONNode
        do { node = try JSONParser.parse(text) } catch {
            throw ReplayFailure.badInput("\(source):\(error.line):\(error.column): \(error.message)")
        }
        guard case .object = node.value else {
            throw ReplayFailure.badInput("\(source): expected a start object {...}")
        }
        if !inline, let start = node["start"] {
            node = start
        } else if !inline, node["script"] != nil || node["editor"] != nil || node["preset"] != nil {
            throw ReplayFailure.badInput(
                "\(source): expected a start object, or a scenario with a \"start\"; this scenario has none")
        }
        do {
            let start = try ScenarioDecoder.decodeStart(Field(node: node, path: "start", file: source))
            return ScenarioEncoder.start(start).serialized()
        } catch {
            throw ReplayFailure.badInput(error.description)
        }
    }

    static func parseLog(_ format: String, _ text: String) throws(ImportError) -> TouchLog {
        switch format {
        case "cdp": return try CDPLog.parse(text)
        case "webdriver": return try WebDriverLog.parse(text)
        default: return try GeteventLog.parse(text)
        }
    }

    /// `--name x,y` as two numbers.
    static func pair(_ a: ParsedArguments, _ name: String, positive: Bool = false) throws(UsageError) -> (
        Double, Double
    )? {
        guard let v = a.options[name] else { return nil }
        let parts = v.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite, abs(x) <= 1e9,
            abs(y) <= 1e9,
            !positive || (x > 0 && y > 0)
        else {
            throw UsageError(
                message: "'\(name)' expects two \(positive ? "positive " : "")numbers as X,Y, got '\(Echo.cap(v))'",
                command: "import")
        }
        return (x, y)
    }
}

extension Commands {
    /// Refuses an output of `import` (`--out`, `--trace`) that is the log being read (the same
    /// file by any spelling or link): writing it would destroy the recording.
    static func refuseOverwritingLog(_ option: String, _ file: String, log: String) throws(UsageError) {
        if !FileIO.isDirectory(log), FileIO.isInside(file, folder: log) {
            throw UsageError(
                message: "'\(option)' names the log being imported ('\(Echo.cap(log))'); give another file",
                command: "import")
        }
    }

    /// `import`'s options for the scenario it writes, for every kind of log: `--preset` or
    /// `--editor` (not both), a valid `--name`, a known preset.
    static func checkScenarioOptions(_ a: ParsedArguments) throws(UsageError) {
        if a.options["--preset"] != nil && a.options["--editor"] != nil {
            throw UsageError(message: "give either --preset or --editor, not both", command: "import")
        }
        if let name = a.options["--name"], !OutputName.isValid(name) {
            throw UsageError(
                message:
                    "'--name' expects a scenario name of 1 to 100 characters from A-Z a-z 0-9 . _ - (not"
                    + " \".\" or \"..\"), got '\(Echo.cap(name))'",
                command: "import")
        }
        if let preset = a.options["--preset"], Preset.named(preset) == nil {
            throw UsageError(
                message:
                    "'--preset' expects one of \(Preset.all.map(\.name).joined(separator: ", ")), got"
                    + " '\(Echo.cap(preset))'",
                command: "import")
        }
    }
}
