import CropCompare
import CropEngine
import CropJSON
import CropPipeline
import CropScenario
import Foundation

extension Commands {
    static let compareSpec = CommandSpec(
        name: "compare",
        abstract: "Replay one script under several policies, settings or models; metrics, animation, plots.",
        overview:
            "Replay one script under several snap-back policies (or values of any editor key, or editor models,"
            + " or a grid of two) and compare them.",
        arguments: [
            .init(
                name: "scenario.json",
                help: "The scenario whose script is replayed (its other editor settings are kept).", min: 1, max: 1)
        ],
        options: [
            .init(
                name: "--policies", value: "<list>",
                help:
                    "Comma-separated: rollback, clamp, rubberBand, snapNearest, none, or a registered policy (default:"
                    + " all five and every registered one)."),
            .init(
                name: "--models", value: "<list>",
                help:
                    "Comma-separated editor models side by side: reference (CropReplay's) and registered ones"
                    + " (docs/extending.md)."),
            .init(
                name: "--vary", value: "<key=v1,v2,...>",
                help:
                    "Vary an editor key instead of the policy: any key of a number, a boolean or a choice"
                    + " (policy.rubberBand, policy.momentum, zoom.max, zoom.anchor, mask.fade, refit.delay,"
                    + " doubleTap.factor, ...), an animation (policy.animation, refit.animation: "
                    + Variation.curveForms(.builtIn) + ") or one of its numbers (policy.animation.response), or"
                    + " policy.params.NAME of a registered policy. Give it twice, or with --policies or --models,"
                    + " for a grid (rows by columns, at most \(Commands.maxVariants) variants)."
            ),
            SharedOption.out(
                "out",
                "Writes <dir>/<name>-compare/: index.html, comparison.png (APNG), comparison.gif, sheet.png,"
                    + " metrics.md, metrics.csv, metrics.json, and <variant>/trace.json and fingers.json"
            ),
            SharedOption.thumb(
                "each column of the animations (lowered, with a warning, until they fit 16384 pixels a side)",
                default: 0.5),
            .init(name: "--every", value: "<n>", help: "Keep every n-th frame in the animations (default: 1)."),
            .init(
                name: "--webp",
                help: "Also write comparison.webp (animated WebP, lossy with every frame >= 35 dB PSNR)."),
            SharedOption.jobs,
        ],
        discussion:
            "Metrics are defined in docs/compare.md. An animation above 20 MB gets a warning with a smaller"
            + " --every or --thumb.",
        run: { a, console in try Commands.compare(a, console) },
        registered: { r in Commands.registeredHelp(r) })

    /// The most variants one comparison shows (a 6 by 6 grid).
    static let maxVariants = 36

