import CropEngine
import CropJSON

/// One difference between a golden trace and a replay's: the frame (nil for the parts
/// outside `frames`), the field (`imageRect.x`, `valid`, `crops[0].rect`), both values and
/// the latest gesture event before it.
public struct TraceDifference: Sendable, Equatable, CustomStringConvertible {
    /// The frame, or nil for a part outside `frames` (a snapshot, a crop, the frame count).
    public var frame: Int?
    /// The field's name (`imageRect.x`, `valid`, `crops[0].rect`).
    public var field: String
    /// The golden's value.
    public var expected: TraceFile.Frame.Value
    /// The replay's value.
    public var actual: TraceFile.Frame.Value
    /// `pan began at frame 15`.
    public var gesture: String?

    package init(
        frame: Int?, field: String, expected: TraceFile.Frame.Value, actual: TraceFile.Frame.Value, gesture: String?
    ) {
        self.frame = frame
        self.field = field
        self.expected = expected
        self.actual = actual
        self.gesture = gesture
    }

    /// `frame 17: imageRect.x 120.0 -> 122.3 (+2.3 pt); pan began at frame 15`: both values
    /// at the same precision.
    public var description: String {
        var text = frame.map { "frame \($0): " } ?? ""
        if case .number(let e) = expected, case .number(let a) = actual {
            let digits = field == "frame count" ? 0 : TraceDiff.decimals(e, a)
            let d = a - e
            let unit = Self.unit(of: field).map { " " + $0 } ?? ""
            text +=
                "\(field) \(TraceDiff.fixed(e, digits)) -> \(TraceDiff.fixed(a, digits))"
                + " (\(d >= 0 ? "+" : "-")\(TraceDiff.fixed(abs(d), digits))\(unit))"
        } else {
            text += "\(field) \(expected) -> \(actual)"
        }
        if let gesture { text += "; \(gesture)" }
        return text
    }
}

extension TraceDifference {
    /// The unit a field's values are in (`imageRect.x`: `pt`), as `TraceField` declares it.
    package static func unit(of field: String) -> String? { TraceField.named(field)?.unit }
}

/// Field-by-field comparison of two trace files.
public struct TraceComparison: Sendable, Equatable {
    /// Differences in frame order (at most `TraceDiff.rowLimit` frames), each frame's first field.
    public var rows: [TraceDifference]
    /// The first difference, or nil when the traces agree.
    public var first: TraceDifference? { rows.first }
    /// The first differing field's values over time (numbers; flags as 0 and 1).
    public var series: [Sample]

    /// One frame's value of the differing field in each trace (nil where absent).
    public struct Sample: Sendable, Equatable {
        /// Seconds.
        public var time: Double
        /// The golden's value.
        public var expected: Double?
        /// The replay's value.
        public var actual: Double?
    }
}

