import CropGeometry
import CropJSON
import CropScenario

/// Random gesture scripts for the invariant explorer, always legal for the recognizer machine.
/// What is generated follows the editor: twists only with the rotation gesture, straightens
/// only where an angle is allowed, box drags and aspect steps only on resizable boxes.
package struct ScriptGenerator {
    /// A generated step with its numbers, so a failing script can be shrunk.
    package enum GenStep: Equatable, Sendable {
        case pan(dx: Double, dy: Double, duration: Double, vx: Double?, from: Point?)
        case pinch(scale: Double, x: Double, y: Double, duration: Double)
        case together(dx: Double, dy: Double, scale: Double, duration: Double)
        case touches([[Point]])
        case cancelledPan(dx: Double, dy: Double, frames: Int)
        case wait(Double)
        case untilSettled
        case rotation(by: Double, x: Double, y: Double, duration: Double)
        case straighten(to: Double, duration: Double)
        case quarterTurn(clockwise: Bool)
        /// Four quarter turns in a row: an identity on the shown picture.
        case fourTurns(clockwise: Bool)
        case flip(horizontal: Bool)
        /// Two flips about the same axis: an identity.
        case twoFlips(horizontal: Bool)
        case aspect(w: Double, h: Double)
        case aspectOriginal
        case aspectFree
        case doubleTap(x: Double, y: Double)
        case save(name: String)

        static func n(_ d: Double) -> String { JSONNumber.format(d) }

        var json: String {
            let n = GenStep.n
            switch self {
            case .pan(let dx, let dy, let d, let vx, let from):
                var body = "\"by\": [\(n(dx)), \(n(dy))], \"duration\": \(n(d))"
                if let vx { body += ", \"velocity\": [\(n(vx)), 0]" }
                if let from { body += ", \"from\": [\(n(from.x)), \(n(from.y))]" }
                return "{\"pan\": {\(body)}}"
            case .pinch(let s, let x, let y, let d):
                return "{\"pinch\": {\"scale\": \(n(s)), \"at\": [\(n(x)), \(n(y))], \"duration\": \(n(d))}}"
            case .together(let dx, let dy, let s, let d):
                return
                    "{\"together\": [{\"pan\": {\"by\": [\(n(dx)), \(n(dy))], \"duration\": \(n(d))}},"
                    + " {\"pinch\": {\"scale\": \(n(s)), \"duration\": \(n(d))}}]}"
            case .touches(let frames):
                let entries = frames.map { "[" + $0.map { "[\(n($0.x)), \(n($0.y))]" }.joined(separator: ", ") + "]" }
                return "{\"touches\": [\(entries.joined(separator: ", "))]}"
            case .cancelledPan(let dx, let dy, let frames):
                var events = ["{\"frame\": 1, \"gesture\": \"pan\", \"phase\": \"began\"}"]
                for f in 1...max(1, frames) {
                    let t = Double(f) / Double(max(1, frames))
                    events.append(
                        "{\"frame\": \(f + 1), \"gesture\": \"pan\", \"phase\": \"changed\","
                            + " \"translation\": [\(n(dx * t)), \(n(dy * t))]}"
                    )
                }
                events.append("{\"frame\": \(max(1, frames) + 2), \"gesture\": \"pan\", \"phase\": \"cancelled\"}")
                return "{\"events\": [\(events.joined(separator: ", "))]}"
            case .wait(let s): return "{\"wait\": \(n(s))}"
            case .untilSettled: return "{\"until\": \"settled\"}"
            case .rotation(let by, let x, let y, let d):
                return "{\"rotation\": {\"by\": \(n(by)), \"at\": [\(n(x)), \(n(y))], \"duration\": \(n(d))}}"
            case .straighten(let to, let d): return "{\"straighten\": {\"to\": \(n(to)), \"duration\": \(n(d))}}"
            case .quarterTurn(let cw): return "{\"quarterTurn\": \"\(cw ? "clockwise" : "counterclockwise")\"}"
            case .fourTurns(let cw):
                return Array(repeating: GenStep.quarterTurn(clockwise: cw).json, count: 4).joined(separator: ", ")
            case .flip(let h): return "{\"flip\": \"\(h ? "horizontal" : "vertical")\"}"
            case .twoFlips(let h): return GenStep.flip(horizontal: h).json + ", " + GenStep.flip(horizontal: h).json
            case .aspect(let w, let h): return "{\"aspect\": [\(n(w)), \(n(h))]}"
            case .aspectOriginal: return "{\"aspect\": \"original\"}"
            case .aspectFree: return "{\"aspect\": \"free\"}"
            case .doubleTap(let x, let y): return "{\"doubleTap\": [\(n(x)), \(n(y))]}"
            case .save(let name): return "{\"save\": {\"name\": \"\(name)\"}}"
            }
        }

        /// The same step with its numbers pulled toward zero (or one for scales).
        var smaller: GenStep? {
            func half(_ d: Double) -> Double { (d / 2).rounded() }
            func shorter(_ d: Double) -> Double { d > 0.05 ? (d / 2 * 30).rounded() / 30 : d }
            let s: GenStep
            switch self {
            case .pan(let dx, let dy, let d, let vx, let from):
                s = .pan(dx: half(dx), dy: half(dy), duration: shorter(d), vx: vx.map(half), from: from)
            case .pinch(let sc, let x, let y, let d):
                s = .pinch(scale: ((1 + (sc - 1) / 2) * 100).rounded() / 100, x: x, y: y, duration: d)
            case .together(let dx, let dy, let sc, let d):
                s = .together(
                    dx: half(dx), dy: half(dy), scale: ((1 + (sc - 1) / 2) * 100).rounded() / 100, duration: d)
            case .touches(let frames):
                return frames.count > 2 ? .touches(Array(frames.prefix(frames.count / 2 + 1))) : nil
            case .cancelledPan(let dx, let dy, let f):
                s = .cancelledPan(dx: half(dx), dy: half(dy), frames: max(1, f / 2))
            case .wait(let w): return w > 0.02 ? .wait((w / 2 * 30).rounded() / 30) : nil
            case .rotation(let by, let x, let y, let d): s = .rotation(by: half(by), x: x, y: y, duration: d)
            case .straighten(let to, let d): s = .straighten(to: half(to), duration: d)
            case .fourTurns(let cw): return .quarterTurn(clockwise: cw)
            case .twoFlips(let h): return .flip(horizontal: h)
            default: return nil
            }
            return s == self ? nil : s
        }
    }

    /// What the editor allows the generator to use.
    package struct Capabilities: Sendable {
        var rotationGesture: Bool
        var angle: Bool
        var resizable: Bool
        var aspectSteps: Bool
        var box: Rect
        var width: Double
        var height: Double

        package init(editor: EditorConfig, box: Rect) {
            rotationGesture = editor.rotation.gesture
            angle = editor.constraint != .viewport
            resizable = editor.frame.resizable
            aspectSteps = editor.frame.resizable && editor.frame.shape != .circle
            self.box = box
            width = editor.viewport.width
            height = editor.viewport.height
        }
    }

    var rng: SplitMix
    let caps: Capabilities

    package init(seed: UInt64, capabilities: Capabilities) {
        rng = SplitMix(seed: seed)
        caps = capabilities
    }

    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * rng.unit() }
    mutating func round2(_ d: Double) -> Double { (d * 100).rounded() / 100 }
    mutating func chance(_ p: Double) -> Bool { rng.unit() < p }
    /// A duration in whole frames at 30 fps (so it is whole at 60 and 120 too).
    mutating func frames30(_ lo: Int, _ hi: Int) -> Double { Double(lo + Int(rng.next() % UInt64(hi - lo + 1))) / 30 }

    /// A point near one of the box's handles (corners and edge middles), sometimes off it.
    mutating func handlePoint() -> Point {
        let b = caps.box
        let xs = [b.minX, b.midX, b.maxX]
        let ys = [b.minY, b.midY, b.maxY]
        var x = xs[Int(rng.next() % 3)]
        var y = ys[Int(rng.next() % 3)]
        if x == b.midX && y == b.midY { x = b.minX }
        x += uniform(-25, 25).rounded()
        y += uniform(-25, 25).rounded()
        return Point(x, y)
    }

    /// A script for the general invariants: every step kind the editor allows.
    package mutating func script() -> [GenStep] {
        let count = 1 + Int(rng.next() % 6)
        var steps: [GenStep] = []
        for _ in 0..<count {
            switch rng.next() % 14 {
            case 0:
                steps.append(
                    .pan(
                        dx: uniform(-500, 500).rounded(), dy: uniform(-500, 500).rounded(),
                        duration: round2(uniform(0, 0.6)),
                        vx: chance(1.0 / 3) ? uniform(-3000, 3000).rounded() : nil, from: nil))
            case 1:
                steps.append(
                    .pinch(
                        scale: round2(uniform(0.15, 6)), x: uniform(0, caps.width).rounded(),
                        y: uniform(0, caps.height).rounded(),
                        duration: round2(uniform(0, 0.5))))
            case 2:
                steps.append(
                    .together(
                        dx: uniform(-300, 300).rounded(), dy: uniform(-300, 300).rounded(),
                        scale: round2(uniform(0.3, 4)),
                        duration: round2(uniform(0.05, 0.4))))
            case 3: steps.append(.touches(touches()))
            case 4:
                steps.append(
                    .cancelledPan(
                        dx: uniform(-500, 500).rounded(), dy: uniform(-500, 500).rounded(),
                        frames: 1 + Int(rng.next() % 10)))
            case 5: steps.append(.wait(round2(uniform(0, 0.3))))
            case 6: steps.append(.untilSettled)
            case 7 where caps.rotationGesture:
                steps.append(
                    .rotation(
                        by: uniform(-120, 120).rounded(), x: uniform(0, caps.width).rounded(),
                        y: uniform(0, caps.height).rounded(),
                        duration: round2(uniform(0, 0.4))))
            case 8 where caps.angle:
                steps.append(.straighten(to: uniform(-60, 60).rounded(), duration: round2(uniform(0, 0.4))))
            case 9:
                switch rng.next() % 4 {
                case 0: steps.append(.quarterTurn(clockwise: chance(0.5)))
                case 1: steps.append(.fourTurns(clockwise: chance(0.5)))
                case 2: steps.append(.flip(horizontal: chance(0.5)))
                default: steps.append(.twoFlips(horizontal: chance(0.5)))
                }
            case 10 where caps.resizable:
                steps.append(
                    .pan(
                        dx: uniform(-250, 250).rounded(), dy: uniform(-250, 250).rounded(),
                        duration: round2(uniform(0.05, 0.4)),
                        vx: nil, from: handlePoint()))
            case 11 where caps.aspectSteps:
                switch rng.next() % 4 {
                case 0: steps.append(.aspectOriginal)
                case 1: steps.append(.aspectFree)
                default: steps.append(.aspect(w: Double(1 + rng.next() % 16), h: Double(1 + rng.next() % 16)))
                }
            case 12: steps.append(.doubleTap(x: uniform(0, caps.width).rounded(), y: uniform(0, caps.height).rounded()))
            case 13: steps.append(.save(name: "c\(steps.count)"))
            default: steps.append(.wait(round2(uniform(0, 0.3))))
            }
        }
        return steps
    }

    mutating func touches() -> [[Point]] {
        var frames: [[Point]] = []
        var a = Point(uniform(0, caps.width).rounded(), uniform(0, caps.height).rounded())
        var b = Point(uniform(0, caps.width).rounded(), uniform(0, caps.height).rounded())
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
        return frames
    }

    /// A script whose end state does not depend on the frame rate (the closed-form curves): pans and
    /// pinches with linear easing over whole frames at 30 fps, each followed by `until settled`, and
    /// waits of whole frames.
    package mutating func rateIndependentScript() -> [GenStep] {
        var steps: [GenStep] = []
        for _ in 0..<(1 + Int(rng.next() % 4)) {
            if chance(0.5) {
                steps.append(
                    .pan(
                        dx: uniform(-400, 400).rounded(), dy: uniform(-400, 400).rounded(), duration: frames30(1, 15),
                        vx: nil, from: nil))
            } else {
                steps.append(
                    .pinch(
                        scale: round2(uniform(0.2, 5)), x: uniform(0, caps.width).rounded(),
                        y: uniform(0, caps.height).rounded(),
                        duration: frames30(1, 12)))
            }
            steps.append(.untilSettled)
            if chance(0.3) { steps.append(.wait(frames30(0, 6))) }
        }
        return steps
    }
}

/// SplitMix64: a small seeded generator (same numbers on every platform).
package struct SplitMix: RandomNumberGenerator, Sendable {
    var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
