import CropJSON

/// A bad scenario: names the file, the place (`line:col` for JSON syntax or a
/// JSON path such as `script[3].pan.duration`) and what was expected.
/// `description` is the one-line message printed by the CLI (exit code 2).
///
/// A value out of its range, from a file or from Swift, also carries what was expected and
/// what was given (`expected` "a zoom from 0.001 to 1000", `given` "nan"); the message is then
/// `expected <expected>, got <given>`.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The scenario file, as given, or a label such as `<built-in>`.
    public var file: String
    /// `12:5`, `script[3].pan.duration`, or nil for the file as a whole.
    public var place: String?
    /// What was expected there.
    public var message: String
    /// For a value out of its range: what the place accepts (`a duration from 0 to 10000`).
    public var expected: String?
    /// For a value out of its range: the value given (`-1`, `nan`, `inf`).
    public var given: String?

    /// An error in `file` at `place` (nil: the file as a whole).
    public init(file: String, place: String?, message: String) {
        self.file = file
        self.place = place
        self.message = message
    }

    /// An error whose message is `message`, carrying `expected` and `given` when it is about a value.
    package init(file: String, place: String?, message: String, expected: String?, given: String?) {
        self.init(file: file, place: place, message: message)
        self.expected = expected
        self.given = given
    }
    /// The one-line message the CLI prints: `file: place: message`.
    public var description: String {
        if let place, !place.isEmpty { return "\(file): \(place): \(message)" }
        return "\(file): \(message)"
    }
}

/// "Did you mean" hints.
package enum Suggest {
    /// The option nearest to `word` when it is near enough to be a likely typo.
    package static func closest(_ word: String, in options: [String]) -> String? {
        var best: (option: String, distance: Int)?
        for option in options {
            let w = word.lowercased()
            let o = option.lowercased()
            // A prefix of a longer name ("circle-avatar") is a near miss too.
            let d = (w.count >= 3 && (o.hasPrefix(w) || w.hasPrefix(o))) ? 1 : EditDistance.between(w, o)
            if d <= max(2, option.count / 3), d < (best?.distance ?? Int.max) { best = (option, d) }
        }
        return best?.option
    }
}

/// The Levenshtein distance between two strings (by characters).
package enum EditDistance {
    package static func between(_ a: String, _ b: String) -> Int {
        let x = Array(a)
        let y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}

/// A stable 64-bit FNV-1a hash, written as 16 hex digits.
package enum StableHash {
    package static func fnv1a(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100000001b3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
