import CropGeometry
import CropJSON

/// A live session's touches, one entry per frame (the fingers down on that frame with their
/// ids, in landing order), as the playground records them: turned into the `TouchLog` that
/// `import` would read from the same touches, and into a CDP log (`Input.dispatchTouchEvent`
/// parameter objects, one per line) that `import cdp` reads back to the same scenario.
///
/// Frame f is at f / fps seconds after the first frame with a finger down, so that resampling
/// at the same fps gives back exactly the recorded frames.
package struct TouchRecording: Sendable, Equatable {
    package struct Finger: Sendable, Equatable {
        package var id: Int
        package var point: Point
        package init(id: Int, point: Point) {
            self.id = id
            self.point = point
        }
    }

    package let fps: Int
    /// Every frame from the first one with a finger down.
    package private(set) var frames: [[Finger]] = []

    package init(fps: Int) { self.fps = fps }

    /// Appends one frame (frames before the first touch are not kept).
    package mutating func append(_ fingers: [Finger]) {
        if frames.isEmpty && fingers.isEmpty { return }
        frames.append(fingers)
    }

    /// Whether any finger was recorded.
    package var isEmpty: Bool { frames.isEmpty }

    private func time(_ f: Int) -> Double { Double(f) / Double(fps) }

    /// The contacts: each id's life from the frame it appears to the first frame without it.
    package var log: TouchLog {
        var contacts: [TouchLog.Contact] = []
        var open: [Int: Int] = [:]
        for (f, fingers) in frames.enumerated() {
            let t = time(f)
            let ids = Set(fingers.map(\.id))
            for (id, c) in open.sorted(by: { $0.value < $1.value }) where !ids.contains(id) {
                contacts[c].up = t
                open[id] = nil
            }
            for finger in fingers {
                if let c = open[finger.id] {
                    if contacts[c].keyframes.last?.point != finger.point {
                        contacts[c].keyframes.append(TouchLog.Keyframe(t: t, point: finger.point))
                    }
                } else {
                    contacts.append(
                        TouchLog.Contact(
                            down: t, up: .infinity, keyframes: [TouchLog.Keyframe(t: t, point: finger.point)],
                            line: f + 1))
                    open[finger.id] = contacts.count - 1
                }
            }
        }
        for c in open.values { contacts[c].up = time(frames.count) }
        return TouchLog(contacts: contacts)
    }

    /// The CDP log: a `touchEnd` for fingers lifted, a `touchStart` (all points down, the new
    /// ones last) when a finger lands, else a `touchMove` when a finger moved; a final
    /// `touchEnd` lifts fingers still down at the end.
    package var cdpLog: String {
        var lines: [String] = []
        func point(_ f: Finger) -> JSONNode {
            .object([("x", .number(f.point.x)), ("y", .number(f.point.y)), ("id", .number(Double(f.id)))])
        }
        func event(_ type: String, _ fingers: [Finger], _ f: Int) {
            let node = JSONNode.object([
                ("type", .string(type)), ("touchPoints", .array(fingers.map(point))), ("timestamp", .number(time(f))),
            ])
            lines.append(node.serialized())
        }
        var previous: [Finger] = []
        for (f, fingers) in frames.enumerated() {
            let ids = Set(fingers.map(\.id))
            let lifted = previous.filter { !ids.contains($0.id) }
            if !lifted.isEmpty { event("touchEnd", lifted, f) }
            let before = Set(previous.map(\.id))
            if fingers.contains(where: { !before.contains($0.id) }) {
                event("touchStart", fingers, f)
            } else if !fingers.isEmpty && fingers != previous {
                event("touchMove", fingers, f)
            }
            previous = fingers
        }
        if !previous.isEmpty { event("touchEnd", previous, frames.count) }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }
}
