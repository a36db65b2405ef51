import CropPipeline

/// The JUnit XML of a check run: one testcase per scenario with its time; mismatches are
/// failures, damaged goldens and failed replays errors.
package enum JUnitReport {
    package static func xml(_ results: [CheckResult], suite: String = "cropreplay") -> String {
        let failures = results.filter { $0.status == .failed || $0.status == .new }.count
        let errors = results.filter { $0.status == .error }.count
        let total = results.reduce(0) { $0 + $1.seconds }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuite name=\"\(HTML.escape(suite))\" tests=\"\(results.count)\" failures=\"\(failures)\""
            + " errors=\"\(errors)\" time=\"\(seconds(total))\">\n"
        for r in results {
            out +=
                "  <testcase classname=\"cropreplay\" name=\"\(HTML.escape(r.scenario))\""
                + " file=\"\(HTML.escape(r.file))\" time=\"\(seconds(r.seconds))\""
            if r.status == .passed {
                out += "/>\n"
                continue
            }
            let tag = r.status == .error ? "error" : "failure"
            let message = r.mismatches.first?.description ?? r.status.rawValue
            out +=
                ">\n    <\(tag) message=\"\(HTML.escape(message))\""
                + " type=\"\(r.status.rawValue)\">\(HTML.escape(r.lines.joined(separator: "\n")))</\(tag)>\n  </testcase>\n"
        }
        out += "</testsuite>\n"
        return out
    }

    static func seconds(_ s: Double) -> String { String((s * 1000).rounded() / 1000) }
}
