import CropEngine
import CropHTTP
import CropJSON
import CropPipeline
import CropPlay
import CropScenario
import Foundation

extension Commands {
    static let playSpec = CommandSpec(
        name: "play",
        abstract: "Serve the editor live in a browser: feel a policy, record a gesture as a scenario.",
        overview:
            "Serve one page on 127.0.0.1: the editor of a scenario (or a preset) live. Touch, mouse, wheel"
            + " and trackpad input drive the same reducer `run` replays; a side panel of typed controls edits the editor and shows the current frame's trace values; Record/Stop offers the session as a scenario (as `import` writes it) and as a CDP log.",
        arguments: [
            .init(name: "scenario", help: "A scenario file whose editor and image are served.", min: 0, max: 1)
        ],
        options: [
            .init(
                name: "--preset", value: "<p>",
                help: "Serve a preset's editor over the sample photo instead (default: circle-avatar-bounce)."),
            .init(name: "--testcard", value: nil, help: "With a preset: the test card in place of the sample photo."),
            .init(name: "--port", value: "<n>", help: "The port (default: 8080; 0 lets the system choose)."),
            .init(
                name: "--host", value: "<ipv4>", help: "The interface (default: 127.0.0.1; another only when asked)."),
            .init(name: "--name", value: "<name>", help: "The name of recorded scenarios (default: recorded)."),
        ],
        discussion:
            "The first line on standard output is the page's address. A preset shows the built-in sample"
            + " photo (the size of the default test card, so the same geometry; --testcard shows the card); a scenario file shows its own image, as `run` renders it. No file is served from disk. Ctrl-C stops. See docs/playground.md.",
        run: { a, console in try Commands.play(a, console) })

    static func play(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        if !a.positionals.isEmpty && a.options["--preset"] != nil {
            throw UsageError(message: "give either a scenario file or --preset, not both", command: "play")
        }
        let port = try a.int("--port", min: 0, max: 65535) ?? 8080
        let host = a.options["--host"] ?? "127.0.0.1"
        let name = a.options["--name"] ?? "recorded"
        // The scenario name rule (recorded scenarios must pass validate).
        guard OutputName.isValid(name) else {
            throw UsageError(
                message:
                    "'--name' expects a scenario name of 1 to 100 characters from A-Z a-z 0-9 . _ - (not"
                    + " \".\" or \"..\"), got '\(Echo.cap(name))'",
                command: "play")
        }
        let loaded: LoadedScenario
        var imageLabel: String?
        if let path = a.positionals.first {
            if a.flag("--testcard") {
                throw UsageError(
                    message: "--testcard is for a preset; a scenario file plays with its own image", command: "play")
            }
            loaded = try LoadedScenario.load(path: path, registrations: a.registrations)
        } else {
            let presetName = a.options["--preset"] ?? "circle-avatar-bounce"
            guard Preset.named(presetName) != nil else {
                throw UsageError(
                    message:
                        "unknown preset '\(Echo.cap(presetName))'; expected one of"
                        + " \(Preset.all.map(\.name).joined(separator: ", "))",
                    command: "play")
            }
            (loaded, imageLabel) = try PlayScenario.preset(
                presetName, testcard: a.flag("--testcard"), registrations: a.registrations)
        }
        let session: PlaySession
        do { session = try PlaySession(base: loaded, imageLabel: imageLabel) } catch {
            throw ReplayFailure.badInput("\(loaded.scenario.file): \(error.message)")
        }
        let routes = PlayRoutes(session: session)
        routes.recordingName = name
        let server: HTTPServer
        do { server = try HTTPServer(host: host, port: port, handler: routes.handle) } catch {
            throw ReplayFailure.badInput(error.description)
        }
        console.out("http://\(host):\(server.port)/")
        if console.outputError() != nil { return 2 }
        console.err(
            "Serving \(loaded.scenario.name) (\(loaded.scenario.fps) fps) on http://\(host):\(server.port)/;"
                + " ctrl-c stops."
        )
        server.serve()
        return 0
    }
}
