import CropJSON
import Foundation

/// metrics.md, metrics.csv and metrics.json: one row per variant, the keys of `MetricColumn`.
extension Comparison {
    package static func markdown(_ rows: [Row]) -> String {
        let columns = MetricColumn.shown
        var out = "| variant | " + columns.map { "\($0.header)" }.joined(separator: " | ") + " |\n"
        out += "|---|" + columns.map { _ in "---|" }.joined() + "\n"
        for r in rows {
            out += "| \(r.label) | " + columns.map { $0.text(r).replacingBars }.joined(separator: " | ") + " |\n"
        }
        return out
    }

    package static func csv(_ rows: [Row]) -> String {
        let columns = MetricColumn.all
        let header = columns.map { $0.key == "finalCenter" ? "finalCenterX,finalCenterY" : $0.key }
        var out = "variant,frames," + header.joined(separator: ",") + "\n"
        for r in rows {
            let fields =
                [r.label, "\(r.frames)"]
                + columns.map { c -> String in
                    let node = c.json(r)
                    switch node.value {
                    case .string(let s): return "\"\(s)\""
                    case .array(let items) where c.key == "finalCenter":
                        return items.map { $0.serialized() }.joined(separator: ",")
                    case .array(let items):
                        let parts = items.map { item -> String in
                            if case .string(let s) = item.value { return s }
                            return item.serialized()
                        }
                        return "\"" + parts.joined(separator: "; ") + "\""
                    default: return node.serialized()
                    }
                }
            out += fields.joined(separator: ",") + "\n"
        }
        return out
    }

    package static func json(_ rows: [Row], scenario: String) -> String {
        let items: [JSONNode] = rows.map { r in
            .object(
                [("variant", .string(r.label)), ("frames", .number(r.frames))]
                    + MetricColumn.all.map { ($0.key, $0.json(r)) })
        }
        let fps = rows.first?.trace.fps ?? 60
        let compared = rows.first?.metrics.framesCompared ?? 0
        return JSONNode.object([
            ("scenario", .string(scenario)), ("fps", .number(fps)), ("framesCompared", .number(compared)),
            ("variants", .array(items)),
        ]).serialized(indent: 2) + "\n"
    }
}

extension String {
    fileprivate var replacingBars: String { replacingOccurrences(of: "|", with: "\\|") }
}
