import CropEngine
import CropGeometry
import CropGoldens
import CropPipeline
import Foundation
import TestSupport
import XCTest

/// The trace's frame fields are declared once (`TraceField.all`): the writer, the reader, the
/// golden comparison and docs/outputs.md's table follow the declaration.
final class TraceFieldTests: XCTestCase {
    /// A replay whose second frame holds a value of every kind that no default would give:
    /// fractions, negatives, a turned and mirrored image, a moved box, several events.
    func richTrace() throws -> Trace {
        let json = """
            {"editor": {"viewport": {"width": 120, "height": 160}, "image": {"testcard": [240, 320]}},
             "script": [{"pan": {"by": [20, 5], "duration": 0.05}}]}
            """
        var trace = try LoadedScenario.load(text: json, file: "rich.json", name: "rich").replay()
        XCTAssertGreaterThan(trace.frames.count, 2)
        var f = trace.frames[1]
        f.time = 0.1
        f.pan = .began
        f.pinch = .changed
        f.rotation = .cancelled
        f.zoom = 1.5
        f.shown = ViewState(scale: 0.5, cx: 60, cy: 80, angle: -12.5)
        f.imageRect = Rect(x: -10.5, y: 20.5, width: 130.5, height: 170.5)
        f.orientation = ImageOrientation(turns: 3, mirrored: true)
        f.box = Rect(x: 10.5, y: 30.5, width: 90.5, height: 60.5)
        f.valid = false
        f.mask = 0.5
        f.animating = true
        f.events = [TraceEvent(gesture: .pan, phase: .began), TraceEvent(gesture: .pinch, phase: .changed), .doubleTap]
        trace.frames[1] = f
        return trace
    }

