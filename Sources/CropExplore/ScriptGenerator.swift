import CropGeometry
import CropJSON

/// Random gesture scripts for the invariant explorer: pans, pinches, together,
/// touches, cancels and waits, always legal for the recognizer machine.
package struct ScriptGenerator {
    /// A generated step with its numbers, so a failing script can be shrunk.
    package enum GenStep: Equatable, Sendable {
        case pan(dx: Double, dy: Double, duration: Double, vx: Double?)
        case pinch(scale: Double, x: Double, y: Double, duration: Double)
        case together(dx: Double, dy: Double, scale: Double, duration: Double)
        case touches([[Point]])
        case cancelledPan(dx: Double, dy: Double, frames: Int)
        case wait(Double)

        var json: String {
            func n(_ d: Double) -> String { JSONNumber.format(d) }
            switch self {
            case .pan(let dx, let dy, let d, let vx):
                return "{\"pan\": {\"by\": [\(n(dx)), \(n(dy))], \"duration\": \(n(d))\(vx.map { ", \"velocity\": [\(n($0)), 0]" } ?? "")}}"
            case .pinch(let s, let x, let y, let d):
                return "{\"pinch\": {\"scale\": \(n(s)), \"at\": [\(n(x)), \(n(y))], \"duration\": \(n(d))}}"
            case .together(let dx, let dy, let s, let d):
                return
                    "{\"together\": [{\"pan\": {\"by\": [\(n(dx)), \(n(dy))], \"duration\": \(n(d))}}, {\"pinch\": {\"scale\": \(n(s)), \"duration\": \(n(d))}}]}"
            case .touches(let frames):
                let entries = frames.map { "[" + $0.map { "[\(n($0.x)), \(n($0.y))]" }.joined(separator: ", ") + "]" }
                return "{\"touches\": [\(entries.joined(separator: ", "))]}"
            case .cancelledPan(let dx, let dy, let frames):
                var events = ["{\"frame\": 1, \"gesture\": \"pan\", \"phase\": \"began\"}"]
                for f in 1...max(1, frames) {
                    events.append(
                        "{\"frame\": \(f + 1), \"gesture\": \"pan\", \"phase\": \"changed\", \"translation\": [\(n(dx * Double(f) / Double(frames))), \(n(dy * Double(f) / Double(frames)))]}"
                    )
                }
                events.append("{\"frame\": \(max(1, frames) + 2), \"gesture\": \"pan\", \"phase\": \"cancelled\"}")
                return "{\"events\": [\(events.joined(separator: ", "))]}"
            case .wait(let s):
                return "{\"wait\": \(n(s))}"
            }
        }

        /// The same step with its numbers pulled toward zero (or one for scales).
        var smaller: GenStep? {
            func half(_ d: Double) -> Double { (d / 2).rounded() }
            switch self {
            case .pan(let dx, let dy, let d, let vx):
                let s = GenStep.pan(dx: half(dx), dy: half(dy), duration: d > 0.05 ? (d / 2 * 100).rounded() / 100 : d, vx: vx.map(half))
                return s == self ? nil : s
            case .pinch(let sc, let x, let y, let d):
                let s = GenStep.pinch(scale: ((1 + (sc - 1) / 2) * 100).rounded() / 100, x: x, y: y, duration: d)
                return s == self ? nil : s
            case .together(let dx, let dy, let sc, let d):
                let s = GenStep.together(dx: half(dx), dy: half(dy), scale: ((1 + (sc - 1) / 2) * 100).rounded() / 100, duration: d)
                return s == self ? nil : s
            case .touches(let frames):
                return frames.count > 2 ? .touches(Array(frames.prefix(frames.count / 2 + 1))) : nil
            case .cancelledPan(let dx, let dy, let f):
                let s = GenStep.cancelledPan(dx: half(dx), dy: half(dy), frames: max(1, f / 2))
                return s == self ? nil : s
            case .wait(let w):
                return w > 0.02 ? .wait((w / 2 * 100).rounded() / 100) : nil
            }
        }
    }

    var rng: SplitMix
    let width: Double, height: Double

    package init(seed: UInt64, width: Double, height: Double) {
        rng = SplitMix(seed: seed)
        self.width = width
        self.height = height
    }

    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * rng.unit() }
    mutating func round2(_ d: Double) -> Double { (d * 100).rounded() / 100 }

    package mutating func script() -> [GenStep] {
        let count = 1 + Int(rng.next() % 6)
        var steps: [GenStep] = []
        for _ in 0..<count {
            switch rng.next() % 6 {
            case 0:
                steps.append(
                    .pan(
                        dx: uniform(-500, 500).rounded(), dy: uniform(-500, 500).rounded(), duration: round2(uniform(0, 0.6)),
                        vx: rng.next() % 3 == 0 ? uniform(-3000, 3000).rounded() : nil))
            case 1:
                steps.append(
                    .pinch(
                        scale: round2(uniform(0.15, 6)), x: uniform(0, width).rounded(), y: uniform(0, height).rounded(),
                        duration: round2(uniform(0, 0.5))))
            case 2:
                steps.append(
                    .together(
                        dx: uniform(-300, 300).rounded(), dy: uniform(-300, 300).rounded(), scale: round2(uniform(0.3, 4)),
                        duration: round2(uniform(0.05, 0.4))))
            case 3:
                var frames: [[Point]] = []
                var a = Point(uniform(0, width).rounded(), uniform(0, height).rounded())
                var b = Point(uniform(0, width).rounded(), uniform(0, height).rounded())
                if a == b { b.x += 7 }
                for _ in 0..<(2 + Int(rng.next() % 20)) {
                    a = a + Point(uniform(-30, 30).rounded(), uniform(-30, 30).rounded())
                    b = b + Point(uniform(-30, 30).rounded(), uniform(-30, 30).rounded())
                    if a == b { b.y += 3 }
                    switch rng.next() % 5 {
                    case 0: frames.append([])
                    case 1, 2: frames.append([a])
                    default: frames.append([a, b])
                    }
                }
                steps.append(.touches(frames))
            case 4:
                steps.append(
                    .cancelledPan(dx: uniform(-500, 500).rounded(), dy: uniform(-500, 500).rounded(), frames: 1 + Int(rng.next() % 10)))
            default: steps.append(.wait(round2(uniform(0, 0.3))))
            }
        }
        return steps
    }
}

/// SplitMix64: a small seeded generator (same numbers on every platform).
package struct SplitMix: RandomNumberGenerator, Sendable {
    var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
