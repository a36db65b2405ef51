import CropGeometry
import CropJSON

/// Chrome DevTools Protocol touch logs: `Input.dispatchTouchEvent` parameter objects, one
/// JSON object per line or one JSON array (a log starting with `[`). A whole CDP message
/// (`{"method": "Input.dispatchTouchEvent", "params": {...}}`) is accepted too; messages of
/// other methods are skipped.
///
/// `timestamp` (seconds) is required and never decreases. Points are tracked by `id` (a
/// point without one takes its index in the list): `touchStart` lands the ids not yet down,
/// `touchMove` moves the listed ids (each must be down), `touchEnd` and `touchCancel` lift
/// the listed ids, or every finger when the list is empty.
package enum CDPLog {
    package static func parse(_ text: String) throws(ImportError) -> TouchLog {
        var events: [(node: JSONNode, reading: JSONReading)] = []
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        if trimmed.first == "[" {
            let root = try parseJSON(text)
            let reading = JSONReading()
            for item in try reading.array(root, "the log") { events.append((item, reading)) }
        } else {
            for (i, line) in LogLines.split(text).enumerated() {
                guard !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { continue }
                events.append((try parseJSON(String(line), lineOffset: i), JSONReading(lineOffset: i)))
            }
        }
        var builder = ContactBuilder()
        var lastTime = -Double.infinity
        for (node, r) in events {
            var params = node
            if let method = node["method"] {
                guard try r.string(method, "a method name") == "Input.dispatchTouchEvent" else { continue }
                params = try r.member(node, "params", in: "the message")
            }
            _ = try r.object(params, "touch event parameters")
            let type = try r.string(try r.member(params, "type", in: "the event"), "the event type")
            let tNode = try r.member(params, "timestamp", in: "the event")
            let t = try r.number(tNode, "a timestamp in seconds")
            guard t >= lastTime else {
                throw r.error(tNode, "timestamp \(JSONNumber.format(t)) is earlier than the previous event's")
            }
            lastTime = t
            let pointsNode = try r.member(params, "touchPoints", in: "the event")
            var points: [(id: String, point: Point, node: JSONNode)] = []
            for (index, p) in try r.array(pointsNode, "touch points").enumerated() {
                _ = try r.object(p, "a touch point")
                let x = try r.number(try r.member(p, "x", in: "the touch point"), "x")
                let y = try r.number(try r.member(p, "y", in: "the touch point"), "y")
                var id = "#\(index)"
                if let idNode = p["id"] {
                    switch idNode.value {
                    case .number(let d, _): id = JSONNumber.format(d)
                    case .string(let s): id = s
                    default: throw r.error(idNode, "expected a touch point id (a number or a string)")
                    }
                }
                points.append((id, Point(x, y), p))
            }
            let line = node.line + r.lineOffset
            switch type {
            case "touchStart":
                for p in points {
                    if builder.isDown(p.id) {
                        builder.move(p.id, to: p.point, at: t, line: line)
                    } else {
                        builder.land(p.id, at: p.point, time: t, line: line)
                    }
                }
            case "touchMove":
                for p in points {
                    guard builder.isDown(p.id) else {
                        throw r.error(p.node, "touchMove of point \(p.id), which is not down")
                    }
                    builder.move(p.id, to: p.point, at: t, line: line)
                }
            case "touchEnd", "touchCancel":
                if points.isEmpty {
                    builder.liftAll(at: t)
                } else {
                    for p in points {
                        guard builder.isDown(p.id) else {
                            throw r.error(p.node, "\(type) of point \(p.id), which is not down")
                        }
                        builder.move(p.id, to: p.point, at: t, line: line)
                        builder.lift(p.id, at: t)
                    }
                }
            default:
                throw r.error(
                    try r.member(params, "type", in: "the event"),
                    "expected touchStart, touchMove, touchEnd or touchCancel, got \"\(Echo.cap(type))\"")
            }
        }
        builder.liftAll(at: lastTime)
        return builder.log
    }
}
