import CropJSON
import CropPipeline
import Foundation

/// The Markdown summary of a check run, for a pull request or a CI job's summary page: a
/// headline with the counts, a table with one row per scenario that did not pass (result and
/// the first difference: the trace field and frame, or the snapshot's differing pixels) and
/// per orphaned golden folder, the passed scenarios on one line, and the diff images of the
/// artifacts folder per failing snapshot.
package enum MarkdownSummary {
    /// `linkFrom`: the folder the summary is read from (the file's folder), for relative links
    /// to the images; nil writes their paths as code only (a CI summary page cannot open them).
    package static func page(_ results: [CheckResult], orphans: [String], artifactsDir: String?, linkFrom: String?)
        -> String
    {
        let count = { (s: CheckResult.Status) in results.filter { $0.status == s }.count }
        var headline = "\(count(.passed)) passed, \(count(.failed)) failed"
        if count(.new) > 0 { headline += ", \(count(.new)) new" }
        if count(.error) > 0 { headline += ", \(count(.error)) " + (count(.error) == 1 ? "error" : "errors") }
        if !orphans.isEmpty { headline += ", \(orphans.count) orphaned" }
        var out = "## CropReplay check: \(headline)\n\n"
        let notPassed = results.filter { $0.status != .passed }
        if !notPassed.isEmpty || !orphans.isEmpty {
            out += "| scenario | result | first difference |\n|---|---|---|\n"
            for r in notPassed {
                out += "| \(cell(r.scenario)) | \(label(r.status)) | \(cell(firstDifference(r))) |\n"
            }
            for o in orphans {
                let name = PathText.lastComponent(o)
                out +=
                    "| \(cell(name)) | ORPHANED |"
                    + " \(cell("golden folder \(o)/ has no scenario named \(name)")) (`record --prune` removes it) |\n"
            }
            out += "\n"
        }
        let passed = results.filter { $0.status == .passed }.map(\.scenario)
        if !passed.isEmpty { out += "Passed: " + passed.map { cell($0) }.joined(separator: ", ") + "\n\n" }
        let images = notPassed.flatMap { r in r.artifacts.map { (r.scenario, $0) } }
        if let dir = artifactsDir, !images.isEmpty {
            out += "Diff images (in \(code(dir)), with report.html):\n\n"
            for (scenario, a) in images {
                let files = [("expected", a.expected), ("actual", a.actual), ("diff", a.diff)].compactMap {
                    label, path in
                    path.map { link(label, dir + "/" + $0, from: linkFrom) }
                }
                out +=
                    "- \(cell(scenario)) / \(cell(a.snapshot)): \(files.joined(separator: " · "))"
                    + " (\(cell(a.figures)))\n"
            }
            out += "\n"
        }
        return out
    }

    static func label(_ s: CheckResult.Status) -> String {
        switch s {
        case .passed: return "PASS"
        case .failed: return "FAIL"
        case .new: return "NEW"
        case .error: return "ERROR"
        }
    }

    /// The first trace difference (frame and field), else the first snapshot's pixel count,
    /// else the first line of the report.
    static func firstDifference(_ r: CheckResult) -> String {
        for m in r.mismatches { if case .trace(let d) = m { return "trace " + d.description } }
        for m in r.mismatches {
            if case .snapshot(let name, let frame, let diff) = m {
                let pixels = diff.sizeMismatch == nil ? "\(diff.differing) pixels differ" : diff.summary
                return "snapshot \"\(name)\" (frame \(frame)): \(pixels)"
            }
        }
        return r.mismatches.first?.description ?? r.lines.first ?? ""
    }

    /// Text from outside (a scenario or folder name, a file path, an error message) as one
    /// line of Markdown that shows as written: line breaks as spaces; `&`, `<` and `>` as HTML
    /// entities (raw HTML never reaches the page); a backslash, a backtick (which would open
    /// code) and a pipe (which would end a table cell) escaped with a backslash.
    static func cell(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "\n", "\r": out += " "
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\", "`", "|": out += "\\" + String(c)
            // Other control characters as JSON writes them (`\u001b`), as every echo does.
            default: out += Echo.escapingControls(String(c))
            }
        }
        return out
    }

    /// `text` as a code span that holds it whole: fenced by more backticks than its longest run
    /// of them (padded when it starts or ends with one), pipes escaped for a table, on one line.
    package static func code(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
        var longest = 0
        var run = 0
        for c in line {
            run = c == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = line.hasPrefix("`") || line.hasSuffix("`") ? " " : ""
        return fence + pad + line.replacingOccurrences(of: "|", with: "\\|") + pad + fence
    }

    static func link(_ label: String, _ path: String, from folder: String?) -> String {
        guard let folder else { return "\(label) \(code(path))" }
        return "[\(label)](\(percentEncoded(relative(path, from: folder))))"
    }

    /// A link target that cannot end the link or open markup: every byte but letters, digits
    /// and `-._~/` percent-encoded.
    package static func percentEncoded(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || "-._~/".utf8.contains(b)
            {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                let hex = String(b, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// `path` relative to `folder` (both made absolute against the working directory).
    static func relative(_ path: String, from folder: String) -> String {
        let p = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let f = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < min(p.count, f.count) && p[common] == f[common] { common += 1 }
        let up = [String](repeating: "..", count: f.count - common)
        return (up + p[common...]).joined(separator: "/")
    }
}
