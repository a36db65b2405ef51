import CropScenario

/// Compares a golden trace.json with an actual one: numbers within a tolerance
/// (1e-6), everything else exactly. The first difference is described in the
/// domain's terms: `frame 17: imageRect.x 120 -> 122.3 (+2.3 pt); pan began at frame 15`.
public enum TraceDiff {
    public static let tolerance = 1e-6

    /// The first difference between two traces.
    public struct Difference: Sendable, Equatable {
        /// The frame, when the difference is inside `frames`.
        public var frame: Int?
        /// The field path: `imageRect.x`, `valid`, `crops[0].rect`.
        public var field: String
        public var expected: String
        public var actual: String
        public var message: String
    }

    /// The first difference, or nil when the traces agree.
    public static func firstDifference(expected: JSONNode, actual: JSONNode) -> Difference? {
        // Frames first, in order: the earliest diverging frame is what a reviewer wants.
        let ef = frames(expected), af = frames(actual)
        for i in 0..<min(ef.count, af.count) {
            if let (field, e, a) = compare(ef[i], af[i], path: "") {
                return describe(frame: i, field: field, e, a, actualFrames: af)
            }
        }
        if ef.count != af.count {
            let msg = "frame count \(ef.count) -> \(af.count) (\(af.count > ef.count ? "+" : "")\(af.count - ef.count) frames)"
            return Difference(frame: min(ef.count, af.count), field: "frames", expected: "\(ef.count)", actual: "\(af.count)", message: msg)
        }
        for key in ["snapshots", "crops", "fps", "scenario"] {
            let e = expected[key] ?? JSONNode(.null), a = actual[key] ?? JSONNode(.null)
            if let (field, ev, av) = compare(e, a, path: key) {
                return Difference(frame: nil, field: field, expected: ev.serialized(), actual: av.serialized(),
                                  message: "\(field) \(ev.serialized()) -> \(av.serialized())")
            }
        }
        return nil
    }

    static func frames(_ node: JSONNode) -> [JSONNode] {
        if case .array(let items)? = node["frames"]?.value { return items }
        return []
    }

    /// The first differing leaf: (path, expected, actual).
    static func compare(_ e: JSONNode, _ a: JSONNode, path: String) -> (String, JSONNode, JSONNode)? {
        switch (e.value, a.value) {
        case (.number(let x, _), .number(let y, _)):
            return abs(x - y) <= tolerance ? nil : (path, e, a)
        case (.object(let em), .object(let am)):
            for m in em {
                let p = path.isEmpty ? m.key : "\(path).\(m.key)"
                guard let other = am.first(where: { $0.key == m.key }) else { return (p, m.node, JSONNode(.null)) }
                if let d = compare(m.node, other.node, path: p) { return d }
            }
            for m in am where !em.contains(where: { $0.key == m.key }) {
                return (path.isEmpty ? m.key : "\(path).\(m.key)", JSONNode(.null), m.node)
            }
            return nil
        case (.array(let ei), .array(let ai)):
            let names = ["x", "y", "w", "h"]
            for i in 0..<min(ei.count, ai.count) {
                let label = (path.hasSuffix("imageRect") || path.hasSuffix("rect")) && i < 4 ? "\(path).\(names[i])" : "\(path)[\(i)]"
                if let d = compare(ei[i], ai[i], path: label) { return d }
            }
            return ei.count == ai.count ? nil : (path, e, a)
        case (.string(let x), .string(let y)): return x == y ? nil : (path, e, a)
        case (.bool(let x), .bool(let y)): return x == y ? nil : (path, e, a)
        case (.null, .null): return nil
        default: return (path, e, a)
        }
    }

    static func describe(frame: Int, field: String, _ e: JSONNode, _ a: JSONNode, actualFrames: [JSONNode]) -> Difference {
        var text = "frame \(frame): \(field) \(e.serialized()) -> \(a.serialized())"
        if case .number(let x, _) = e.value, case .number(let y, _) = a.value {
            let d = y - x
            let unit = field.hasPrefix("imageRect") ? " pt" : ""
            text += " (\(d >= 0 ? "+" : "")\(JSONNumber.format(roundForDisplay(d)))\(unit))"
        }
        if let context = gestureContext(upTo: frame, frames: actualFrames) { text += "; \(context)" }
        return Difference(frame: frame, field: field, expected: e.serialized(), actual: a.serialized(), message: text)
    }

    static func roundForDisplay(_ d: Double) -> Double {
        let m = 1e6
        return (d * m).rounded() / m
    }

    /// "pan began at frame 15": the latest began at or before the frame.
    static func gestureContext(upTo frame: Int, frames: [JSONNode]) -> String? {
        var i = min(frame, frames.count - 1)
        while i >= 0 {
            if case .array(let events)? = frames[i]["events"]?.value {
                for ev in events.reversed() {
                    if case .string(let s) = ev.value, s.hasSuffix(".began") || s.hasSuffix(".ended") {
                        let parts = s.split(separator: ".")
                        return "\(parts[0]) \(parts[1]) at frame \(i)"
                    }
                }
            }
            i -= 1
        }
        return nil
    }
}
