import CropEngine
import CropGeometry
import CropPipeline
import CropScenario
import Foundation

/// The comparison page's metrics table (grouped, each column explained) and its plots: one
/// small plot per variant and quantity on shared axes, each with that variant's valid band,
/// its releases marked and the other variants in grey behind it.
package enum ComparisonPage {
    /// Line colours, one per variant (distinct in hue and lightness).
    static let palette = ["#d62728", "#1f77b4", "#ff7f0e", "#7b3fb5", "#8c564b", "#e377c2", "#17a2b8", "#6b8e23"]
    package static func color(_ i: Int) -> String { palette[i % palette.count] }

    package static func metricsTable(_ rows: [Comparison.Row]) -> String {
        let columns = MetricColumn.shown
        var out = "<table class=\"metrics\">\n<tr><th rowspan=\"2\">variant</th>"
        var groups: [(MetricColumn.Group, Int)] = []
        for c in columns {
            if groups.last?.0 == c.group { groups[groups.count - 1].1 += 1 } else { groups.append((c.group, 1)) }
        }
        for (g, n) in groups { out += "<th colspan=\"\(n)\" class=\"group\">\(HTML.escape(g.rawValue))</th>" }
        out += "</tr>\n<tr>"
        for c in columns { out += "<th title=\"\(HTML.escape(c.meaning))\">\(HTML.escape(c.header))</th>" }
        out += "</tr>\n"
        for (i, r) in rows.enumerated() {
            out +=
                "<tr><td><span class=\"swatch\" style=\"background:\(color(i))\"></span> \(HTML.escape(r.label))</td>"
            for c in columns { out += "<td>\(HTML.escape(c.text(r)))</td>" }
            out += "</tr>\n"
        }
        out += "</table>\n<div class=\"legend\">\n"
        for g in MetricColumn.Group.allCases where g != .final {
            out += "<div><h3>\(HTML.escape(g.rawValue))</h3><dl>\n"
            for c in columns where c.group == g {
                out +=
                    "<dt>\(HTML.escape(c.header))</dt><dd>\(HTML.escape(c.meaning)). <em>Usually:"
                    + " \(HTML.escape(c.prefer)).</em></dd>\n"
            }
            out += "</dl></div>\n"
        }
        return out + "</div>\n"
    }

    /// A two-key grid: each metric (but the final state) as a table of the first key's values
    /// (rows) by the second's (columns), a designer reading both axes at once; a cell is the
    /// variant's value, shaded from the lowest (light) to the highest (dark) number in the table.
    package static func gridTables(_ grid: Comparison.Grid, rows: [Comparison.Row]) -> String {
        var out = "<h2>\(HTML.escape(grid.rowKey)) by \(HTML.escape(grid.columnKey))</h2>\n<div class=\"grids\">\n"
        for c in Comparison.gridColumns {
            out +=
                "<table class=\"grid\"><caption title=\"\(HTML.escape(c.meaning))\">\(HTML.escape(c.header))</caption>\n"
            out += "<tr><th>\(HTML.escape(grid.rowKey)) \\ \(HTML.escape(grid.columnKey))</th>"
            for cv in grid.columnValues { out += "<th>\(HTML.escape(cv))</th>" }
            out += "</tr>\n"
            let numbers = rows.map { r -> Double? in
                if case .number(let d, _) = c.json(r).value { return d }
                if case .bool(let b) = c.json(r).value { return b ? 1 : 0 }
                return nil
            }
            let known = numbers.compactMap { $0 }
            let (lo, hi) = (known.min() ?? 0, known.max() ?? 0)
            for rv in grid.rowValues {
                out += "<tr><th>\(HTML.escape(rv))</th>"
                for cv in grid.columnValues {
                    guard let i = grid.index(rv, cv) else {
                        out += "<td>-</td>"
                        continue
                    }
                    let share = numbers[i].map { hi > lo ? ($0 - lo) / (hi - lo) : 0 } ?? 0
                    let alpha = String(((0.06 + 0.3 * share) * 1000).rounded() / 1000)
                    out += "<td style=\"background: rgba(31, 119, 180, \(alpha))\">\(HTML.escape(c.text(rows[i])))</td>"
                }
                out += "</tr>\n"
            }
            out += "</table>\n"
        }
        return out + "</div>\n"
    }

    /// One quantity plotted over time: its value and the valid band on a frame.
    struct Quantity {
        var title: String
        var value: (FrameRecord) -> Double
        var band: (FrameRecord, EditorConfig) -> (low: Double, high: Double)?
    }

    /// A trace field's quantity, titled and read as the field declares.
    static func quantity(
        _ field: TraceField, band: @escaping (FrameRecord, EditorConfig) -> (low: Double, high: Double)?
    ) -> Quantity {
        Quantity(title: field.title, value: { field.number($0) ?? 0 }, band: band)
    }

    /// The plots over time: one row per quantity with a plot per variant, or for a grid one
    /// block per quantity laid out as the grid (a row per first-key value, a column per second).
    package static func plots(_ rows: [Comparison.Row], grid: Comparison.Grid? = nil) -> String {
        var quantities = [
            Quantity(title: "image centre x (pt)", value: { $0.shown.cx }, band: { centreBand(.x, $0, editor: $1) }),
            Quantity(title: "image centre y (pt)", value: { $0.shown.cy }, band: { centreBand(.y, $0, editor: $1) }),
            quantity(TraceField.zoom, band: { zoomBand($0, editor: $1) }),
        ]
        if rows.contains(where: { r in r.trace.frames.contains { $0.angle != 0 } }) {
            quantities.append(quantity(TraceField.angle, band: { _, _ in nil }))
        }
        let tMax = max(rows.map { Double(max(1, $0.trace.frames.count - 1)) / Double($0.trace.fps) }.max() ?? 1, 1e-3)
        var out = "<h2>Over time</h2>\n"
        out +=
            "<p>One plot per variant on the same axes. Green: where that variant's frame is valid (centres"
            + " that keep the box covered at its zoom, box and angle, the other coordinate as shown; the zoom limits). Triangles and dotted lines: releases. Grey: the other variants.</p>\n"
        func plot(
            _ q: Quantity, _ i: Int, _ series: [[Double]], _ bands: [[(low: Double, high: Double)?]], _ axis: Axis
        )
            -> String
        {
            let r = rows[i]
            return SmallPlot(
                label: r.label, color: color(i), times: r.trace.frames.map(\.t), values: series[i], band: bands[i],
                others: rows.indices.filter { $0 != i }.map { (rows[$0].trace.frames.map(\.t), series[$0]) },
                releases: Metrics.releases(r.trace.frames).map { r.trace.frames[$0].t }, tMax: tMax, axis: axis
            ).svg
        }
        let columns = grid?.columnValues.count ?? rows.count
        let open = "<div class=\"multiples\" style=\"grid-template-columns: 120px repeat(\(columns), 232px)\">\n"
        if grid == nil {
            out += open + "<div></div>"
            for (i, r) in rows.enumerated() {
                out += "<div class=\"head\" style=\"color:\(color(i))\">\(HTML.escape(r.label))</div>"
            }
            out += "\n"
        }
        for q in quantities {
            let series = rows.map { r in r.trace.frames.map { q.value($0) } }
            let bands = rows.map { r in r.trace.frames.map { q.band($0, r.editor) } }
            let axis = Axis.range(values: series.flatMap { $0 }, bands: bands.flatMap { $0 })
            guard let grid else {
                out += "<div class=\"rowtitle\">\(HTML.escape(q.title))</div>"
                for i in rows.indices { out += plot(q, i, series, bands, axis) }
                out += "\n"
                continue
            }
            out += "<h3>\(HTML.escape(q.title))</h3>\n" + open
            out += "<div class=\"rowtitle\">\(HTML.escape(grid.rowKey)) \\ \(HTML.escape(grid.columnKey))</div>"
            for cv in grid.columnValues { out += "<div class=\"head\">\(HTML.escape(cv))</div>" }
            out += "\n"
            for rv in grid.rowValues {
                out += "<div class=\"rowtitle\">\(HTML.escape(rv))</div>"
                for cv in grid.columnValues {
                    out += grid.index(rv, cv).map { plot(q, $0, series, bands, axis) } ?? "<div></div>"
                }
                out += "\n"
            }
            out += "</div>\n"
        }
        out += (grid == nil ? "</div>\n" : "") + "<p>Each variant's frames: "
        out += zip(rows, Comparison.folders(rows.map(\.label))).map { r, folder in
            "<a href=\"\(HTML.escape(folder))/trace.json\">\(HTML.escape(r.label))/trace.json</a>"
        }.joined(separator: ", ")
        out += " (with <code>fingers.json</code> beside each).</p>\n"
        return out
    }

    /// The page's CSS for the table and plots.
    package static let style = """
        table.metrics th.group { background: #eef2f6; text-align: center; } .swatch { display: inline-block;\
         width: 10px; height: 10px; }
        table.metrics td { white-space: nowrap; } table.metrics th { font-size: 12px; vertical-align: bottom; }
        .legend { display: flex; flex-wrap: wrap; gap: 8px 32px; font-size: 13px; max-width: 1400px; }
        .legend > div { flex: 1 1 300px; } .legend h3 { font-size: 14px; margin: 8px 0 2px; } .legend dd {\
         margin: 0 0 4px 12px; color: #444; }
        .legend dt { font-weight: 600; } .multiples { display: grid; gap: 6px; align-items: center; }
        .multiples .head { font-weight: 600; text-align: center; } .multiples .rowtitle { font-size: 13px; }
        .grids { display: flex; flex-wrap: wrap; gap: 8px 24px; } table.grid caption { font-weight: 600;\
         text-align: left; } table.grid th { background: #eef2f6; font-size: 12px; }
        """

    /// The centres along an axis that keep the target covered, the other coordinate as shown
    /// (at an angle: the constraints along the turned image axes, both linear in the centre).
    static func centreBand(_ axis: CropGeometry.Axis, _ f: FrameRecord, editor: EditorConfig) -> (
        low: Double, high: Double
    )? {
        let layout = Comparison.layout(f, editor: editor)
        guard let t = layout.target(f.box) else { return nil }
        if f.angle == 0 {
            let half = (axis == .x ? layout.coverPerK.width : layout.coverPerK.height) * f.k / 2
            let lo = (axis == .x ? t.maxX : t.maxY) - half
            let hi = (axis == .x ? t.minX : t.minY) + half
            return lo <= hi + 1e-9 ? (lo, hi) : nil
        }
        let g = AngledTarget(t, angle: f.angle)
        let (hu, hv) = g.halfRoom(f.shown, imageWidth: layout.imageWidth, imageHeight: layout.imageHeight)
        guard hu >= -1e-9, hv >= -1e-9 else { return nil }
        let (s, c) = (g.rotation.sin, g.rotation.cos)
        // du = c X + s Y, dv = -s X + c Y with X = tx - cx, Y = ty - cy; |du| <= hu, |dv| <= hv.
        var lo = -Double.infinity
        var hi = Double.infinity
        func within(_ a: Double, _ b: Double, _ h: Double) -> Bool {
            // |a Z + b| <= h for the free coordinate Z.
            if abs(a) < 1e-12 { return abs(b) <= h + 1e-9 }
            let z1 = (-h - b) / a
            let z2 = (h - b) / a
            lo = max(lo, min(z1, z2))
            hi = min(hi, max(z1, z2))
            return true
        }
        let ok =
            axis == .x
            ? within(c, s * (g.ty - f.shown.cy), hu) && within(-s, c * (g.ty - f.shown.cy), hv)
            : within(s, c * (g.tx - f.shown.cx), hu) && within(c, -s * (g.tx - f.shown.cx), hv)
        guard ok, lo <= hi + 1e-9, lo.isFinite, hi.isFinite else { return nil }
        let centre = axis == .x ? g.tx : g.ty
        return (centre - hi, centre - lo)
    }

    /// The zoom limits on a frame (`cover` at its angle and box); an open end is unbounded.
    static func zoomBand(_ f: FrameRecord, editor: EditorConfig) -> (low: Double, high: Double)? {
        let limits = Comparison.layout(f, editor: editor).zoomLimits(angle: f.angle, box: f.box)
        return (limits.min ?? -Double.infinity, limits.max ?? Double.infinity)
    }

    /// The value axis shared by one quantity's plots: the data, and the bands' edges near it.
    struct Axis {
        var low: Double
        var high: Double

        static func range(values: [Double], bands: [(low: Double, high: Double)?]) -> Axis {
            var lo = values.min() ?? 0
            var hi = values.max() ?? 1
            let span = max(hi - lo, abs(hi) * 0.05, 1e-3)
            for case let b? in bands {
                if b.low.isFinite, b.low > lo - span { lo = min(lo, b.low) }
                if b.high.isFinite, b.high < hi + span { hi = max(hi, b.high) }
            }
            if !(hi - lo > 1e-9) {
                lo -= max(abs(lo) * 0.05, 1e-3)
                hi += max(abs(hi) * 0.05, 1e-3)
            }
            let pad = (hi - lo) * 0.06
            return Axis(low: lo - pad, high: hi + pad)
        }
    }

    /// A tick step of 1, 2, 2.5 or 5 times a power of ten giving at most `count` intervals.
    static func step(_ span: Double, count: Double) -> Double {
        let raw = span / count
        let power = pow(10, floor(log10(raw)))
        for m in [1.0, 2, 2.5, 5, 10] where m * power >= raw { return m * power }
        return 10 * power
    }

    static func label(_ d: Double) -> String {
        let r = (d * 1000).rounded() / 1000
        if r == r.rounded(), abs(r) < 1e9 { return String(Int(r)) }
        return String(r)
    }
}

