import CropCompare
import CropEngine
import CropJSON
import CropPipeline
import CropScenario
import Foundation

extension Commands {
    static let compareSpec = CommandSpec(
        name: "compare",
        abstract: "Replay one script under several policies or timings; metrics, animation, plots.",
        overview: "Replay one script under several snap-back policies (or re-fit and settle timings) and compare them.",
        arguments: [
            .init(
                name: "scenario.json",
                help: "The scenario whose script is replayed (its other editor settings are kept).", min: 1, max: 1)
        ],
        options: [
            .init(
                name: "--policies", value: "<list>",
                help: "Comma-separated: rollback, clamp, rubberBand, snapNearest, none (default: all five)."),
            .init(
                name: "--vary", value: "<key=v1,v2,...>",
                help:
                    "Vary another setting instead of the policy: refit.delay (seconds), refit.animation or"
                    + " policy.animation (none, linear:S, easeOut:S, easeInOut:S, spring:RESPONSE:DAMPING)."
            ),
            SharedOption.out(
                "out",
                "Writes <dir>/<name>-compare/: index.html, comparison.png (APNG), comparison.gif, sheet.png,"
                    + " metrics.md, metrics.csv, metrics.json, and <variant>/trace.json and fingers.json"
            ),
            .init(name: "--thumb", value: "<f>", help: "Scale of each column in the animations (default: 0.5)."),
            .init(name: "--every", value: "<n>", help: "Keep every n-th frame in the animations (default: 1)."),
            .init(
                name: "--webp",
                help: "Also write comparison.webp (animated WebP, lossy with every frame >= 35 dB PSNR)."),
            SharedOption.jobs,
        ],
        discussion:
            "Metrics are defined in docs/compare.md. An animation above 20 MB gets a warning with a smaller"
            + " --every or --thumb.",
        run: { a, console in try Commands.compare(a, console) })

    static func compare(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        let loaded = try LoadedScenario.load(path: a.positionals[0], registrations: a.registrations)
        var options = ComparisonOutput.Options()
        options.jobs = try jobs(a)
        options.thumb = try a.double("--thumb", min: 0.05, max: 1) ?? 0.5
        options.every = try a.int("--every", min: 1, max: 100_000) ?? 1
        options.webp = a.flag("--webp")
        var key = Variation.policy
        var values = PolicyKind.allCases.map(\.rawValue) + a.registrations.policyNames
        if let list = a.options["--policies"] {
            values = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        if let vary = a.options["--vary"] {
            if a.options["--policies"] != nil {
                throw UsageError(message: "give either --policies or --vary, not both", command: "compare")
            }
            guard let eq = vary.firstIndex(of: "="), let k = Variation(rawValue: String(vary[..<eq])) else {
                throw UsageError(
                    message:
                        "'--vary' expects KEY=v1,v2,... with KEY one of"
                        + " \(Variation.allCases.map(\.rawValue).joined(separator: ", ")), got '\(Echo.cap(vary))'",
                    command: "compare")
            }
            key = k
            values = vary[vary.index(after: eq)...].split(separator: ",", omittingEmptySubsequences: false).map(
                String.init)
        }
        let option = a.options["--vary"] != nil ? "--vary" : "--policies"
        if values.contains(where: { $0.isEmpty }) {
            let given = a.options[option] ?? ""
            throw UsageError(
                message:
                    "'\(option)' expects a comma-separated list of \(key.rawValue) values with none empty,"
                    + " got '\(Echo.cap(given))'",
                command: "compare")
        }
        let variants: [Variant]
        do {
            variants = try key.variants(
                of: loaded.scenario.editor, values: values, registered: a.registrations.policyNames)
        } catch {
            throw UsageError(message: "'\(option)': \(error.description)", command: "compare")
        }
        guard !variants.isEmpty else { throw UsageError(message: "nothing to compare", command: "compare") }
        options.variation = key
        if let why = key.ineffective(for: loaded.scenario.editor) {
            console.err("warning: \(a.positionals[0]): \(why)")
        }
        let rows = try Comparison.rows(loaded, variants: variants)
        let dir = (a.options["--out"] ?? "out") + "/" + loaded.scenario.name + "-compare"
        let warnings = try ComparisonOutput.write(loaded, rows: rows, variants: variants, dir: dir, options: options)
        console.out(Comparison.markdown(rows))
        for w in warnings { console.err(w) }
        let webp = options.webp ? ", comparison.webp" : ""
        console.out(
            "wrote \(dir)/index.html (with comparison.png, comparison.gif\(webp), sheet.png,"
                + " metrics.md/csv/json, <variant>/trace.json)"
        )
        return 0
    }
}
