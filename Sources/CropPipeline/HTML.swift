/// Escaping for the HTML pages the pipeline writes (check reports, comparisons, the demo gallery).
package enum HTML {
    /// `s` with `& < > "` escaped, safe inside text and double-quoted attributes.
    package static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
