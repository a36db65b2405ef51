/// The folder and the last component of a path, as text. Foundation's `NSString` path methods
/// trap on a one-character relative path (`"b"`, so `--out b`) in swift-corelibs-foundation
/// 6.3, so no path goes through them.
package enum PathText {
    /// The path without its last component: `a/b` gives `a`, `a` gives `""`, `/a` gives `/`
    /// (trailing slashes are ignored, as `NSString.deletingLastPathComponent` does).
    package static func parent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let head = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return head.isEmpty ? "/" : head
    }

    /// The last component: `a/b.json` gives `b.json`, `a/` gives `a`, `/` gives `/`.
    package static func lastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        let tail = String(trimmed[trimmed.index(after: slash)...])
        return tail.isEmpty ? "/" : tail
    }

    /// `path` without trailing slashes (`/` stays `/`).
    static func trimmingTrailingSlashes(_ path: String) -> String {
        var s = Substring(path)
        while s.count > 1 && s.hasSuffix("/") { s = s.dropLast() }
        return String(s)
    }
}
