/// A bad scenario: names the file, the place (`line:col` for JSON syntax or a
/// JSON path such as `script[3].pan.duration`) and what was expected.
/// `description` is the one-line message printed by the CLI (exit code 2).
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// `12:5`, `script[3].pan.duration`, or nil for the file as a whole.
    public var place: String?
    public var message: String
    public init(file: String, place: String?, message: String) {
        self.file = file
        self.place = place
        self.message = message
    }
    public var description: String {
        if let place, !place.isEmpty { return "\(file): \(place): \(message)" }
        return "\(file): \(message)"
    }
}

/// Edit distance, for "did you mean" hints.
enum Suggest {
    static func closest(_ word: String, in options: [String]) -> String? {
        var best: (String, Int)?
        for option in options {
            let w = word.lowercased(), o = option.lowercased()
            // A prefix of a longer name ("circle-avatar") is a near miss too.
            let d = (w.count >= 3 && (o.hasPrefix(w) || w.hasPrefix(o))) ? 1 : distance(Array(w), Array(o))
            if d <= max(2, option.count / 3), best == nil || d < best!.1 { best = (option, d) }
        }
        return best?.0
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// A stable 64-bit FNV-1a hash, written as 16 hex digits.
public enum StableHash {
    public static func fnv1a(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100000001b3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
