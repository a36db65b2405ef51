import CropGoldens
import CropJSON

/// The conformance report: a line per script, then a summary across scripts (which field
/// departs first how often, the earliest departure, the largest difference), as text,
/// Markdown and JSON.
package struct ConformanceReport: Sendable {
    package var model: String
    package var cases: [Conformance.Case]

    package init(model: String, cases: [Conformance.Case]) {
        self.model = model
        self.cases = cases
    }

    /// The scripts that count (the reference replays them).
    var counted: [Conformance.Case] {
        cases.filter { if case .refused = $0.outcome { return false } else { return true } }
    }
    package var departures: Int { counted.count - conforming }
    var conforming: Int {
        counted.filter { if case .conforms = $0.outcome { return true } else { return false } }.count
    }

    /// One row of the summary: a field that departs first in some scripts.
    struct FieldRow: Equatable {
        var field: String
        var scripts: Int
        var earliestFrame: Int?
        var earliestScript: String
        /// The largest |actual - expected| at the first departure, for numbers.
        var largest: Double?
        var unit: String
    }

    var fieldRows: [FieldRow] {
        var rows: [FieldRow] = []
        for c in cases {
            let field: String
            var frame: Int?
            var size: Double?
            var unit = ""
            switch c.outcome {
            case .departs(let comparison, _):
                guard let first = comparison.first else { continue }
                field = first.field
                frame = first.frame
                if case .number(let e) = first.expected, case .number(let a) = first.actual {
                    size = abs(a - e)
                    unit = TraceDifference.unit(of: field) ?? ""
                }
            case .modelFailed: field = "(the model failed)"
            default: continue
            }
            if let i = rows.firstIndex(where: { $0.field == field }) {
                rows[i].scripts += 1
                if let frame, rows[i].earliestFrame.map({ frame < $0 }) ?? true {
                    rows[i].earliestFrame = frame
                    rows[i].earliestScript = c.name
                }
                if let size { rows[i].largest = max(rows[i].largest ?? 0, size) }
            } else {
                rows.append(
                    FieldRow(
                        field: field, scripts: 1, earliestFrame: frame, earliestScript: c.name, largest: size,
                        unit: unit))
            }
        }
        return rows.sorted { $0.scripts != $1.scripts ? $0.scripts > $1.scripts : $0.field < $1.field }
    }

    /// `DEPARTS name: frame 12: ...`, one line per script.
    package func line(_ c: Conformance.Case) -> String {
        switch c.outcome {
        case .conforms(let frames): return "CONFORMS \(c.name) (\(frames) frames)"
        case .departs(let comparison, _): return "DEPARTS \(c.name): \(comparison.first!)"
        case .modelFailed(let message): return "FAILS \(c.name): \(message)"
        case .refused(let message): return "REFUSED \(c.name) (the reference refuses the script: \(message))"
        }
    }

    /// The summary table, Markdown (also printed as is).
    package var summary: String {
        let refused = cases.count - counted.count
        var out =
            "model \"\(model)\" against the reference: \(counted.count) scripts, \(conforming) conform,"
            + " \(departures) depart" + (refused > 0 ? " (\(refused) refused by the reference, not counted)" : "")
        let rows = fieldRows
        guard !rows.isEmpty else { return out + "\n" }
        out += "\n\n| first departing field | scripts | earliest | largest difference |\n|---|---|---|---|\n"
        for r in rows {
            let earliest = r.earliestFrame.map { "frame \($0) (\(r.earliestScript))" } ?? r.earliestScript
            let largest = r.largest.map { TraceDiff.fixed($0, 3) + (r.unit.isEmpty ? "" : " \(r.unit)") } ?? ""
            out += "| \(r.field) | \(r.scripts) | \(earliest) | \(largest) |\n"
        }
        return out
    }

    /// The Markdown page: the summary, then a line per script.
    package var markdown: String {
        "# Conformance of \"\(model)\"\n\n" + summary + "\n" + cases.map { "- " + line($0) }.joined(separator: "\n")
            + "\n"
    }

    /// The JSON file: the counts, the summary rows and each script's first departure.
    package var json: String {
        func q(_ s: String) -> String { JSONNode.quote(s) }
        func n(_ d: Double) -> String { JSONNumber.format(d) }
        var scripts: [String] = []
        for c in cases {
            var fields = ["\"name\": \(q(c.name))", "\"file\": \(q(c.file))"]
            switch c.outcome {
            case .conforms(let frames): fields += ["\"status\": \"conforms\"", "\"frames\": \(frames)"]
            case .departs(let comparison, let frames):
                let first = comparison.first!
                fields += ["\"status\": \"departs\"", "\"frames\": \(frames)", "\"field\": \(q(first.field))"]
                fields.append("\"frame\": " + (first.frame.map(String.init) ?? "null"))
                fields += ["\"reference\": \(q("\(first.expected)"))", "\"model\": \(q("\(first.actual)"))"]
                if case .number(let e) = first.expected, case .number(let a) = first.actual {
                    fields.append("\"difference\": \(n(a - e))")
                }
                fields.append("\"message\": \(q(first.description))")
            case .modelFailed(let m): fields += ["\"status\": \"fails\"", "\"message\": \(q(m))"]
            case .refused(let m): fields += ["\"status\": \"refused\"", "\"message\": \(q(m))"]
            }
            scripts.append("    {" + fields.joined(separator: ", ") + "}")
        }
        let rows = fieldRows.map { r in
            var fields = ["\"field\": \(q(r.field))", "\"scripts\": \(r.scripts)"]
            fields.append("\"earliestFrame\": " + (r.earliestFrame.map(String.init) ?? "null"))
            fields.append("\"earliestScript\": \(q(r.earliestScript))")
            fields.append("\"largestDifference\": " + (r.largest.map(n) ?? "null"))
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        return "{\n  \"model\": \(q(model)),\n  \"scripts\": \(counted.count),\n  \"conform\": \(conforming),\n"
            + "  \"depart\": \(departures),\n  \"refused\": \(cases.count - counted.count),\n"
            + "  \"firstDepartingFields\": [\n\(rows.joined(separator: ",\n"))\n  ],\n"
            + "  \"cases\": [\n\(scripts.joined(separator: ",\n"))\n  ]\n}\n"
    }
}
