import CropJSON
import Foundation

/// metrics.md, metrics.csv and metrics.json: one row per variant, the keys of `MetricColumn`;
/// for a two-key grid also each variant's position and, in metrics.md, each metric as a table
/// of the first key's values by the second's.
extension Comparison {
    /// A two-key comparison as its tables show it: the keys, their values, and which row
    /// holds each cell.
    package struct Grid: Sendable {
        package var rowKey: String
        package var columnKey: String
        package var rowValues: [String]
        package var columnValues: [String]
        /// Each row's position (its value of each key), in the rows' order.
        package var at: [[String]]

        /// The grid of `variants` over two `axes`; nil for a list (one axis).
        package init?(rows: [Row], variants: [Variant], axes: [Variation]) {
            guard axes.count == 2, let values = ComparisonOutput.grid(variants, axes: axes) else { return nil }
            rowKey = axes[0].name
            columnKey = axes[1].name
            rowValues = values.rows
            columnValues = values.columns
            at = rows.map { r in variants.first { $0.label == r.label }?.at ?? ["", ""] }
        }

        /// The row at the cell of `row` and `column` values, if it replayed.
        package func index(_ row: String, _ column: String) -> Int? { at.firstIndex { $0 == [row, column] } }
    }

    /// The columns a grid shows as tables of their own (not the final state).
    package static var gridColumns: [MetricColumn] { MetricColumn.shown.filter { $0.group != .final } }

    package static func markdown(_ rows: [Row], grid: Grid? = nil) -> String {
        let columns = MetricColumn.shown
        var out = ""
        if let grid {
            for c in gridColumns {
                out += "\(c.header), \(grid.rowKey) by \(grid.columnKey):\n\n"
                out +=
                    "| \(grid.rowKey) \\\\ \(grid.columnKey) | "
                    + grid.columnValues.map(\.replacingBars).joined(separator: " | ")
                out += " |\n|---|" + grid.columnValues.map { _ in "---|" }.joined() + "\n"
                for rv in grid.rowValues {
                    let cells = grid.columnValues.map { cv in grid.index(rv, cv).map { c.text(rows[$0]) } ?? "-" }
                    out += "| \(rv.replacingBars) | " + cells.map(\.replacingBars).joined(separator: " | ") + " |\n"
                }
                out += "\n"
            }
        }
        out += "| variant | " + columns.map { "\($0.header)" }.joined(separator: " | ") + " |\n"
        out += "|---|" + columns.map { _ in "---|" }.joined() + "\n"
        for r in rows {
            out +=
                "| \(r.label.replacingBars) | " + columns.map { $0.text(r).replacingBars }.joined(separator: " | ")
                + " |\n"
        }
        return out
    }

    package static func csv(_ rows: [Row], grid: Grid? = nil) -> String {
        let columns = MetricColumn.all
        let header = columns.map { $0.key == "finalCenter" ? "finalCenterX,finalCenterY" : $0.key }
        let keys = grid.map { [$0.rowKey, $0.columnKey] } ?? []
        var out = (["variant"] + keys + ["frames"]).map(csvField).joined(separator: ",") + ","
        out += header.joined(separator: ",") + "\n"
        for (i, r) in rows.enumerated() {
            let fields =
                ([r.label] + (grid?.at[i] ?? [])).map(csvField) + ["\(r.frames)"]
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

    package static func json(_ rows: [Row], scenario: String, grid: Grid? = nil) -> String {
        let items: [JSONNode] = rows.enumerated().map { i, r in
            var members: [(String, JSONNode)] = [("variant", .string(r.label))]
            if let grid {
                members.append(
                    ("at", .object([(grid.rowKey, .string(grid.at[i][0])), (grid.columnKey, .string(grid.at[i][1]))])))
            }
            return .object(
                members + [("frames", .number(r.frames))] + MetricColumn.all.map { ($0.key, $0.json(r)) })
        }
        let fps = rows.first?.trace.fps ?? 60
        let compared = rows.first?.metrics.framesCompared ?? 0
        var top: [(String, JSONNode)] = [
            ("scenario", .string(scenario)), ("fps", .number(fps)), ("framesCompared", .number(compared)),
        ]
        if let grid {
            func axis(_ key: String, _ values: [String]) -> JSONNode {
                .object([("key", .string(key)), ("values", .array(values.map { .string($0) }))])
            }
            top.append(
                (
                    "grid",
                    .object([
                        ("rows", axis(grid.rowKey, grid.rowValues)),
                        ("columns", axis(grid.columnKey, grid.columnValues)),
                    ])
                ))
        }
        return JSONNode.object(top + [("variants", .array(items))]).serialized(indent: 2) + "\n"
    }

    /// A CSV field: quoted (quotes doubled) when it holds a comma, a quote or a line break.
    static func csvField(_ s: String) -> String {
        guard s.contains(where: { ",\"\n\r".contains($0) }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension String {
    fileprivate var replacingBars: String { replacingOccurrences(of: "|", with: "\\|") }
}
