/// A usage error: printed as `Error: ...` plus the command's usage line; exit 2.
public struct UsageError: Error, Sendable {
    public var message: String
    public var command: String?
}

/// A minimal argument parser in the manner of swift-argument-parser:
/// positionals, `--flag`, `--option value` and `--option=value`.
struct Arguments {
    var positionals: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses `args` given the command's known flags and options.
    init(_ args: [String], command: String, flags known: Set<String>, options takesValue: Set<String>) throws(UsageError) {
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" {
                positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            var name = a
            var inline: String?
            if let eq = a.firstIndex(of: "=") {
                name = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            if takesValue.contains(name) {
                if let inline {
                    options[name] = inline
                } else {
                    guard i < args.count else { throw UsageError(message: "missing value for '\(name)'", command: command) }
                    options[name] = args[i]
                    i += 1
                }
            } else if known.contains(name) {
                if inline != nil { throw UsageError(message: "'\(name)' takes no value", command: command) }
                flags.insert(name)
            } else {
                let all = Array(known) + Array(takesValue)
                let hint = all.min(by: { Self.distance(name, $0) < Self.distance(name, $1) }).flatMap { Self.distance(name, $0) <= 3 ? " (did you mean '\($0)'?)" : nil } ?? ""
                throw UsageError(message: "unknown option '\(name)'\(hint)", command: command)
            }
        }
    }

    func int(_ name: String, min: Int, max: Int = Int.max, command: String) throws(UsageError) -> Int? {
        guard let v = options[name] else { return nil }
        guard let n = Int(v), n >= min, n <= max else {
            throw UsageError(message: "'\(name)' expects a whole number from \(min)\(max == Int.max ? " up" : " to \(max)"), got '\(v)'", command: command)
        }
        return n
    }

    func double(_ name: String, min: Double, max: Double, command: String) throws(UsageError) -> Double? {
        guard let v = options[name] else { return nil }
        guard let d = Double(v), d.isFinite, d >= min, d <= max else {
            throw UsageError(message: "'\(name)' expects a number from \(min) to \(max), got '\(v)'", command: command)
        }
        return d
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prev = Array(0...y.count)
        for i in 1...x.count {
            var cur = [i] + Array(repeating: 0, count: y.count)
            for j in 1...y.count {
                cur[j] = Swift.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return prev[y.count]
    }
}
