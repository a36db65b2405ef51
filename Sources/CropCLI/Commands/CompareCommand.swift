import Foundation
import CropScenario
import CropEngine
import CropGoldens

extension Commands {
    static func compare(_ args: [String], _ console: Console) throws -> Int32 {
        let a = try Arguments(args, command: "compare", flags: [], options: ["--policies", "--out", "--jobs", "--thumb"])
        guard a.positionals.count == 1 else {
            throw UsageError(message: a.positionals.isEmpty ? "missing expected argument '<scenario.json>'" : "compare takes one scenario", command: "compare")
        }
        let list = (a.options["--policies"] ?? "rollback,clamp,rubberBand,snapNearest,none").split(separator: ",").map { String($0) }
        var policies: [PolicyKind] = []
        for p in list {
            guard let k = PolicyKind(rawValue: p) else {
                throw UsageError(message: "unknown policy '\(p)' in --policies; expected rollback, clamp, rubberBand, snapNearest or none", command: "compare")
            }
            if !policies.contains(k) { policies.append(k) }
        }
        guard !policies.isEmpty else { throw UsageError(message: "--policies is empty", command: "compare") }
        let jobs = try a.int("--jobs", min: 1, max: 256, command: "compare") ?? Parallel.defaultJobs
        let thumb = try a.double("--thumb", min: 0.05, max: 1, command: "compare") ?? 0.5
        let loaded = try LoadedScenario.load(path: a.positionals[0])
        let rows = try PolicyComparison.rows(loaded, policies: policies)
        let dir = (a.options["--out"] ?? "out") + "/" + loaded.scenario.name + "-compare"
        try ComparisonOutput.write(loaded, rows: rows, dir: dir, jobs: jobs, thumb: thumb)
        console.out(PolicyComparison.markdown(rows))
        console.out("wrote \(dir)/index.html (with comparison.png, comparison.gif, sheet.png, metrics.md/csv/json)")
        return 0
    }
}
