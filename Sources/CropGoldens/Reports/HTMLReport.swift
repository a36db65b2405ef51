import CropPipeline

/// The HTML report of a check run: one self-contained page with, per failing scenario, its
/// report lines, a table of the first differing trace frames, a plot of the differing field
/// over time (expected against actual) and, per failing snapshot, expected / actual / diff
/// side by side (images referenced relatively).
package enum HTMLReport {
    package static func page(_ results: [CheckResult]) -> String {
        let failed = results.filter { $0.status != .passed }
        let passed = results.count - failed.count
        var out = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>CropReplay check report</title>
            <style>
            body { font-family: -apple-system, system-ui, sans-serif; margin: 24px; background: #fafafa; color: #222; }
            h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 28px; }
            .passed { color: #1a7f37; } .failed, .error { color: #cf222e; } .new { color: #9a6700; }
            pre { background: #fff; border: 1px solid #ddd; padding: 8px; white-space: pre-wrap; }
            table { border-collapse: collapse; margin: 8px 0; font-size: 13px; } td, th { border: 1px solid #ccc; padding: 3px 8px; }
            .row { display: flex; gap: 12px; align-items: flex-start; flex-wrap: wrap; }
            figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
            img { max-height: 480px; border: 1px solid #ccc; image-rendering: pixelated; }
            svg { background: #fff; border: 1px solid #ddd; }
            </style></head><body>
            <h1>CropReplay check: \(passed) passed, \(failed.count) failed</h1>

            """
        for r in results {
            out += "<h2 class=\"\(r.status.rawValue)\">\(HTML.escape(r.scenario)) — \(r.status.rawValue)</h2>\n"
            out += "<p>\(HTML.escape(r.file)), \(r.frames) \(r.frames == 1 ? "frame" : "frames")</p>\n"
            if !r.lines.isEmpty { out += "<pre>\(HTML.escape(r.lines.joined(separator: "\n")))</pre>\n" }
            if let comparison = r.traceComparison, let first = comparison.first, first.frame != nil {
                out += traceTable(comparison)
                let series = comparison.series
                out +=
                    SVGPlot(
                        title: "\(first.field) over time",
                        series: [
                            SVGPlot.Series(label: "expected", color: "#4363d8", points: series.map { (t: $0.t, value: $0.expected) }),
                            SVGPlot.Series(
                                label: "actual", color: "#e6194b", points: series.map { (t: $0.t, value: $0.actual) }, dashed: true),
                        ]
                    ).svg
            }
            for a in r.artifacts {
                out += "<p><b>\(HTML.escape(a.snapshot))</b>: \(HTML.escape(a.figures))</p><div class=\"row\">\n"
                for (label, path) in [("expected", a.expected), ("actual", a.actual), ("diff", a.diff)] {
                    guard let path else { continue }
                    out += "<figure><img src=\"\(HTML.escape(path))\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>\n"
                }
                out += "</div>\n"
            }
        }
        out += "</body></html>\n"
        return out
    }

    static func traceTable(_ c: TraceComparison) -> String {
        var out = "<table><tr><th>frame</th><th>field</th><th>expected</th><th>actual</th><th>gesture</th></tr>\n"
        for d in c.rows {
            out += "<tr><td>\(d.frame.map(String.init) ?? "")</td><td>\(HTML.escape(d.field))</td>"
            out += "<td>\(HTML.escape(d.expected.description))</td><td>\(HTML.escape(d.actual.description))</td>"
            out += "<td>\(HTML.escape(d.gesture ?? ""))</td></tr>\n"
        }
        return out + "</table>\n"
    }
}
