import CropCompare
import CropPipeline
import CropScenario
import Foundation

extension Commands {
    static let compareSpec = CommandSpec(
        name: "compare",
        abstract: "Replay one script under several policies; metrics, animation, plots.",
        overview: "Replay one script under several snap-back policies and compare them.",
        arguments: [
            .init(
                name: "scenario.json", help: "The scenario whose script is replayed (its other editor settings are kept).", min: 1, max: 1)
        ],
        options: [
            .init(
                name: "--policies", value: "<list>",
                help: "Comma-separated: rollback, clamp, rubberBand, snapNearest, none (default: all five)."),
            SharedOption.out(
                "out",
                "Writes <dir>/<name>-compare/: index.html, comparison.png (APNG), comparison.gif, sheet.png, metrics.md, metrics.csv, metrics.json"
            ),
            .init(name: "--thumb", value: "<f>", help: "Scale of each column in the animations (default: 0.5)."),
            SharedOption.jobs,
        ],
        run: { a, console in try Commands.compare(a, console) })

    static func compare(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let names = PolicyKind.allCases.map(\.rawValue)
        let list = (a.options["--policies"] ?? names.joined(separator: ",")).split(separator: ",", omittingEmptySubsequences: false).map(
            String.init)
        var policies: [PolicyKind] = []
        for p in list {
            guard let k = PolicyKind(rawValue: p) else {
                throw UsageError(
                    message: "unknown policy '\(Echo.cap(p))' in --policies; expected \(names.joined(separator: ", "))", command: "compare")
            }
            if !policies.contains(k) { policies.append(k) }
        }
        let jobs = try jobs(a)
        let thumb = try a.double("--thumb", min: 0.05, max: 1) ?? 0.5
        let loaded = try LoadedScenario.load(path: a.positionals[0])
        let rows = try PolicyComparison.rows(loaded, policies: policies)
        let dir = (a.options["--out"] ?? "out") + "/" + loaded.scenario.name + "-compare"
        try ComparisonOutput.write(loaded, rows: rows, dir: dir, jobs: jobs, thumb: thumb)
        console.out(PolicyComparison.markdown(rows))
        console.out("wrote \(dir)/index.html (with comparison.png, comparison.gif, sheet.png, metrics.md/csv/json)")
        return 0
    }
}
