import CropGoldens
import CropHTTP
import CropJSON
import CropPipeline
import CropReview
import Foundation

extension Commands {
    static let reviewSpec = CommandSpec(
        name: "review",
        abstract: "Accept or skip check's failures one by one from a local page.",
        overview:
            "Check scenarios as `check` does, then serve a page on 127.0.0.1 listing what check reports (FAIL,"
            + " NEW, ERROR, ORPHANED), each with its first trace difference, the changed field's plot and the"
            + " expected/actual diff views. Accept records that scenario's golden as `record` would (or removes"
            + " an orphaned golden folder as `record --prune` would); Skip leaves it.",
        arguments: [.init(name: "path", help: "Scenario files or folders (default: scenarios).", min: 0, max: nil)],
        options: [
            SharedOption.golden,
            SharedOption.model,
            SharedOption.tolerance,
            SharedOption.maxDiffRatio,
            .init(name: "--port", value: "<n>", help: "The port on 127.0.0.1 (default: 0, the system chooses)."),
            SharedOption.jobs,
        ],
        discussion: """
            The first line on standard output is the page's address; each decision prints its lines (record's
            for an Accept), and Finish on the page ends the review with what was accepted. Only the page this
            run served can decide: its requests carry a per-run token, and requests from another origin or
            with a foreign Host are refused. Exit status: 0 when nothing check fails on is left, 1 when
            something was skipped or left undecided, 2 bad input. See docs/goldens.md.
            """,
        run: { a, console in try Commands.review(a, console) })

    static func review(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        var options = try checkOptions(a)
        let port = try a.int("--port", min: 0, max: 65535) ?? 0
        // Accept writes as record does: never into the scenarios' folder.
        let paths = a.positionals.isEmpty ? ["scenarios"] : a.positionals
        try checkGoldenApart(
            options.goldenDir, paths: paths, files: try scenarioPaths(paths, command: "review"), command: "review")
        let (loaded, unloaded, orphans) = try suite(a, goldenDir: options.goldenDir, command: "review")
        // The check's images go to a temporary folder of this run, removed at the end (and on
        // an interrupting signal).
        let artifacts = NSTemporaryDirectory() + "cropreplay-review-\(getpid())-\(UUID().uuidString)"
        do { try FileIO.makeDirectory(artifacts) } catch { throw ReplayFailure.unwritable(error) }
        let cleanup = CleanupOnSignal.register(artifacts, tree: true)
        defer {
            CleanupOnSignal.removeTree(artifacts)
            CleanupOnSignal.unregister(cleanup)
        }
        options.artifactsDir = artifacts
        let session = try ReviewSession.checking(loaded, unloaded: unloaded, orphans: orphans, options: options)
        guard !session.items.isEmpty else {
            console.out("nothing to review: \(session.passed) passed")
            return 0
        }
        let routes = ReviewRoutes(session: session, artifactsDir: artifacts)
        routes.report = { lines in for line in lines { console.out(Echo.escapingControls(line)) } }
        let server: HTTPServer
        do { server = try HTTPServer(port: port, handler: routes.handle) } catch {
            throw ReplayFailure.badInput(error.description)
        }
        routes.port = server.port
        console.out("http://127.0.0.1:\(server.port)/")
        if console.outputError() != nil { return 2 }
        for item in session.items { console.err(Echo.escapingControls("\(item.label) \(item.name)")) }
        console.err(
            "Reviewing \(session.items.count) on http://127.0.0.1:\(server.port)/: Accept or Skip each, then"
                + " Finish; ctrl-c stops (what was accepted stays recorded)."
        )
        server.serve { routes.finished }
        for line in session.summary { console.out(Echo.escapingControls(line)) }
        return session.failuresLeft ? 1 : 0
    }
}