/// Compares trace files field by field as `TraceField.all` declares them: numbers within
/// 1e-6, everything else exactly (docs/goldens.md).
package enum TraceDiff {
    static let rowLimit = 20

    package static func compare(expected: TraceFile, actual: TraceFile) -> TraceComparison {
        var rows: [TraceDifference] = []
        let count = min(expected.frames.count, actual.frames.count)
        for i in 0..<count {
            if let d = firstDifference(expected.frames[i], actual.frames[i]) {
                rows.append(
                    TraceDifference(
                        frame: i, field: d.name, expected: d.expected, actual: d.actual,
                        gesture: gestureContext(upTo: i, frames: actual.frames)))
            }
            if rows.count >= rowLimit { break }
        }
        if rows.isEmpty && expected.frames.count != actual.frames.count {
            rows.append(
                TraceDifference(
                    frame: nil, field: "frame count", expected: .number(Double(expected.frames.count)),
                    actual: .number(Double(actual.frames.count)), gesture: nil))
        }
        if rows.isEmpty { rows += outsideFrames(expected, actual) }
        var series: [TraceComparison.Sample] = []
        if let first = rows.first, first.frame != nil {
            // An absent rect's bare name has no values: no series.
            let index = TraceField.value(named: first.field)?.index
            let n = max(expected.frames.count, actual.frames.count)
            for i in 0..<n {
                let ef = i < expected.frames.count ? expected.frames[i] : nil
                let af = i < actual.frames.count ? actual.frames[i] : nil
                func value(_ f: TraceFile.Frame?) -> Double? {
                    guard let f, let index else { return nil }
                    switch f.values[index] {
                    case .number(let d): return d
                    case .flag(let b): return b ? 1 : 0
                    default: return nil
                    }
                }
                series.append(
                    TraceComparison.Sample(time: time(af) ?? time(ef) ?? 0, expected: value(ef), actual: value(af)))
            }
        }
        return TraceComparison(rows: rows, series: series)
    }

    /// A frame's time (nil for no frame, or a file without it).
    static func time(_ f: TraceFile.Frame?) -> Double? {
        guard let f, case .number(let t) = f[TraceField.t] else { return nil }
        return t
    }

    /// The first value (in `TraceField.all` order) that differs, named as `fields` names it:
    /// `imageRect.x`, or a rect's bare name where the expected file lacks it.
    static func firstDifference(_ e: TraceFile.Frame, _ a: TraceFile.Frame) -> (
        name: String, expected: TraceFile.Frame.Value, actual: TraceFile.Frame.Value
    )? {
        for (field, offset) in zip(TraceField.all, TraceField.offsets) {
            for i in 0..<field.width where differs(e.values[offset + i], a.values[offset + i], field.comparison) {
                if case .absent = e.values[offset] { return (field.name, .absent, a.values[offset + i]) }
                return (field.valueNames[i], e.values[offset + i], a.values[offset + i])
            }
        }
        return nil
    }

    static func differs(_ e: TraceFile.Frame.Value, _ a: TraceFile.Frame.Value, _ rule: TraceField.Comparison) -> Bool {
        if case .within(let tolerance) = rule, case .number(let x) = e, case .number(let y) = a {
            return !(abs(x - y) <= tolerance)
        }
        return e != a
    }

    /// Snapshots, crops and fps.
    static func outsideFrames(_ e: TraceFile, _ a: TraceFile) -> [TraceDifference] {
        func text(_ snaps: [TraceFile.Snapshot]) -> String {
            snaps.map { "\($0.name)@\($0.frame)" }.joined(separator: ", ")
        }
        if e.snapshots != a.snapshots {
            return [
                TraceDifference(
                    frame: nil, field: "snapshots", expected: .text(text(e.snapshots)),
                    actual: .text(text(a.snapshots)), gesture: nil)
            ]
        }
        for i in 0..<max(e.crops.count, a.crops.count) {
            let ec = i < e.crops.count ? e.crops[i] : nil
            let ac = i < a.crops.count ? a.crops[i] : nil
            if ec != ac {
                func describe(_ c: TraceFile.Crop?) -> TraceFile.Frame.Value {
                    guard let c else { return .absent }
                    return .text("\(c.name) frame \(c.frame) \(TraceCodec.rect(c.rect))")
                }
                if let ec, let ac, ec.name == ac.name, ec.frame == ac.frame, ec.file == ac.file, close(ec.rect, ac.rect)
                {
                    continue
                }
                return [
                    TraceDifference(
                        frame: nil, field: "crops[\(i)]", expected: describe(ec), actual: describe(ac), gesture: nil)
                ]
            }
        }
        if e.fps != a.fps {
            return [
                TraceDifference(
                    frame: nil, field: "fps", expected: .number(Double(e.fps)), actual: .number(Double(a.fps)),
                    gesture: nil)
            ]
        }
        return []
    }

    /// Quads compare within the tolerance; integral rects exactly.
    static func close(_ a: TraceFile.CropRect, _ b: TraceFile.CropRect) -> Bool {
        if case .quad(let p) = a, case .quad(let q) = b, p.count == q.count {
            let tolerance = TraceField.tolerance
            return zip(p, q).allSatisfy { abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }
        }
        return a == b
    }

    /// "pan began at frame 15": the latest began or ended at or before the frame.
    package static func gestureContext(upTo frame: Int, frames: [TraceFile.Frame]) -> String? {
        var i = min(frame, frames.count - 1)
        while i >= 0 {
            guard case .list(let events) = frames[i][TraceField.events] else {
                i -= 1
                continue
            }
            for ev in events.reversed() where ev.hasSuffix(".began") || ev.hasSuffix(".ended") {
                let parts = ev.split(separator: ".")
                if parts.count == 2 { return "\(parts[0]) \(parts[1]) at frame \(i)" }
            }
            i -= 1
        }
        return nil
    }

    /// Decimals that show the difference with two significant digits (1 to 6), used for both
    /// values so they read at the same precision.
    package static func decimals(_ a: Double, _ b: Double) -> Int {
        let d = abs(b - a)
        guard d > 0, d.isFinite else { return 1 }
        var digits = 1
        while digits < 6 && d * pow10(digits) < 10 { digits += 1 }
        return digits
    }

    static func pow10(_ d: Int) -> Double { (0..<d).reduce(1.0) { r, _ in r * 10 } }

    /// `x` rounded to `digits` decimals, written with exactly that many.
    package static func fixed(_ x: Double, _ digits: Int) -> String {
        let m = pow10(digits)
        let scaled = (abs(x) * m).rounded()
        let whole = (scaled / m).rounded(.down)
        let frac = Int(scaled - whole * m)
        var text = x < 0 && scaled != 0 ? "-" : ""
        text += whole < 1e15 ? String(Int64(whole)) : "\(whole)"
        if digits > 0 {
            let f = String(frac)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }
}
