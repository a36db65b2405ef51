import CropBitmap
import CropEngine
import CropGeometry
import CropImageIO
import CropPipeline
import CropRender
import CropScenario
import Foundation

/// Writes a comparison: side-by-side APNG and GIF, a contact sheet, the metrics as Markdown,
/// CSV and JSON, and one self-contained HTML page with SVG plots of x, y, zoom and angle over time.
package enum ComparisonOutput {
    package struct Options: Sendable {
        package var jobs = Parallel.defaultJobs
        /// Scale of each column in the animations.
        package var thumb = 0.5
        /// Keep every n-th frame in the animations.
        package var every = 1
        /// What varies (for the page's title).
        package var variation = Variation.policy
        /// Also comparison.webp (lossy animated WebP).
        package var webp = false
        package init() {}
    }

    /// Writes everything; returns warnings to print (one line each).
    package static func write(
        _ loaded: LoadedScenario, rows: [Comparison.Row], variants: [Variant], dir: String, options: Options
    )
        throws(ReplayFailure) -> [String]
    {
        let longest = rows.map(\.trace.frames.count).max() ?? 0
        let kept = Array(stride(from: 0, to: longest, by: max(1, options.every)))
        let thumb = options.thumb
        var warnings: [String] = []
        try ReplayFailure.writingOutputs(of: loaded.scenario.file) {
            let sessions = zip(rows, variants).map { row, variant in
                var s = loaded.scenario
                s.editor = variant.editor
                return RenderSession(loaded: loaded.with(s), trace: row.trace)
            }
            guard !kept.isEmpty else { throw ReplayFailure.internal("no frames to compare") }
            // The side-by-side frames, a batch at a time; a variant whose trace is shorter holds its last frame.
            var files = AnimationFiles()
            files.apng = dir + "/comparison.png"
            files.gif = dir + "/comparison.gif"
            files.webp = options.webp ? dir + "/comparison.webp" : nil
            files.sheet = ContactSheet(
                path: dir + "/sheet.png", shrink: 2, step: max(1, kept.count / 12), columns: 3, label: { "FRAME \($0)" }
            )
            let writer = AnimationWriter(
                files: files, kept: kept, fps: loaded.scenario.fps, every: options.every, thumb: thumb,
                jobs: options.jobs, scenarioFile: loaded.scenario.file)
            warnings = try writer.write(render: { batch, each in
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
                    Tiling.sideBySide(
                        (0..<sessions.count).compactMap { cells.get(i * sessions.count + $0) },
                        titles: rows.map(\.label))
                }
                if let each { for (n, f) in zip(batch, tiled) { try each(n, f) } }
                return tiled
            })
            try writeData(rows, scenario: loaded.scenario.name, dir: dir)
            try FileIO.writeAtomically(
                dir + "/index.html", html(loaded, rows: rows, variants: variants, variation: options.variation))
        }
        return warnings
    }

    /// The metrics (md, csv, json) and each variant's `trace.json` and `fingers.json` under
    /// `DIR/<variant>/` (see `Comparison.folder`); no rendering.
    package static func writeData(_ rows: [Comparison.Row], scenario: String, dir: String) throws(FileError) {
        try FileIO.writeAtomically(dir + "/metrics.md", Comparison.markdown(rows))
        try FileIO.writeAtomically(dir + "/metrics.csv", Comparison.csv(rows))
        try FileIO.writeAtomically(dir + "/metrics.json", Comparison.json(rows, scenario: scenario))
        for (row, folder) in zip(rows, Comparison.folders(rows.map(\.label))) {
            try FileIO.writeAtomically(dir + "/" + folder + "/trace.json", TraceCodec.encode(row.trace))
            try FileIO.writeAtomically(dir + "/" + folder + "/fingers.json", row.fingers.json(variant: row.label))
        }
    }

    static func html(_ loaded: LoadedScenario, rows: [Comparison.Row], variants: [Variant], variation: Variation)
        -> String
    {
        let name = loaded.scenario.name
        let what = variation == .policy ? "snap-back policies" : "values of \(variation.rawValue)"
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
            <h1>\(HTML.escape(name)): \(what) compared</h1>
            <p>The same script under each variant; every other editor setting unchanged. Definitions and how to
            read a comparison: docs/compare.md.</p>

            """
        out += ComparisonPage.metricsTable(rows)
        out += ComparisonPage.plots(rows)
        out += "<h2>Side by side</h2>\n<p><img src=\"comparison.png\" alt=\"side-by-side animation\"></p>\n"
        out +=
            "<p>Also: <a href=\"comparison.gif\">comparison.gif</a>, <a href=\"sheet.png\">sheet.png</a>, <a"
            + " href=\"metrics.csv\">metrics.csv</a>, "
        out += "<a href=\"metrics.json\">metrics.json</a>.</p>\n</body></html>\n"
        return out
    }
}