/// One variant's small plot of one quantity.
struct SmallPlot {
    var label: String
    var color: String
    var times: [Double]
    var values: [Double]
    var band: [(low: Double, high: Double)?]
    var others: [(times: [Double], values: [Double])]
    var releases: [Double]
    var tMax: Double
    var axis: ComparisonPage.Axis

    let width = 232.0
    let height = 150.0
    let left = 40.0
    let right = 8.0
    let top = 12.0
    let bottom = 22.0

    func x(_ t: Double) -> Double { left + (width - left - right) * t / tMax }
    func y(_ v: Double) -> Double {
        let clamped = min(max(v, axis.low), axis.high)
        return height - bottom - (height - top - bottom) * (clamped - axis.low) / (axis.high - axis.low)
    }
    func f(_ d: Double) -> String { String((d * 10).rounded() / 10) }

    func polyline(_ t: [Double], _ v: [Double], stroke: String, widthPx: Double) -> String {
        let points = zip(t, v).filter { $0.1.isFinite }.map { "\(f(x($0.0))),\(f(y($0.1)))" }
        return
            "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(stroke)\""
            + " stroke-width=\"\(widthPx)\"/>"
    }

    var svg: String {
        var out = "<svg width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
        out += "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\"><title>\(HTML.escape(label))</title>\n"
        // The valid band: one polygon per run of frames that have one.
        var run: [(t: Double, low: Double, high: Double)] = []
        func flush() {
            if !run.isEmpty {
                let upper = run.map { "\(f(x($0.t))),\(f(y($0.high)))" }
                let lower = run.reversed().map { "\(f(x($0.t))),\(f(y($0.low)))" }
                out +=
                    "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"#2da44e\""
                    + " fill-opacity=\"0.16\" stroke=\"#2da44e\" stroke-opacity=\"0.35\" stroke-width=\"0.6\"/>\n"
            }
            run = []
        }
        for (t, b) in zip(times, band) {
            if let b { run.append((t, b.low, b.high)) } else { flush() }
        }
        // A shorter replay holds its last frame, and its band, up to the common length.
        if let t = times.last, t < tMax, let b = band.last ?? nil { run.append((tMax, b.low, b.high)) }
        flush()
        // Axes and ticks: time in seconds, values at a round step.
        let plotBottom = height - bottom
        out +=
            "<line x1=\"\(left)\" y1=\"\(plotBottom)\" x2=\"\(width - right)\" y2=\"\(plotBottom)\" stroke=\"#888\"/>"
        out += "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(plotBottom)\" stroke=\"#888\"/>\n"
        let tStep = ComparisonPage.step(tMax, count: 4)
        var t = 0.0
        while t <= tMax + 1e-9 {
            let px = f(x(t))
            out += "<line x1=\"\(px)\" y1=\"\(plotBottom)\" x2=\"\(px)\" y2=\"\(plotBottom + 3)\" stroke=\"#888\"/>"
            out +=
                "<text x=\"\(px)\" y=\"\(plotBottom + 13)\" font-size=\"9\" text-anchor=\"middle\""
                + " fill=\"#555\">\(ComparisonPage.label(t))\(t == 0 ? "" : " s")</text>"
            t += tStep
        }
        let vStep = ComparisonPage.step(axis.high - axis.low, count: 4)
        var v = (axis.low / vStep).rounded(.up) * vStep
        while v <= axis.high + 1e-9 {
            let py = f(y(v))
            out += "<line x1=\"\(left - 3)\" y1=\"\(py)\" x2=\"\(width - right)\" y2=\"\(py)\" stroke=\"#eee\"/>"
            out +=
                "<text x=\"\(left - 5)\" y=\"\(py)\" font-size=\"9\" text-anchor=\"end\""
                + " dominant-baseline=\"middle\" fill=\"#555\">\(ComparisonPage.label(v))</text>"
            v += vStep
        }
        out += "\n"
        for o in others { out += polyline(o.times, o.values, stroke: "#c4c4c4", widthPx: 1) }
        for r in releases {
            let px = f(x(r))
            out +=
                "<line x1=\"\(px)\" y1=\"\(top)\" x2=\"\(px)\" y2=\"\(plotBottom)\" stroke=\"#333\""
                + " stroke-dasharray=\"2 3\" stroke-width=\"0.8\"/>"
            out +=
                "<polygon points=\"\(f(x(r) - 4)),\(f(top - 6)) \(f(x(r) + 4)),\(f(top - 6))"
                + " \(px),\(f(top))\" fill=\"#333\"><title>release</title></polygon>"
        }
        out += "\n" + polyline(times, values, stroke: color, widthPx: 2) + "\n"
        // A shorter replay holds its last frame up to the common length.
        if let t = times.last, let v = values.last, t < tMax - 1e-9, v.isFinite {
            out +=
                "<line x1=\"\(f(x(t)))\" y1=\"\(f(y(v)))\" x2=\"\(f(x(tMax)))\" y2=\"\(f(y(v)))\""
                + " stroke=\"\(color)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"><title>held</title></line>\n"
        }
        return out + "</svg>"
    }
}
