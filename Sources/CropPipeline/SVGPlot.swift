/// Line plots as inline SVG for the HTML pages (policy comparisons, check reports).
package struct SVGPlot: Sendable {
    /// One line: a label, a CSS colour and (t, value) points (nil values break the line).
    package struct Series: Sendable {
        package var label: String
        package var color: String
        package var points: [(t: Double, value: Double?)]
        package var dashed = false
        package init(label: String, color: String, points: [(t: Double, value: Double?)], dashed: Bool = false) {
            self.label = label
            self.color = color
            self.points = points
            self.dashed = dashed
        }
    }

    package var title: String
    package var series: [Series]
    /// A shaded band (t, low, high), e.g. the valid range.
    package var band: [(t: Double, low: Double, high: Double)] = []
    package var width = 420.0
    package var height = 240.0

    package init(title: String, series: [Series], band: [(t: Double, low: Double, high: Double)] = []) {
        self.title = title
        self.series = series
        self.band = band
    }

    static let palette = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4"]
    package static func color(_ i: Int) -> String { palette[i % palette.count] }

    package var svg: String {
        let w = width
        let h = height
        let pad = 36.0
        let values = series.flatMap { $0.points.compactMap(\.value) }.filter(\.isFinite)
        let times = series.flatMap { $0.points.map(\.t) }
        let tMax = max(times.max() ?? 1, 1e-9)
        var lo = values.min() ?? 0
        var hi = values.max() ?? 1
        if !(hi > lo) {
            let pad = max(abs(lo) * 0.1, 1e-3)
            lo -= pad
            hi += pad
        }
        // Include the band's edges when they are near the data (a far limit would flatten the lines).
        let dataSpan = max(hi - lo, abs(hi) * 0.05, 1e-6)
        for b in band {
            if b.low.isFinite, b.low > lo - dataSpan { lo = min(lo, b.low) }
            if b.high.isFinite, b.high < hi + dataSpan { hi = max(hi, b.high) }
        }
        let span = hi - lo
        lo -= span * 0.05
        hi += span * 0.05
        func x(_ t: Double) -> Double { pad + (w - pad - 8) * (t / tMax) }
        func y(_ v: Double) -> Double { h - pad + (pad + 8 - h) * ((min(max(v, lo), hi) - lo) / (hi - lo)) }
        var svg =
            "<svg width=\"\(Int(w))\" height=\"\(Int(h))\" viewBox=\"0 0 \(Int(w)) \(Int(h))\""
            + " xmlns=\"http://www.w3.org/2000/svg\">\n"
        svg += "<text x=\"\(pad)\" y=\"16\" font-size=\"13\">\(HTML.escape(title))</text>\n"
        if !band.isEmpty {
            let top = band.map { "\(fmt(x($0.t))),\(fmt(y($0.high)))" }
            let bottom = band.map { "\(fmt(x($0.t))),\(fmt(y($0.low)))" }
            svg +=
                "<polygon points=\"\((top + bottom.reversed()).joined(separator: " "))\" fill=\"#2da44e\""
                + " fill-opacity=\"0.15\"/>\n"
        }
        svg += "<line x1=\"\(pad)\" y1=\"\(h - pad)\" x2=\"\(w - 8)\" y2=\"\(h - pad)\" stroke=\"#888\"/>"
        svg += "<line x1=\"\(pad)\" y1=\"\(pad - 8)\" x2=\"\(pad)\" y2=\"\(h - pad)\" stroke=\"#888\"/>\n"
        svg += "<text x=\"\(pad)\" y=\"\(h - pad + 14)\" font-size=\"10\">0 s</text>"
        svg += "<text x=\"\(w - 40)\" y=\"\(h - pad + 14)\" font-size=\"10\">\(SVGPlot.short(tMax)) s</text>\n"
        svg += "<text x=\"2\" y=\"\(fmt(y(hi)))\" font-size=\"10\">\(SVGPlot.short(hi))</text>"
        svg += "<text x=\"2\" y=\"\(h - pad)\" font-size=\"10\">\(SVGPlot.short(lo))</text>\n"
        for (i, s) in series.enumerated() {
            // A nil value ends a polyline; the next finite one starts another.
            var runs: [[String]] = [[]]
            for p in s.points {
                if let v = p.value, v.isFinite {
                    runs[runs.count - 1].append("\(fmt(x(p.t))),\(fmt(y(v)))")
                } else if !runs[runs.count - 1].isEmpty {
                    runs.append([])
                }
            }
            let dash = s.dashed ? " stroke-dasharray=\"5 3\"" : ""
            for run in runs where !run.isEmpty {
                svg +=
                    "<polyline points=\"\(run.joined(separator: " "))\" fill=\"none\" stroke=\"\(s.color)\""
                    + " stroke-width=\"1.5\"\(dash)><title>\(HTML.escape(s.label))</title></polyline>\n"
            }
            svg +=
                "<text x=\"\(w - 90)\" y=\"\(30 + 12 * i)\" font-size=\"10\""
                + " fill=\"\(s.color)\">\(HTML.escape(s.label))</text>\n"
        }
        return svg + "</svg>\n"
    }

    func fmt(_ d: Double) -> String { String((d * 10).rounded() / 10) }

    /// A number with two decimals at most.
    package static func short(_ d: Double) -> String {
        guard d.isFinite else { return "-" }
        return String((d * 100).rounded() / 100)
    }
}
