import CropPipeline

/// The HTML report of a check run: one self-contained page with, per failing scenario, its
/// report lines, a table of the first differing trace frames, a plot of the differing field
/// over time (expected against actual) and, per failing snapshot, a diff view: expected and
/// actual on top of each other, split by a slider or blinking, next to the diff image
/// (images referenced relatively). Keys (on the focused view, else the first): left/right
/// move the split (shift: 1%), E shows expected, A actual, B blinks between them.
package enum HTMLReport {
    package static func page(_ results: [CheckResult]) -> String {
        let failed = results.filter { $0.status != .passed }
        let passed = results.count - failed.count
        var out = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>CropReplay check report</title>

            """
        out += style
        out += """
            </head><body>
            <h1>CropReplay check: \(passed) passed, \(failed.count) failed</h1>

            """
        for r in results { out += section(r) }
        out += script
        out += "</body></html>\n"
        return out
    }

    /// The page's style sheet (`<style>...</style>`), for pages that show report sections.
    package static let style = """
        <style>
        body { font-family: -apple-system, system-ui, sans-serif; margin: 24px; background: #fafafa; color: #222; }
        h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 28px; }
        .passed { color: #1a7f37; } .failed, .error { color: #cf222e; } .new { color: #9a6700; }
        pre { background: #fff; border: 1px solid #ddd; padding: 8px; white-space: pre-wrap; }
        table { border-collapse: collapse; margin: 8px 0; font-size: 13px; } td, th { border: 1px solid\
         #ccc; padding: 3px 8px; }
        .row { display: flex; gap: 12px; align-items: flex-start; flex-wrap: wrap; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
        img { max-height: 480px; border: 1px solid #ccc; image-rendering: pixelated; }
        svg { background: #fff; border: 1px solid #ddd; }
        .diffview { outline: none; } .diffview:focus .stack { box-shadow: 0 0 0 2px #4363d8; }
        .stack { position: relative; display: inline-block; line-height: 0; }
        .stack { border: 1px solid #ccc; } .stack img { display: block; border: 0; }
        .stack img.actual { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
        .stack .split { position: absolute; top: 0; bottom: 0; width: 0; border-left: 1px solid #ff0;\
         pointer-events: none; }
        .stack.blinking .split { display: none; }
        .controls { font-size: 12px; color: #555; display: flex; gap: 8px; align-items: center; margin-top: 4px; }
        .controls input { width: 160px; }
        </style>
        """

    /// One scenario's part of the report: heading, file, report lines, the trace table, the
    /// plot of the differing field and a diff view per failing snapshot, its images' paths
    /// (relative to the artifacts folder) prefixed with `imagePrefix`.
    package static func section(_ r: CheckResult, imagePrefix: String = "") -> String {
        var out = ""
        out += "<h2 class=\"\(r.status.rawValue)\">\(HTML.escape(r.scenario)) — \(r.status.rawValue)</h2>\n"
        out += "<p>\(HTML.escape(r.file)), \(r.frames) \(r.frames == 1 ? "frame" : "frames")</p>\n"
        if !r.lines.isEmpty { out += "<pre>\(HTML.escape(r.lines.joined(separator: "\n")))</pre>\n" }
        // The plot of the differing field: beside the first failing snapshot's diff view
        // (the frames it explains), else on its own after the table.
        var plot: String?
        if let comparison = r.traceComparison, let first = comparison.first, first.frame != nil {
            out += traceTable(comparison)
            let series = comparison.series
            plot =
                SVGPlot(
                    title: "\(first.field) over time",
                    series: [
                        SVGPlot.Series(
                            label: "expected", color: "#4363d8",
                            points: series.map { (t: $0.time, value: $0.expected) }),
                        SVGPlot.Series(
                            label: "actual", color: "#e6194b",
                            points: series.map { (t: $0.time, value: $0.actual) },
                            dashed: true),
                    ]
                ).svg
        }
        for a in r.artifacts {
            out += "<p><b>\(HTML.escape(a.snapshot))</b>: \(HTML.escape(a.figures))</p><div class=\"row\">\n"
            if let expected = a.expected {
                out += diffView(
                    expected: imagePrefix + expected, actual: imagePrefix + a.actual, snapshot: a.snapshot)
            }
            // Without an expected image there is nothing to overlay: the actual image alone.
            let figures: [(String, String?)] = a.expected == nil ? [("actual", a.actual)] : [("diff", a.diff)]
            for (label, path) in figures {
                guard let path else { continue }
                out +=
                    "<figure><img src=\"\(HTML.escape(imagePrefix + path))\""
                    + " alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>\n"
            }
            if let p = plot {
                out += "<figure class=\"plot\">\(p)</figure>\n"
                plot = nil
            }
            out += "</div>\n"
        }
        if let plot { out += plot }
        return out
    }

    /// Expected under actual; the actual image is cut away left of the split (slider value:
    /// the share of the width that shows expected).
    static func diffView(expected: String, actual: String, snapshot: String) -> String {
        let name = HTML.escape(snapshot)
        return """
            <figure class="diffview" tabindex="0" data-showing="split" data-split="50">
            <div class="stack"><img class="expected" src="\(HTML.escape(expected))" alt="expected \(name)">\
            <img class="actual" src="\(HTML.escape(actual))" alt="actual \(name)" style="clip-path: inset(0 0 0 50%)">\
            <div class="split" style="left: 50%"></div></div>
            <div class="controls"><span>expected</span><input type="range" min="0" max="100" value="50"\
             aria-label="split between expected and actual">\
            <span>actual</span><button type="button" class="blink">blink (B)</button></div>
            <figcaption>expected | actual: drag the slider or press ←/→ (E expected, A actual, B\
             blink)</figcaption></figure>

            """
    }

    /// The diff views' behaviour: the slider, blinking every 500 ms, keys.
    package static let script = """
        <script>
        (function () {
          const views = Array.from(document.querySelectorAll('.diffview'));
          let current = views[0];
          function show(view, split) {
            split = Math.max(0, Math.min(100, split));
            const actual = view.querySelector('img.actual');
            actual.style.clipPath = 'inset(0 0 0 ' + split + '%)';
            view.querySelector('.split').style.left = split + '%';
            view.querySelector('input').value = split;
            view.dataset.split = String(split);
            view.dataset.showing = split === 100 ? 'expected' : split === 0 ? 'actual' : 'split';
          }
          function blink(view, on) {
            const was = view.blinkTimer !== undefined;
            if (!on && !was) return;
            clearInterval(view.blinkTimer);
            view.blinkTimer = undefined;
            view.querySelector('.stack').classList.toggle('blinking', on);
            view.querySelector('button.blink').textContent = on ? 'stop blinking (B)' : 'blink (B)';
            view.dataset.blinking = on ? 'true' : 'false';
            if (on) {
              let expected = true;
              show(view, 100);
              view.blinkTimer = setInterval(function () { expected = !expected; show(view, expected ? 100 : 0); }, 500);
            } else {
              show(view, 50);
            }
          }
          views.forEach(function (view) {
            view.addEventListener('focus', function () { current = view; });
            view.addEventListener('pointerdown', function () { current = view; });
            view.querySelector('input').addEventListener('input', function (e) { blink(view, false); show(view,\
         Number(e.target.value)); });
            view.querySelector('button.blink').addEventListener('click', function () { blink(view,\
         view.blinkTimer === undefined); });
          });
          document.addEventListener('keydown', function (e) {
            // The slider handles its own arrow keys.
            if (!current || (e.target.tagName === 'INPUT' && e.key.startsWith('Arrow'))) return;
            const view = current;
            const step = e.shiftKey ? 1 : 10;
            const split = Number(view.dataset.split);
            if (e.key === 'ArrowLeft') { blink(view, false); show(view, split - step); }
            else if (e.key === 'ArrowRight') { blink(view, false); show(view, split + step); }
            else if (e.key === 'e' || e.key === 'E') { blink(view, false); show(view, 100); }
            else if (e.key === 'a' || e.key === 'A') { blink(view, false); show(view, 0); }
            else if (e.key === 'b' || e.key === 'B') { blink(view, view.blinkTimer === undefined); }
            else return;
            e.preventDefault();
          });
        })();
        </script>

        """

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
