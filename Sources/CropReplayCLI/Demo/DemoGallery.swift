import CropPipeline

/// `out/demo/index.html`: one self-contained page (no network) with every preset's
/// animation, what it shows, its snapshots and links, and the policy comparison.
enum DemoGallery {
    struct Entry {
        var demo: DemoScenario
        var frames: Int
        var seconds: Double
        var snapshots: [String]
        var crops: [String]
    }

    static func html(_ entries: [Entry], comparison: DemoScenario) -> String {
        var out = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>CropReplay demo</title>
            <style>
            body { font-family: -apple-system, system-ui, sans-serif; margin: 24px; color: #222; background:\
             #fafafa; max-width: 1200px; }
            section { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 16px; margin: 16px\
             0; display: flex; gap: 24px; flex-wrap: wrap; }
            .anim img { border: 1px solid #ccc; max-height: 640px; }
            .shots img { height: 200px; border: 1px solid #ccc; margin: 0 8px 8px 0; }
            .shots figure { display: inline-block; margin: 0; text-align: center; font-size: 12px; }
            code { background: #f0f0f0; padding: 1px 4px; border-radius: 3px; }
            .text { flex: 1; min-width: 320px; }
            </style></head><body>
            <h1>CropReplay demo</h1>
            <p>Each editor below is CropReplay's model of a real crop screen (a preset), replaying a scripted\
             gesture on a
            generated photo. Every file is on disk next to this page: the scenario (<code>NAME.json</code>), its trace,
            snapshots, the animation as APNG, GIF and WebP, and a contact sheet of every frame. Replay one with
            <code>cropreplay run out/demo/NAME.json --apng</code>.</p>

            """
        for e in entries {
            let n = HTML.escape(e.demo.name)
            out +=
                "<section id=\"\(n)\"><div class=\"anim\"><img src=\"\(n)/animation.png\" alt=\"\(n)"
                + " animation\"></div>\n"
            out +=
                "<div class=\"text\"><h2><code>\(HTML.escape(e.demo.preset))</code></h2>\n<p>\(HTML.escape(e.demo.shows))</p>\n"
            out += "<p>\(e.frames) frames, \(String(format: "%.2f", e.seconds)) s. "
            out += "<a href=\"\(n).json\">scenario</a> · <a href=\"\(n)/trace.json\">trace.json</a> · "
            out +=
                "<a href=\"\(n)/animation.gif\">GIF</a> · <a href=\"\(n)/animation.webp\">WebP</a> · <a"
                + " href=\"\(n)/sheet.png\">contact sheet</a>"
            for c in e.crops { out += " · <a href=\"\(n)/\(HTML.escape(c))\">\(HTML.escape(c))</a>" }
            out += "</p>\n<div class=\"shots\">"
            for s in e.snapshots {
                let f = HTML.escape(s)
                out +=
                    "<figure><a href=\"\(n)/snapshots/\(f).png\"><img src=\"\(n)/snapshots/\(f).png\""
                    + " alt=\"\(f)\"></a><figcaption>\(f)</figcaption></figure>"
            }
            out += "</div></div></section>\n"
        }
        let c = HTML.escape(comparison.name)
        out +=
            "<section id=\"compare\"><div class=\"text\"><h2>Snap-back policies"
            + " compared</h2><p>\(HTML.escape(comparison.shows))</p>\n"
        out +=
            "<p><a href=\"\(c)-compare/index.html\">Open the comparison page</a> (metrics, plots of x, y and"
            + " zoom over time, the animation).</p>\n"
        out +=
            "<img src=\"\(c)-compare/comparison.png\" alt=\"policies side by side\" style=\"max-width:"
            + " 100%\"></div></section>\n"
        out += "</body></html>\n"
        return out
    }
}
