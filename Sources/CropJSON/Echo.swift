/// User input quoted in messages: cut to a readable length, with control characters escaped,
/// so an echoed value never breaks a one-line error (a newline cannot forge a second
/// `Error:` line, an escape byte cannot recolour the terminal). Every message that repeats
/// what it was given goes through `cap`; the command line's error printer passes the whole
/// line through `escapingControls` as well, for paths and texts echoed elsewhere.
package enum Echo {
    /// At most `limit` characters, with an ellipsis when cut, and control characters escaped
    /// (`escapingControls`).
    package static func cap(_ s: String, limit: Int = 80) -> String {
        escapingControls(s.count <= limit ? s : String(s.prefix(limit)) + "...")
    }

    /// `s` with every control character written as JSON writes it: `\n`, `\r`, `\t`, and
    /// `\u001b` for the others (C0 and C1 controls, DEL, and the Unicode line and paragraph
    /// separators). Text without them is returned as it is.
    package static func escapingControls(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if isControl(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A character that moves the cursor, ends a line or starts a terminal sequence.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029
    }

    /// A value as messages quote what was given: as JSON writes it (`1`, `0.05`, `1e+308`), and
    /// `nan`, `inf` or `-inf` for the values JSON cannot hold.
    package static func given(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d > 0 ? "inf" : "-inf" }
        return JSONNumber.format(d)
    }

    /// A number as a person writes it (`1`, `0.05`, `1e+20`).
    package static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }
}