    func testEveryFieldRoundTripsThroughTheFile() throws {
        let trace = try richTrace()
        let text = TraceCodec.encode(trace)
        let decoded = try TraceCodec.decode(Array(text.utf8), file: "trace.json")
        XCTAssertEqual(decoded, TraceFile(trace))
        // Every declared field is written, in the declared order, with the frame's value.
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("\"frame\": 1,") })
        XCTAssertEqual(
            String(line),
            "    {\"frame\": 1, \"t\": 0.1, \"pan\": \"began\", \"pinch\": \"changed\", \"rotation\": \"cancelled\","
                + " \"zoom\": 1.5, \"k\": 0.5, \"imageRect\": [-10.5, 20.5, 130.5, 170.5], \"angle\": -12.5,"
                + " \"turns\": 3, \"mirrored\": true, \"box\": [10.5, 30.5, 90.5, 60.5], \"valid\": false,"
                + " \"mask\": 0.5, \"animating\": true, \"events\": [\"pan.began\", \"pinch.changed\", \"tap.double\"]},"
        )
        let names = TraceField.all.map(\.name)
        let written = line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        XCTAssertEqual(written.filter { names.contains($0) }, names)
        // Every kind is among the declared fields (so the round trip above covers each).
        var kinds = Set<String>()
        for field in TraceField.all {
            switch field.kind {
            case .integer: kinds.insert("integer")
            case .number: kinds.insert("number")
            case .phase: kinds.insert("phase")
            case .flag: kinds.insert("flag")
            case .rect: kinds.insert("rect")
            case .events: kinds.insert("events")
            }
        }
        XCTAssertEqual(kinds, ["integer", "number", "phase", "flag", "rect", "events"])
    }

    /// A file written before the optional fields existed decodes with them absent; a missing
    /// required field is named with its frame's path.
    func testOptionalFieldsMayBeAbsentAndRequiredOnesMayNot() throws {
        let trace = try richTrace()
        var text = TraceCodec.encode(trace)
        for field in TraceField.all where field.optional {
            let pattern = "\"\(field.name)\": ([^\\[\\],]+|\\[[^\\]]*\\]), "
            text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        let old = try TraceCodec.decode(Array(text.utf8), file: "old.json")
        for field in TraceField.all {
            let names = old.frames[1].fields.map(\.name)
            XCTAssertEqual(names.contains(field.name), field.optional || field.width == 1, field.name)
            if field.optional { XCTAssertEqual(old.frames[1].fields.first { $0.name == field.name }?.value, .absent) }
        }
        let missing = text.replacingOccurrences(of: "\"mask\": 0.5, ", with: "")
        XCTAssertThrowsError(try TraceCodec.decode(Array(missing.utf8), file: "old.json")) { error in
            XCTAssertEqual("\(error)", "old.json: frames[1]: expected \"mask\"")
        }
    }

    /// Keys in another order read the same; a value of the wrong kind is named with its path.
    func testTheReaderTakesAnyKeyOrderAndNamesBadValues() throws {
        let text = TraceCodec.encode(try richTrace())
        let decoded = try TraceCodec.decode(Array(text.utf8), file: "trace.json")
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("\"frame\": 1,") })
        let events = ", \"events\": [\"pan.began\", \"pinch.changed\", \"tap.double\"]}"
        XCTAssertTrue(line.hasSuffix(events + ","))
        let reordered =
            "    {\"events\": [\"pan.began\", \"pinch.changed\", \"tap.double\"], "
            + line.dropFirst(5).dropLast(events.count + 1) + "},"
        let moved = text.replacingOccurrences(of: line, with: reordered)
        XCTAssertNotEqual(moved, text)
        XCTAssertEqual(try TraceCodec.decode(Array(moved.utf8), file: "trace.json"), decoded)
        for (from, to, message) in [
            ("\"zoom\": 1.5", "\"zoomm\": 1.5", "frames[1].zoomm: unknown key \"zoomm\" (did you mean \"zoom\"?)"),
            ("\"zoom\": 1.5", "\"zoom\": \"1.5\"", "frames[1].zoom: expected a number, got a string"),
            ("\"turns\": 3", "\"turns\": 4", "frames[1].turns: expected an integer from 0 to 3, got 4"),
            ("\"frame\": 1,", "\"frame\": 1.5,", "frames[1].frame: expected an integer from 0 to 2147483647, got 1.5"),
            ("\"pan\": \"began\"", "\"pan\": 1", "frames[1].pan: expected a string, got a number"),
            ("\"valid\": false", "\"valid\": 0", "frames[1].valid: expected true or false, got a number"),
            (
                "[-10.5, 20.5, 130.5, 170.5]", "[-10.5, 20.5, 130.5]",
                "frames[1].imageRect: expected [x, y, w, h], got 3 items"
            ),
            (
                "[-10.5, 20.5, 130.5, 170.5]", "[-10.5, 20.5, 130.5, true]",
                "frames[1].imageRect[3]: expected a number, got a boolean"
            ),
            (
                "[\"pan.began\", \"pinch.changed\"", "[\"pan.began\", 2",
                "frames[1].events[1]: expected a string, got a number"
            ),
        ] {
            let bad = text.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(bad, text, from)
            XCTAssertThrowsError(try TraceCodec.decode(Array(bad.utf8), file: "trace.json"), to) { error in
                XCTAssertTrue("\(error)".hasPrefix("trace.json: "), "\(error)")
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }

    /// Each declared value, changed alone in a decoded trace, is the first difference, named
    /// with the declared unit: `frame 1: imageRect.x -10.5 -> -8.0 (+2.5 pt); pan began at frame 1`.
    func testTheComparisonNamesEachFieldWithItsUnit() throws {
        let expected = try TraceCodec.decode(Array(TraceCodec.encode(try richTrace()).utf8), file: "trace.json")
        var checked: [String] = []
        for field in TraceField.all {
            for name in field.valueNames {
                let index = try XCTUnwrap(TraceField.value(named: name)?.index, name)
                var actual = expected
                let before = expected.frames[1].values[index]
                let after: TraceFile.Frame.Value
                switch before {
                case .number(let d): after = .number(d + 2.5)
                case .text: after = .text("failed")
                case .flag(let b): after = .flag(!b)
                case .list(let items): after = .list(items + ["rotation.changed"])
                case .absent: after = .number(0)
                }
                actual.frames[1].values[index] = after
                let first = try XCTUnwrap(TraceDiff.compare(expected: expected, actual: actual).first, name)
                let change: String
                if case .number(let d) = before {
                    let unit = field.unit.map { " " + $0 } ?? ""
                    change =
                        "\(String(format: "%.1f", d)) -> \(String(format: "%.1f", d + 2.5)) (+2.5\(unit))"
                } else {
                    change = "\(before) -> \(after)"
                }
                XCTAssertEqual(first.description, "frame 1: \(name) \(change); pan began at frame 1")
                checked.append(name)
            }
        }
        XCTAssertEqual(checked.count, TraceField.valueCount)
        // The units the messages have always had.
        XCTAssertEqual(TraceField.imageRect.unit, "pt")
        XCTAssertEqual(TraceField.box.unit, "pt")
        XCTAssertEqual(TraceField.angle.unit, "deg")
        XCTAssertNil(TraceField.zoom.unit)
        // Numbers within 1e-6 are equal; phases, flags and lists compare exactly.
        let zoom = try XCTUnwrap(TraceField.value(named: "zoom")?.index)
        var close = expected
        close.frames[1].values[zoom] = .number(1.5 + 1e-7)
        XCTAssertNil(TraceDiff.compare(expected: expected, actual: close).first)
        close.frames[1].values[0] = .number(1 + 1e-7)
        XCTAssertEqual(TraceDiff.compare(expected: expected, actual: close).first?.field, "frame", "integers: exactly")
    }

    /// An optional field absent from the golden: the difference names the field, whatever its width.
    func testAFieldMissingFromTheGoldenIsNamed() throws {
        let actual = TraceFile(try richTrace())
        for (field, name) in [(TraceField.box, "box"), (TraceField.angle, "angle")] {
            var old = actual
            let offset = try XCTUnwrap(TraceField.value(named: field.valueNames[0])?.index)
            for i in 0..<field.width { old.frames[0].values[offset + i] = .absent }
            let first = try XCTUnwrap(TraceDiff.compare(expected: old, actual: actual).first)
            XCTAssertEqual(first.field, name)
            XCTAssertEqual(first.expected, .absent)
            XCTAssertEqual(first.actual, actual.frames[0].values[offset])
            // The other way round: the golden has it, the replay does not.
            let reverse = try XCTUnwrap(TraceDiff.compare(expected: actual, actual: old).first)
            XCTAssertEqual(reverse.field, field.valueNames[0])
            XCTAssertEqual(reverse.actual, .absent)
        }
    }

    /// docs/outputs.md's table of trace fields is the declaration's. After changing a field:
    /// `CROPREPLAY_RECORD_DOCS=1 swift test --filter TraceFieldTests` rewrites the table.
    func testTheDocsTableIsTheDeclaration() throws {
        let path = packageRoot + "/docs/outputs.md"
        let docs = try String(contentsOfFile: path, encoding: .utf8)
        let start = try XCTUnwrap(docs.range(of: "| field | meaning |\n"), "docs/outputs.md has no trace table")
        let end = docs.range(of: "\n\n", range: start.lowerBound..<docs.endIndex)?.lowerBound ?? docs.endIndex
        let committed = String(docs[start.lowerBound..<end]) + "\n"
        if ProcessInfo.processInfo.environment["CROPREPLAY_RECORD_DOCS"] == "1" {
            var updated = docs
            updated.replaceSubrange(start.lowerBound..<end, with: TraceKeys.table.dropLast())
            try updated.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(
            committed, TraceKeys.table,
            "docs/outputs.md's trace table differs from TraceField.all; after an intended change:"
                + " CROPREPLAY_RECORD_DOCS=1 swift test --filter TraceFieldTests")
        for field in TraceField.all { XCTAssertTrue(committed.contains("`\(field.name)`"), field.name) }
    }
}
