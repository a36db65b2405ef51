import Foundation

/// The HTML report and the JUnit XML of a check run.
public enum Reports {
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// One self-contained page: per failing scenario its messages and, per failing
    /// snapshot, expected / actual / diff side by side (images referenced relatively).
    public static func html(_ results: [CheckResult]) -> String {
        let failed = results.filter { $0.status != .passed }
        var out = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>CropReplay check report</title>
        <style>
        body { font-family: -apple-system, system-ui, sans-serif; margin: 24px; background: #fafafa; color: #222; }
        h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 28px; }
        .passed { color: #1a7f37; } .failed, .missing { color: #cf222e; } .stale { color: #9a6700; }
        pre { background: #fff; border: 1px solid #ddd; padding: 8px; white-space: pre-wrap; }
        .row { display: flex; gap: 12px; align-items: flex-start; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
        img { max-height: 480px; border: 1px solid #ccc; image-rendering: pixelated; }
        </style></head><body>
        <h1>CropReplay check: \(results.count - failed.count) passed, \(failed.count) failed</h1>

        """
        for r in results {
            out += "<h2 class=\"\(r.status.rawValue)\">\(escape(r.scenario)) — \(r.status.rawValue)</h2>\n"
            out += "<p>\(escape(r.file)), \(r.frames) frames</p>\n"
            if !r.problems.isEmpty { out += "<pre>\(escape(r.problems.joined(separator: "\n")))</pre>\n" }
            for a in r.artifacts {
                out += "<p><b>\(escape(a.snapshot))</b>: \(escape(a.figures))</p><div class=\"row\">\n"
                for (label, path) in [("expected", a.expected), ("actual", a.actual), ("diff", a.diff)] {
                    out += "<figure><img src=\"\(escape(path))\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>\n"
                }
                out += "</div>\n"
            }
        }
        out += "</body></html>\n"
        return out
    }

    public static func junit(_ results: [CheckResult], suite: String = "cropreplay") -> String {
        let failures = results.filter { $0.status != .passed }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuite name=\"\(escape(suite))\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for r in results {
            out += "  <testcase classname=\"cropreplay\" name=\"\(escape(r.scenario))\" file=\"\(escape(r.file))\""
            if r.status == .passed {
                out += "/>\n"
            } else {
                let message = r.problems.first ?? r.status.rawValue
                out += ">\n    <failure message=\"\(escape(message))\" type=\"\(r.status.rawValue)\">\(escape(r.problems.joined(separator: "\n")))</failure>\n  </testcase>\n"
            }
        }
        out += "</testsuite>\n"
        return out
    }
}
