import CropFit
import CropJSON
import CropPipeline
import CropScenario

extension Commands {
    /// `conform --trace RECORDED.json S.json [--model NAME] [--tolerance PT] [--out DIR]`: the
    /// scenario's replay against what an app showed (docs/fit.md). Exit 1 when it departs.
    static func conformTrace(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        for option in ["--random", "--seed", "--preset", "--editor"] where a.options[option] != nil {
            throw UsageError(message: "'\(option)' does not apply to --trace", command: "conform")
        }
        guard a.positionals.count == 1 else {
            throw UsageError(
                message: "'--trace' compares one scenario with its recording: give one S.json, got"
                    + " \(a.positionals.count)",
                command: "conform")
        }
        let tolerance = try a.double("--tolerance", min: 0, max: 1_000_000) ?? 1
        let out = a.options["--out"]
        if let out { try checkReportFolder(out) }
        let tracePath = a.options["--trace"] ?? ""
        let recorded = try readRecordedTrace(tracePath)
        let loaded = try load(a.positionals[0], a)
        if let why = recorded.mismatch(loaded.scenario, file: tracePath) { throw ReplayFailure.badInput(why) }
        let report = try TraceConformance(loaded, recorded: recorded, tolerance: tolerance)
        for line in report.lines { console.out(line) }
        if let out {
            do {
                try FileIO.writeAtomically(out + "/conformance.md", report.lines.joined(separator: "\n") + "\n")
                try FileIO.writeAtomically(out + "/conformance.json", report.json.serialized(indent: 2) + "\n")
            } catch {
                throw ReplayFailure.unwritable(error)
            }
            console.out("report: \(out)/conformance.md")
        }
        return report.departs ? 1 : 0
    }

    /// A recorded trace file (`import session`'s), its errors naming the file and the place.
    static func readRecordedTrace(_ path: String) throws -> RecordedTrace {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: Limits.maxScenarioBytes) } catch {
            throw ReplayFailure.unreadable(error)
        }
        do { return try RecordedTrace.decode(bytes, file: path) } catch { throw ReplayFailure.scenario(error) }
    }
}
