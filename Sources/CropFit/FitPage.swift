import CropEngine
import CropGeometry
import CropPipeline

/// `fit`'s page (`index.html`): the report, then per recording small multiples of the photo's
/// centre, width and angle and of the corners' error over time, each with the recorded, the
/// fitted and the starting curve, the frames where the fit is worst marked in orange.
extension FitReport {
    /// How many of each recording's worst frames the page marks.
    static let marked = 3

    package var page: String {
        var html = """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>cropreplay fit</title>
            <style>body{font-family:system-ui,sans-serif;margin:24px}svg{margin:4px;border:1px solid #ddd}
            pre{background:#f6f8fa;padding:12px;overflow:auto}</style></head><body>
            <h1>cropreplay fit</h1>
            <pre>\(HTML.escape(lines.joined(separator: "\n")))</pre>

            """
        for (i, r) in recordings.enumerated() {
            let fps = Double(r.recorded.fps)
            let recorded = r.recorded.frames
            let start = before[i]
            let fitted = after?[i]
            let worst = Set(
                (fitted?.residuals ?? start.residuals).frames.sorted { $0.error > $1.error }.prefix(Self.marked).map(
                    \.frame))
            html += "<h2>\(HTML.escape(r.loaded.scenario.name))</h2>\n<p>Worst frames after the fit (marked):"
            html += " \(worst.sorted().map(String.init).joined(separator: ", "))</p>\n<div>\n"
            let quantities: [(String, (Rect, Double) -> Double)] = [
                ("photo centre x (pt)", { r, _ in r.midX }), ("photo centre y (pt)", { r, _ in r.midY }),
                ("photo width (pt)", { r, _ in r.width }), ("angle (deg)", { _, a in a }),
            ]
            for (title, value) in quantities {
                var series = [
                    SVGPlot.Series(
                        label: "recorded", color: "#222222",
                        points: recorded.map { (Double($0.frame) / fps, value($0.imageRect, $0.angle)) }),
                    SVGPlot.Series(
                        label: "start", color: SVGPlot.color(0),
                        points: start.trace.frames.map { ($0.time, value($0.imageRect, $0.angle)) }, dashed: true),
                ]
                if let fitted {
                    series.append(
                        SVGPlot.Series(
                            label: "fitted", color: SVGPlot.color(2),
                            points: fitted.trace.frames.map { ($0.time, value($0.imageRect, $0.angle)) }))
                }
                series.append(marks(recorded.map { ($0.frame, value($0.imageRect, $0.angle)) }, worst, fps))
                html += SVGPlot(title: title, series: series).svg
            }
            var errors = [
                SVGPlot.Series(
                    label: "start", color: SVGPlot.color(0), points: start.residuals.frames.map { ($0.time, $0.error) },
                    dashed: true)
            ]
            if let fitted {
                errors.append(
                    SVGPlot.Series(
                        label: "fitted", color: SVGPlot.color(2),
                        points: fitted.residuals.frames.map { ($0.time, $0.error) }))
                errors.append(marks(fitted.residuals.frames.map { ($0.frame, $0.error) }, worst, fps))
            }
            html += SVGPlot(title: "corners' error (pt)", series: errors).svg
            html += "</div>\n"
        }
        return html + "</body></html>\n"
    }

    /// Short black strokes over the marked frames (a frame either side, so a lone frame shows).
    func marks(_ values: [(frame: Int, value: Double)], _ frames: Set<Int>, _ fps: Double) -> SVGPlot.Series {
        var points: [(t: Double, value: Double?)] = []
        for (i, v) in values.enumerated() where frames.contains(v.frame) {
            for j in max(0, i - 1)...min(values.count - 1, i + 1) {
                points.append((Double(values[j].frame) / fps, values[j].value))
            }
            points.append((Double(v.frame) / fps, nil))
        }
        return SVGPlot.Series(label: "worst frames", color: "#ff8c00", points: points)
    }
}
