import CropGeometry
import CropJSON

/// W3C WebDriver Actions, as Appium and Selenium send them: `{"actions": [source, ...]}` or
/// the list of sources. Only pointer sources with `"pointerType": "touch"` make fingers;
/// every source's actions count for the ticks: tick i is action i of every source and lasts
/// as long as the longest of their durations (milliseconds). `pointerDown` and `pointerUp`
/// act at the tick's start; a `pointerMove` goes linearly from the position at the tick's
/// start to its target over its own duration, then holds. Move origins `viewport` (the
/// default) and `pointer` (relative to the current position) are supported.
package enum WebDriverLog {
    package static func parse(_ text: String) throws(ImportError) -> TouchLog {
        let root = try parseJSON(text)
        let r = JSONReading()
        let sourceNodes: [JSONNode]
        if case .array = root.value {
            sourceNodes = try r.array(root, "the action sources")
        } else {
            sourceNodes = try r.array(try r.member(root, "actions", in: "the request"), "the action sources")
        }
        struct Source {
            var id: String
            var touch: Bool
            var actions: [JSONNode]
            var position = Point(0, 0)
            var isDown = false
        }
        var sources: [Source] = []
        for (i, s) in sourceNodes.enumerated() {
            _ = try r.object(s, "an action source")
            let type = try s["type"].map { n throws(ImportError) in try r.string(n, "a source type") } ?? "none"
            var touch = false
            if type == "pointer", let parameters = s["parameters"], let pointerType = parameters["pointerType"] {
                touch = try r.string(pointerType, "a pointer type") == "touch"
            }
            let id = try s["id"].map { n throws(ImportError) in try r.string(n, "a source id") } ?? "source \(i)"
            if sources.contains(where: { $0.id == id }) { throw r.error(s, "a second source with the id \"\(id)\"") }
            sources.append(
                Source(
                    id: id, touch: touch, actions: try r.array(try r.member(s, "actions", in: "the source"), "actions"))
            )
        }
        var builder = ContactBuilder()
        let ticks = sources.map(\.actions.count).max() ?? 0
        var start = 0.0  // the tick's start, seconds
        for tick in 0..<ticks {
            var longest = 0.0
            for k in sources.indices where tick < sources[k].actions.count {
                let a = sources[k].actions[tick]
                _ = try r.object(a, "an action")
                let type = try r.string(try r.member(a, "type", in: "the action"), "an action type")
                var duration = 0.0
                if let d = a["duration"] {
                    duration = try r.number(d, "a duration in milliseconds") / 1000
                    guard duration >= 0 else { throw r.error(d, "expected a duration >= 0") }
                }
                longest = max(longest, duration)
                guard sources[k].touch else { continue }
                let id = sources[k].id
                switch type {
                case "pause":
                    continue
                case "pointerDown":
                    guard !sources[k].isDown else { throw r.error(a, "pointerDown of \(id), which is already down") }
                    sources[k].isDown = true
                    builder.land(id, at: sources[k].position, time: start, line: a.line)
                case "pointerUp":
                    guard sources[k].isDown else { throw r.error(a, "pointerUp of \(id), which is not down") }
                    sources[k].isDown = false
                    builder.lift(id, at: start)
                case "pointerMove":
                    let x = try r.number(try r.member(a, "x", in: "the move"), "x")
                    let y = try r.number(try r.member(a, "y", in: "the move"), "y")
                    var target = Point(x, y)
                    if let origin = a["origin"] {
                        guard case .string(let o) = origin.value else {
                            throw r.error(
                                origin,
                                "expected the origin \"viewport\" or \"pointer\" (an element origin cannot be replayed)"
                            )
                        }
                        switch o {
                        case "viewport": break
                        case "pointer": target = Point(sources[k].position.x + x, sources[k].position.y + y)
                        default: throw r.error(origin, "expected the origin \"viewport\" or \"pointer\", got \"\(o)\"")
                        }
                    }
                    if sources[k].isDown {
                        if duration > 0 {
                            // From the position at the tick's start, linearly, then hold.
                            builder.move(id, to: sources[k].position, at: start, line: a.line)
                            builder.startLinear(id)
                            builder.move(id, to: target, at: start + duration, line: a.line)
                        } else {
                            builder.move(id, to: target, at: start, line: a.line)
                        }
                    }
                    sources[k].position = target
                case "keyDown", "keyUp", "scroll":
                    throw r.error(a, "a \(type) action in a touch source")
                default:
                    throw r.error(a, "expected pause, pointerDown, pointerMove or pointerUp, got \"\(type)\"")
                }
            }
            start += longest
        }
        builder.liftAll(at: start)
        return builder.log
    }
}