    /// Help's lines on the user's registered policies, curves and models.
    static func registeredHelp(_ r: Registrations) -> String? {
        var lines: [String] = []
        if !r.policyNames.isEmpty {
            lines.append("Registered policies (--policies, default included): \(r.policyNames.joined(separator: ", "))")
        }
        if !r.curveNames.isEmpty {
            lines.append(
                "Registered curves (--vary policy.animation=NAME(KEY=VALUE,...)): \(r.curveNames.joined(separator: ", "))"
            )
        }
        if !r.modelNames.isEmpty {
            lines.append("Registered models (--models): \(Variation.models(r))")
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// A comma-separated list of values; commas inside parentheses belong to a value
    /// (`critical(response=0.3,x=1)`).
    static func values(_ list: Substring) -> [String] {
        var out: [String] = []
        var current = ""
        var depth = 0
        for c in list {
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1 }
            if c == ",", depth <= 0 {
                out.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        out.append(current)
        return out
    }

    static func compare(_ a: ParsedArguments, _ console: Console) throws -> Int32 {
        var options = ComparisonOutput.Options()
        options.jobs = try jobs(a)
        options.thumb = try a.thumb(default: 0.5)
        options.every = try a.int("--every", min: 1, max: 100_000) ?? 1
        options.webp = a.flag("--webp")
        // The axes, in order: --policies, --models, then each --vary.
        var axes: [(option: String, given: String, axis: Variation, values: [String])] = []
        if let list = a.options["--policies"] {
            axes.append(("--policies", list, .policy, values(list[...])))
        }
        if let list = a.options["--models"] {
            axes.append(("--models", list, .model, values(list[...])))
        }
        for vary in a.repeated["--vary"] ?? [] {
            guard let eq = vary.firstIndex(of: "="), let axis = Variation(key: String(vary[..<eq])) else {
                throw UsageError(
                    message:
                        "'--vary' expects KEY=v1,v2,... with KEY one of \(Variation.keyNames.joined(separator: ", ")),"
                        + " got '\(Echo.cap(vary))'",
                    command: "compare")
            }
            axes.append(("--vary", vary, axis, values(vary[vary.index(after: eq)...])))
        }
        if axes.isEmpty {
            axes.append(("--policies", "", .policy, PolicyKind.allCases.map(\.rawValue) + a.registrations.policyNames))
        }
        guard axes.count <= 2 else {
            throw UsageError(
                message:
                    "compare varies one key (a list) or two (a grid), got \(axes.count):"
                    + " \(axes.map { $0.option }.joined(separator: ", "))",
                command: "compare")
        }
        for (option, given, axis, list) in axes where list.contains(where: { $0.isEmpty }) {
            throw UsageError(
                message:
                    "'\(option)' expects a comma-separated list of \(axis.name) values with none empty,"
                    + " got '\(Echo.cap(given))'",
                command: "compare")
        }
        if let repeated = axes.last(where: { ax in axes.filter { $0.axis.target == ax.axis.target }.count > 1 }) {
            throw UsageError(
                message: "'\(repeated.option)' gives \(repeated.axis.name) twice; a grid varies two different keys",
                command: "compare")
        }
        let count = axes.reduce(1) { $0 * Set($1.values).count }
        guard count <= maxVariants else {
            throw UsageError(
                message:
                    "\(axes.map { "\(Set($0.values).count) \($0.axis.name)" }.joined(separator: " by ")) make \(count)"
                    + " variants; at most \(maxVariants)",
                command: "compare")
        }
        let loaded = try LoadedScenario.load(path: a.positionals[0], registrations: a.registrations)
        var variants = [Variant(label: "", editor: loaded.scenario.editor)]
        for (option, _, axis, list) in axes {
            var next: [Variant] = []
            for v in variants {
                for text in list {
                    do {
                        let made = try axis.variant(of: v, value: text, registrations: a.registrations)
                        if !next.contains(where: { $0.label == made.label }) { next.append(made) }
                    } catch {
                        throw UsageError(message: "'\(option)': \(error.description)", command: "compare")
                    }
                }
            }
            variants = next
            if let why = axis.ineffective(for: loaded.scenario.editor) {
                console.err("warning: \(a.positionals[0]): \(why)")
            }
        }
        guard !variants.isEmpty else { throw UsageError(message: "nothing to compare", command: "compare") }
        options.axes = axes.map(\.axis)
        let rows = try Comparison.rows(loaded, variants: variants)
        let dir = (a.options["--out"] ?? "out") + "/" + loaded.scenario.name + "-compare"
        let warnings = try ComparisonOutput.write(loaded, rows: rows, variants: variants, dir: dir, options: options)
        console.out(
            Comparison.markdown(rows, grid: Comparison.Grid(rows: rows, variants: variants, axes: options.axes)))
        for w in warnings { console.err(w) }
        let webp = options.webp ? ", comparison.webp" : ""
        console.out(
            "wrote \(dir)/index.html (with comparison.png, comparison.gif\(webp), sheet.png,"
                + " metrics.md/csv/json, <variant>/trace.json)"
        )
        return 0
    }
}
