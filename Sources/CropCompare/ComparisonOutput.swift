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
            // The side-by-side frames stream into the encoders a batch at a time (memory does
            // not grow with the frame count); a variant whose trace is shorter holds its last frame.
            let loop: EncodeLoop = { count, body in try? Parallel.forEach(count: count, jobs: options.jobs) { body($0) }
            }
            let ticks = max(1, options.every)
            let fps = loaded.scenario.fps
            let apngFile = try AtomicFile(dir + "/comparison.png")
            let gifFile = try AtomicFile(dir + "/comparison.gif")
            let webpFile = options.webp ? try AtomicFile(dir + "/comparison.webp") : nil
            var webp: WebPWriter?
            var apng: APNGWriter?
            var gif: GIFWriter?
            let sheetStep = max(1, kept.count / 12)
            var sheetTiles: [(RGBFrame, String)] = []
            let batchSize = max(8, options.jobs * 4)
            /// The side-by-side frames of kept[start ..< start + batchSize].
            func tiledBatch(_ start: Int) throws -> (batch: [Int], tiled: [RGBFrame]) {
                let batch = Array(kept[start..<min(kept.count, start + batchSize)])
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
                return (batch, tiled)
            }
            // The GIF's palette comes from every frame: a first pass for the colours only.
            // Small animations keep their frames from the first pass (up to 192 MB).
            let histogram = try GIFPalette.Histogram()
            var cache: [Int: (batch: [Int], tiled: [RGBFrame])] = [:]
            var cached = 0
            for start in stride(from: 0, to: kept.count, by: batchSize) {
                let b = try tiledBatch(start)
                for f in b.tiled { histogram.add(f) }
                let bytes = b.tiled.reduce(0) { $0 + $1.pixels.count }
                if cached + bytes <= 192 << 20 {
                    cache[start] = b
                    cached += bytes
                }
            }
            guard let palette = histogram.palette() else { throw ReplayFailure.internal("no frames to compare") }
            for start in stride(from: 0, to: kept.count, by: batchSize) {
                let (batch, tiled) = try cache.removeValue(forKey: start) ?? tiledBatch(start)
                guard let first = tiled.first else { continue }
                if apng == nil {
                    apng = try APNGWriter(width: first.width, height: first.height, fps: fps, sink: apngFile)
                    gif = try GIFWriter(
                        width: first.width, height: first.height, fps: fps, sink: gifFile, palette: palette)
                    if let webpFile {
                        try WebPBudget.check(
                            frames: kept.count, width: first.width, height: first.height,
                            what: "\(loaded.scenario.file): --webp")
                        webp = try WebPWriter(width: first.width, height: first.height, fps: fps, sink: webpFile)
                    }
                }
                try webp?.append(tiled, ticks: ticks)
                try apng?.append(tiled, ticks: ticks, loop: loop)
                try gif?.append(tiled, ticks: ticks, loop: loop)
                for (i, f) in tiled.enumerated() where (start + i) % sheetStep == 0 {
                    sheetTiles.append(
                        (
                            Downscale.resize(f, width: max(1, f.width / 2), height: max(1, f.height / 2)),
                            "FRAME \(batch[i])"
                        ))
                }
            }
            try apng?.finish()
            try gif?.finish(loop: loop)
            try webp?.finish()
            var sizes = [("comparison.png", apngFile.count), ("comparison.gif", gifFile.count)]
            try apngFile.commit()
            try gifFile.commit()
            if let webpFile {
                sizes.append(("comparison.webp", webpFile.count))
                try webpFile.commit()
            }
            for (name, size) in sizes {
                if let w = AnimationSize.warning(dir + "/" + name, bytes: size, every: options.every, thumb: thumb) {
                    warnings.append(w)
                }
            }
            try FileIO.writeAtomically(
                dir + "/sheet.png", PNGCodec.encode(Tiling.sheet(sheetTiles, columns: 3), .shared))
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
