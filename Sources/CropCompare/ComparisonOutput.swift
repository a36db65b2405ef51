import CropBitmap
import CropEngine
import CropGeometry
import CropImageIO
import CropJSON
import CropPipeline
import CropRender
import CropScenario
import Foundation

/// Writes a comparison: side-by-side APNG and GIF, a contact sheet, the metrics as Markdown,
/// CSV and JSON, and one self-contained HTML page with SVG plots of x, y, zoom and angle over time.
package enum ComparisonOutput {
    package struct Options: Sendable {
        package var jobs = Parallel.defaultJobs
        /// Scale of each column in the animations (lowered, with a warning, until the
        /// animation fits the formats' limits).
        package var thumb = 0.5
        /// Keep every n-th frame in the animations.
        package var every = 1
        /// What varies: one axis (a list of variants) or two (a grid, rows by columns).
        package var axes = [Variation.policy]
        /// Also comparison.webp (lossy animated WebP).
        package var webp = false
        package init() {}
    }

    /// The rows' and columns' values of a grid (the variants' first and second positions, in
    /// order), or nil for a list.
    package static func grid(_ variants: [Variant], axes: [Variation]) -> (rows: [String], columns: [String])? {
        guard axes.count == 2 else { return nil }
        var rows: [String] = []
        var columns: [String] = []
        for v in variants where v.at.count == 2 {
            if !rows.contains(v.at[0]) { rows.append(v.at[0]) }
            if !columns.contains(v.at[1]) { columns.append(v.at[1]) }
        }
        return (rows, columns)
    }

    /// A grid's title for a value on an axis (`rubberBand`, `policy.rubberBand=0.3`).
    static func title(_ axis: Variation, _ value: String) -> String {
        axis == .policy || axis == .model ? value : "\(axis.name)=\(value)"
    }

    /// The animation's layout, decided before anything is written: each column (or grid cell)
    /// at `options.thumb`, or lowered until the animation fits the formats' limits (a warning
    /// says so); a WebP over its memory budget is refused here too.
    package static func tiles(
        _ loaded: LoadedScenario, rows: [Comparison.Row], variants: [Variant], options: Options
    ) throws(ReplayFailure) -> (tiles: ComparisonTiles, kept: [Int], warning: String?) {
        let longest = rows.map(\.trace.frames.count).max() ?? 0
        let kept = Array(stride(from: 0, to: longest, by: max(1, options.every)))
        guard !kept.isEmpty else { throw ReplayFailure.internal("no frames to compare") }
        var columns = rows.map(\.label)
        var rowTitles: [String] = []
        if let grid = grid(variants, axes: options.axes) {
            columns = grid.columns.map { title(options.axes[1], $0) }
            rowTitles = grid.rows.map { title(options.axes[0], $0) }
        }
        let limit = ComparisonTiles.limit(webp: options.webp)
        let file = loaded.scenario.file
        guard
            let tiles = ComparisonTiles.fitting(
                rows.map(\.trace), scales: rows.map(\.editor.viewport.scale), kept: kept, thumb: options.thumb,
                columnTitles: columns, rowTitles: rowTitles, limit: limit)
        else {
            throw .badInput(
                "\(file): the side-by-side of \(rows.count) variants does not fit \(limit) pixels a side even at"
                    + " --thumb 0.01: compare fewer variants")
        }
        var warning: String?
        if tiles.thumb != options.thumb {
            let wanted = ComparisonTiles.fitting(
                rows.map(\.trace), scales: rows.map(\.editor.viewport.scale), kept: kept, thumb: options.thumb,
                columnTitles: columns, rowTitles: rowTitles, limit: Int.max)
            let size = wanted.map { "\($0.width)x\($0.height)" } ?? "too large"
            warning =
                "warning: \(file): the side-by-side at --thumb \(Echo.number(options.thumb)) would be \(size) pixels,"
                + " over \(limit) a side: scaled to --thumb \(Echo.number(tiles.thumb))"
        }
        if options.webp {
            try WebPBudget.check(frames: kept.count, width: tiles.width, height: tiles.height, what: "\(file): --webp")
        }
        return (tiles, kept, warning)
    }

    /// Writes everything; returns warnings to print (one line each). The layout and the WebP's
    /// budget are checked before anything is written; the folders this call made are removed
    /// again when writing fails.
    package static func write(
        _ loaded: LoadedScenario, rows: [Comparison.Row], variants: [Variant], dir: String, options: Options
    )
        throws(ReplayFailure) -> [String]
    {
        let (tiles, kept, fitWarning) = try tiles(loaded, rows: rows, variants: variants, options: options)
        let thumb = tiles.thumb
        var warnings = fitWarning.map { [$0] } ?? []
        // The highest folder this call makes (`--out` too when it does not exist yet).
        var created: String?
        var folder = dir
        while !folder.isEmpty, folder != ".", folder != "/", !FileIO.exists(folder), !FileIO.isSymbolicLink(folder) {
            created = folder
            folder = PathText.parent(folder)
        }
        do {
            try ReplayFailure.writingOutputs(of: loaded.scenario.file) {
                let sessions = zip(rows, variants).map { row, variant in
                    var s = loaded.scenario
                    s.editor = variant.editor
                    return RenderSession(loaded: loaded.with(s), trace: row.trace)
                }
                // The side-by-side frames, a batch at a time; a variant whose trace is shorter holds its last frame.
                var files = AnimationFiles()
                files.apng = dir + "/comparison.png"
                files.gif = dir + "/comparison.gif"
                files.webp = options.webp ? dir + "/comparison.webp" : nil
                files.sheet = ContactSheet(
                    path: dir + "/sheet.png", shrink: 2, step: max(1, kept.count / 12), columns: 3,
                    label: { "FRAME \($0)" })
                let writer = AnimationWriter(
                    files: files, kept: kept, fps: loaded.scenario.fps, every: options.every, thumb: thumb,
                    jobs: options.jobs, scenarioFile: loaded.scenario.file)
                warnings += try writer.write(render: { batch, each in
                    let cells = LockedDictionary<Int, RGBFrame>()
                    try Parallel.forEach(count: batch.count * sessions.count, jobs: options.jobs) { k in
                        let (i, v) = (k / sessions.count, k % sessions.count)
                        let f = sessions[v].render(frame: min(batch[i], rows[v].trace.frames.count - 1))
                        cells.set(
                            k,
                            Downscale.resize(
                                f, width: max(1, Int(Double(f.width) * thumb)),
                                height: max(1, Int(Double(f.height) * thumb))))
                    }
                    let tiled = batch.indices.map { i in
                        tiles.compose((0..<sessions.count).compactMap { cells.get(i * sessions.count + $0) })
                    }
                    if let each { for (n, f) in zip(batch, tiled) { try each(n, f) } }
                    return tiled
                })
                try writeData(rows, scenario: loaded.scenario.name, dir: dir, variants: variants, axes: options.axes)
                try FileIO.writeAtomically(
                    dir + "/index.html", html(loaded, rows: rows, variants: variants, axes: options.axes))
            }
        } catch {
            if let created { CleanupOnSignal.removeTree(created) }
            throw error
        }
        return warnings
    }

    /// The metrics (md, csv, json) and each variant's `trace.json` and `fingers.json` under
    /// `DIR/<variant>/` (see `Comparison.folder`); no rendering.
    package static func writeData(
        _ rows: [Comparison.Row], scenario: String, dir: String, variants: [Variant] = [], axes: [Variation] = [.policy]
    ) throws(FileError) {
        let grid = Comparison.Grid(rows: rows, variants: variants, axes: axes)
        try FileIO.writeAtomically(dir + "/metrics.md", Comparison.markdown(rows, grid: grid))
        try FileIO.writeAtomically(dir + "/metrics.csv", Comparison.csv(rows, grid: grid))
        try FileIO.writeAtomically(dir + "/metrics.json", Comparison.json(rows, scenario: scenario, grid: grid))
        for (row, folder) in zip(rows, Comparison.folders(rows.map(\.label))) {
            try FileIO.writeAtomically(dir + "/" + folder + "/trace.json", TraceCodec.encode(row.trace))
            try FileIO.writeAtomically(dir + "/" + folder + "/fingers.json", row.fingers.json(variant: row.label))
        }
    }

    static func html(_ loaded: LoadedScenario, rows: [Comparison.Row], variants: [Variant], axes: [Variation])
        -> String
    {
        let name = loaded.scenario.name
        let grid = Comparison.Grid(rows: rows, variants: variants, axes: axes)
        let what: String
        switch axes.map(\.name) {
        case ["policy"]: what = "snap-back policies"
        case ["model"]: what = "editor models"
        default: what = axes.count == 2 ? "values of \(axes[0].name) by \(axes[1].name)" : "values of \(axes[0].name)"
        }
        var out = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>CropReplay: \(HTML.escape(name)) under \(rows.count)\
             \(what)</title>
            <style>
            body { font-family: -apple-system, system-ui, sans-serif; margin: 24px; color: #222; background: #fafafa; }
            table { border-collapse: collapse; margin: 12px 0; } td, th { border: 1px solid #ccc; padding: 4px\
             8px; text-align: right; }
            th:first-child, td:first-child { text-align: left; }
            .plots { display: flex; flex-wrap: wrap; gap: 16px; } svg { background: #fff; border: 1px solid #ddd; }
            img { max-width: 100%; border: 1px solid #ccc; }
            \(ComparisonPage.style)
            </style></head><body>
            <h1>\(HTML.escape(name)): \(HTML.escape(what)) compared</h1>
            <p>The same script under each variant; every other editor setting unchanged. Definitions and how to
            read a comparison: docs/compare.md.</p>

            """
        if let grid { out += ComparisonPage.gridTables(grid, rows: rows) }
        out += ComparisonPage.metricsTable(rows)
        out += ComparisonPage.plots(rows, grid: grid)
        out += "<h2>Side by side</h2>\n<p><img src=\"comparison.png\" alt=\"side-by-side animation\"></p>\n"
        out +=
            "<p>Also: <a href=\"comparison.gif\">comparison.gif</a>, <a href=\"sheet.png\">sheet.png</a>, <a"
            + " href=\"metrics.csv\">metrics.csv</a>, "
        out += "<a href=\"metrics.json\">metrics.json</a>.</p>\n</body></html>\n"
        return out
    }
}
