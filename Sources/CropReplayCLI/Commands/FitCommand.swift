import CropEngine
import CropFit
import CropJSON
import CropPipeline
import CropScenario
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Commands {
    static let fitSpec = CommandSpec(
        name: "fit",
        abstract: "Find the editor parameters that reproduce an app's recorded sessions.",
        overview:
            "Search the named editor numbers (and with --policies, the policy kind) for the values whose replays"
            + " come closest to what an app showed, over every recording together.",
        arguments: [
            .init(
                name: "scenario.json",
                help: "Scenarios from `import session`, each followed by its --trace (in the same order).", min: 1,
                max: nil)
        ],
        options: [
            .init(
                name: "--trace", value: "<recorded.json>",
                help: "The recorded trace of a scenario (once per scenario, in order).", isPath: true),
            .init(
                name: "--vary", value: "<key=low..high>",
                help:
                    "An editor number to search and its range (repeat for more): policy.rubberBand,"
                    + " policy.momentum, policy.animation.response, refit.delay, policy.params.NAME, ..."),
            .init(
                name: "--policies", value: "<list>",
                help: "The policy kinds to try and rank, comma-separated (default: the scenarios' own)."),
            .init(name: "--seed", value: "<s>", help: "Seed of the search's sample (default: 1)."),
            .init(
                name: "--evaluations", value: "<n>",
                help: "Replays of every recording per policy, at most (default: 300)."),
            .init(
                name: "--threshold", value: "<pt>",
                help: "Corners' RMS error above which the fit is reported as not reproducing (default: 1)."),
            .init(
                name: "--tolerance", value: "<pt>",
                help: "Points a corner may be off before a frame departs, in the residuals' report (default: 1)."),
            SharedOption.out(
                "out/<name>-fit",
                "Writes index.html (the curves), fit.json, fit.md and fitted/<scenario>.json (each scenario with the"
                    + " best values)"),
            SharedOption.jobs,
        ],
        discussion: """
            The error is the root mean square distance of the photo's four corners, recorded against replayed,
            over every recorded frame of every recording. The search is a seeded Latin hypercube sample then a
            compass search, the same for a seed and an evaluation budget whatever --jobs. Exit status: 0 the
            best fit is within --threshold, 1 it is not (the report says which phase departs), 2 bad input.
            See docs/fit.md.
            """,
        run: { a, console in try Commands.fit(a, console) })

    static func fit(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let traces = a.repeated["--trace"] ?? []
        guard traces.count == a.positionals.count else {
            throw UsageError(
                message:
                    "each scenario needs its recorded trace: give S.json --trace R.json per recording (got"
                    + " \(a.positionals.count) scenarios and \(traces.count) --trace)",
                command: "fit")
        }
        let varies = a.repeated["--vary"] ?? []
        guard !varies.isEmpty else {
            throw UsageError(
                message: "missing '--vary KEY=LOW..HIGH': the editor numbers to search", command: "fit")
        }
        var parameters: [FitParameter] = []
        for text in varies {
            do { parameters.append(try FitParameter.parse(text)) } catch {
                throw UsageError(message: error.description, command: "fit")
            }
            if parameters.dropLast().contains(where: { $0.key == parameters.last?.key }) {
                throw UsageError(message: "'--vary' names \(parameters.last?.key ?? "") twice", command: "fit")
            }
        }
        var policies: [PolicyKind]?
        if let list = a.options["--policies"] {
            let registered = a.registrations.policyNames
            policies = []
            for name in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                let kind = PolicyKind(rawValue: name)
                guard kind.isBuiltIn || registered.contains(name) else {
                    let names = PolicyKind.allCases.map(\.rawValue) + registered
                    throw UsageError(
                        message:
                            "'--policies' expects kinds from \(names.joined(separator: ", ")), got '\(Echo.cap(name))'",
                        command: "fit")
                }
                if !(policies?.contains(kind) ?? false) { policies?.append(kind) }
            }
        }
        var options = EditorFit.Options()
        let seedText = a.options["--seed"] ?? "1"
        guard let seed = UInt64(seedText) else {
            throw UsageError(
                message: "'--seed' expects a whole number from 0 to \(UInt64.max), got '\(Echo.cap(seedText))'",
                command: "fit")
        }
        options.seed = seed
        options.evaluations = try a.int("--evaluations", min: 1, max: 100_000) ?? 300
        options.threshold = try a.double("--threshold", min: 0, max: 1_000_000) ?? 1
        options.tolerance = try a.double("--tolerance", min: 0, max: 1_000_000) ?? 1
        options.jobs = try jobs(a)
        var recordings: [FitRecording] = []
        var originals: [JSONNode] = []
        for (path, trace) in zip(a.positionals, traces) {
            let loaded = try LoadedScenario.load(path: path, registrations: a.registrations)
            let recorded = try readRecordedTrace(trace)
            if let why = recorded.mismatch(loaded.scenario, file: trace) { throw ReplayFailure.badInput(why) }
            recordings.append(FitRecording(loaded: loaded, recorded: recorded))
            originals.append(try readJSONObject(path, what: "a scenario object").node)
        }
        let names = recordings.map(\.loaded.scenario.name)
        for (i, name) in names.enumerated() where names[..<i].contains(name) {
            throw ReplayFailure.duplicateName(
                name, file: recordings[i].loaded.scenario.file,
                otherFile: recordings[names.firstIndex(of: name) ?? 0].loaded.scenario.file)
        }
        let dir = a.options["--out"] ?? "out/\(names[0])-fit"
        try checkFitFolder(dir)
        var progress: (@Sendable (Int, Int) -> Void)?
        if isatty(2) != 0 {
            progress = { done, total in
                let line = "\rfit: \(done)/\(total) evaluations" + (done == total ? "\n" : "")
                FileHandle.standardError.write(Data(line.utf8))
            }
        }
        let result: EditorFit.Result
        do {
            result = try EditorFit.run(
                recordings, parameters: parameters, policies: policies, options: options, progress: progress)
        } catch {
            throw ReplayFailure.badInput(error.description)
        }
        let report = try FitReport(
            result, recordings: recordings, threshold: options.threshold, tolerance: options.tolerance)
        do {
            for (i, (r, original)) in zip(recordings, originals).enumerated() {
                if let text = report.fitted(original, index: i) {
                    try FileIO.writeAtomically("\(dir)/fitted/\(r.loaded.scenario.name).json", text)
                }
            }
            try FileIO.writeAtomically(dir + "/fit.md", report.lines.joined(separator: "\n") + "\n")
            try FileIO.writeAtomically(dir + "/fit.json", report.json.serialized(indent: 2) + "\n")
            try FileIO.writeAtomically(dir + "/index.html", report.page)
        } catch {
            throw ReplayFailure.unwritable(error)
        }
        for line in report.lines { console.out(line) }
        console.out("wrote \(dir)/index.html (with fit.md, fit.json, fitted/<scenario>.json)")
        return report.unreproduced ? 1 : 0
    }

    /// `--out` of fit: a folder (or a new path), refused before anything replays when it, or a
    /// file it will hold, cannot be written.
    static func checkFitFolder(_ out: String) throws {
        if FileIO.isSymbolicLink(out) && !FileIO.exists(out) {
            throw UsageError(
                message: "'--out' expects a folder to write in, but \(out) is a symbolic link to nothing",
                command: "fit")
        }
        if FileIO.exists(out) && !FileIO.isDirectory(out) {
            throw UsageError(
                message: "'--out' expects a folder to write in, but \(out) is not a folder", command: "fit")
        }
        for name in ["fit.md", "fit.json", "index.html"] {
            do { _ = try FileIO.outputTarget(out + "/" + name) } catch {
                throw UsageError(
                    message: "'--out' expects a folder to write in, but \(error.description)", command: "fit")
            }
        }
    }
}
