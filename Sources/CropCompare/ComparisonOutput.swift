import CropBitmap
import CropEngine
import CropGeometry
import CropImageIO
import CropPipeline
import CropRender
import CropScenario
import Foundation

/// Writes a policy comparison: side-by-side APNG and GIF, a contact sheet, the
/// metrics as Markdown, CSV and JSON, and one self-contained HTML page with
/// SVG plots of x, y and zoom over time.
package enum ComparisonOutput {
    package static func write(_ loaded: LoadedScenario, rows: [PolicyComparison.Row], dir: String, jobs: Int, thumb: Double = 0.5)
        throws(ReplayFailure)
    {
        let longest = rows.map { $0.trace.frames.count }.max() ?? 0
        let v = loaded.scenario.editor.viewport
        try MemoryBudget.check(
            frames: longest * rows.count * 2, width: Int(v.width * Double(v.scale) * thumb),
            height: Int(v.height * Double(v.scale) * thumb),
            what: "\(loaded.scenario.file): the comparison animation")
        // Render every policy's frames, downscaled.
        var columns: [[RGBFrame]] = []
        try ReplayFailure.writingOutputs(of: loaded.scenario.file) {
            for row in rows {
                var s = loaded.scenario
                s.editor.policy.kind = row.policy
                let session = RenderSession(loaded: LoadedScenario(scenario: s, image: loaded.image), trace: row.trace)
                let store = LockedDictionary<Int, RGBFrame>()
                try session.renderAll(Array(0..<row.trace.frames.count), jobs: jobs) { n, f in
                    store.set(
                        n, Downscale.resize(f, width: max(1, Int(Double(f.width) * thumb)), height: max(1, Int(Double(f.height) * thumb))))
                }
                columns.append((0..<row.trace.frames.count).compactMap { store.get($0) })
            }
            let titles = rows.map { $0.policy.rawValue }
            // A policy whose trace is shorter holds its last frame.
            let tiled = (0..<longest).map { n in Tiling.sideBySide(columns.map { $0[min(n, $0.count - 1)] }, titles: titles) }
            let inputs = tiled.map { APNG.Input(frame: $0, ticks: 1) }
            let fps = loaded.scenario.fps
            try FileIO.writeAtomically(dir + "/comparison.png", APNG.encode(inputs, fps: fps))
            try FileIO.writeAtomically(dir + "/comparison.gif", GIF.encode(inputs, fps: fps))
            let step = max(1, longest / 12)
            let sheetTiles = stride(from: 0, to: longest, by: step).map { n -> (RGBFrame, String) in
                let f = tiled[n]
                return (Downscale.resize(f, width: max(1, f.width / 2), height: max(1, f.height / 2)), "FRAME \(n)")
            }
            try FileIO.writeAtomically(dir + "/sheet.png", PNGCodec.encode(Tiling.sheet(sheetTiles, columns: 3), .golden))
            try FileIO.writeAtomically(dir + "/metrics.md", PolicyComparison.markdown(rows))
            try FileIO.writeAtomically(dir + "/metrics.csv", PolicyComparison.csv(rows))
            try FileIO.writeAtomically(dir + "/metrics.json", PolicyComparison.json(rows, scenario: loaded.scenario.name))
            try FileIO.writeAtomically(dir + "/index.html", html(loaded, rows: rows))
        }
    }

    static let colors = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4"]

    static func html(_ loaded: LoadedScenario, rows: [PolicyComparison.Row]) -> String {
        let name = loaded.scenario.name
        var out = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>CropReplay: \(HTML.escape(name)) under \(rows.count) policies</title>
            <style>
            body { font-family: -apple-system, system-ui, sans-serif; margin: 24px; color: #222; background: #fafafa; }
            table { border-collapse: collapse; margin: 12px 0; } td, th { border: 1px solid #ccc; padding: 4px 8px; text-align: right; }
            th:first-child, td:first-child { text-align: left; }
            .plots { display: flex; flex-wrap: wrap; gap: 16px; } svg { background: #fff; border: 1px solid #ddd; }
            img { max-width: 100%; border: 1px solid #ccc; }
            </style></head><body>
            <h1>\(HTML.escape(name)): snap-back policies compared</h1>
            <p>The same script under each policy; every other editor setting unchanged. Lower is better for
            invalid frames, overshoot and settle time; distance from intent is how far the final state is from
            where the fingers left the photo (policy <code>none</code>).</p>

            """
        out +=
            "<table><tr><th>policy</th><th>frames invalid</th><th>worst overshoot (pt)</th><th>time to settle (s)</th><th>final zoom</th><th>final centre (pt)</th><th>distance from intent (pt)</th><th>crops</th></tr>\n"
        for (i, r) in rows.enumerated() {
            out +=
                "<tr><td><span style=\"color:\(colors[i % colors.count])\">&#9632;</span> \(r.policy.rawValue)</td><td>\(r.framesInvalid) of \(r.frames)</td>"
            out += "<td>\(PolicyComparison.n(r.worstOvershoot))</td><td>\(r.timeToSettle.map { PolicyComparison.n($0, 3) } ?? "never")</td>"
            out +=
                "<td>\(PolicyComparison.n(r.finalZoom, 4))</td><td>(\(PolicyComparison.n(r.finalCenter.x)), \(PolicyComparison.n(r.finalCenter.y)))</td>"
            out += "<td>\(PolicyComparison.n(r.distanceFromIntent))</td><td>\(HTML.escape(r.crops.joined(separator: "; ")))</td></tr>\n"
        }
        out += "</table>\n<div class=\"plots\">\n"
        out += plot(rows, editor: loaded.scenario.editor, title: "image centre x (pt)", value: { $0.shown.cx }, band: { band($0, .x, $1) })
        out += plot(rows, editor: loaded.scenario.editor, title: "image centre y (pt)", value: { $0.shown.cy }, band: { band($0, .y, $1) })
        out += plot(
            rows, editor: loaded.scenario.editor, title: "zoom", value: { $0.zoom },
            band: { f, e in
                let l = PolicyComparison.layout(f, editor: e)
                let limits = l.zoomLimits(angle: f.angle, box: f.box)
                return (limits.min ?? 0, limits.max ?? 1e9)
            })
        out += "</div>\n<p>Shaded: the valid band (centres that keep the frame covered at the first policy's zoom; zoom limits).</p>\n"
        out += "<h2>Side by side</h2>\n<p><img src=\"comparison.png\" alt=\"side-by-side animation\"></p>\n"
        out +=
            "<p>Also: <a href=\"comparison.gif\">comparison.gif</a>, <a href=\"sheet.png\">sheet.png</a>, <a href=\"metrics.csv\">metrics.csv</a>, <a href=\"metrics.json\">metrics.json</a>.</p>\n"
        out += "</body></html>\n"
        return out
    }

    static func band(_ f: FrameRecord, _ axis: Axis, _ editor: EditorConfig) -> (Double, Double) {
        let l = PolicyComparison.layout(f, editor: editor)
        return l.centerInterval(axis, k: f.k, box: f.box) ?? (-1e9, 1e9)
    }

    /// One SVG line plot: a polyline per policy over time, the band of the first policy shaded.
    static func plot(
        _ rows: [PolicyComparison.Row], editor: EditorConfig, title: String,
        value: (FrameRecord) -> Double, band: (FrameRecord, EditorConfig) -> (Double, Double)
    ) -> String {
        let w = 420.0
        let h = 240.0
        let pad = 36.0
        let tMax = rows.map { Double($0.trace.frames.count - 1) / Double($0.trace.fps) }.max() ?? 1
        var lo = Double.infinity
        var hi = -Double.infinity
        for r in rows {
            for f in r.trace.frames {
                lo = min(lo, value(f))
                hi = max(hi, value(f))
            }
        }
        if !(hi > lo) {
            // A flat line sits in the middle of the plot.
            let pad = max(abs(lo) * 0.1, 1e-3)
            lo -= pad
            hi += pad
        }
        // Include the band's edges when they are near the data (a far limit would flatten the lines).
        let dataSpan = max(hi - lo, abs(hi) * 0.05, 1e-6)
        if let first = rows.first {
            for f in first.trace.frames {
                let b = band(f, editor)
                if b.0 > lo - dataSpan { lo = min(lo, b.0) }
                if b.1 < hi + dataSpan { hi = max(hi, b.1) }
            }
        }
        if !(hi > lo) { hi = lo + 1 }
        let span = hi - lo
        lo -= span * 0.05
        hi += span * 0.05
        func x(_ t: Double) -> Double { pad + (w - pad - 8) * (tMax > 0 ? t / tMax : 0) }
        func y(_ v: Double) -> Double { h - pad + (pad + 8 - h) * ((min(max(v, lo), hi) - lo) / (hi - lo)) }
        var svg =
            "<svg width=\"\(Int(w))\" height=\"\(Int(h))\" viewBox=\"0 0 \(Int(w)) \(Int(h))\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        svg += "<text x=\"\(pad)\" y=\"16\" font-size=\"13\">\(HTML.escape(title))</text>\n"
        if let first = rows.first {
            var top: [String] = []
            var bottom: [String] = []
            for f in first.trace.frames {
                let b = band(f, editor)
                top.append("\(fmt(x(f.t))),\(fmt(y(b.1)))")
                bottom.append("\(fmt(x(f.t))),\(fmt(y(b.0)))")
            }
            svg += "<polygon points=\"\((top + bottom.reversed()).joined(separator: " "))\" fill=\"#2da44e\" fill-opacity=\"0.15\"/>\n"
        }
        svg +=
            "<line x1=\"\(pad)\" y1=\"\(h - pad)\" x2=\"\(w - 8)\" y2=\"\(h - pad)\" stroke=\"#888\"/><line x1=\"\(pad)\" y1=\"\(pad - 8)\" x2=\"\(pad)\" y2=\"\(h - pad)\" stroke=\"#888\"/>\n"
        svg +=
            "<text x=\"\(pad)\" y=\"\(h - pad + 14)\" font-size=\"10\">0 s</text><text x=\"\(w - 40)\" y=\"\(h - pad + 14)\" font-size=\"10\">\(PolicyComparison.n(tMax)) s</text>\n"
        svg +=
            "<text x=\"2\" y=\"\(fmt(y(hi)) )\" font-size=\"10\">\(PolicyComparison.n(hi))</text><text x=\"2\" y=\"\(h - pad)\" font-size=\"10\">\(PolicyComparison.n(lo))</text>\n"
        for (i, r) in rows.enumerated() {
            let points = r.trace.frames.map { "\(fmt(x($0.t))),\(fmt(y(value($0))))" }.joined(separator: " ")
            svg +=
                "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(colors[i % colors.count])\" stroke-width=\"1.5\"><title>\(r.policy.rawValue)</title></polyline>\n"
            svg +=
                "<text x=\"\(w - 90)\" y=\"\(30 + 12 * i)\" font-size=\"10\" fill=\"\(colors[i % colors.count])\">\(r.policy.rawValue)</text>\n"
        }
        return svg + "</svg>\n"
    }

    static func fmt(_ d: Double) -> String { String((d * 10).rounded() / 10) }
}
