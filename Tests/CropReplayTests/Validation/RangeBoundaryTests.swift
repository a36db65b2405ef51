import CropGeometry
import CropJSON
import CropScenario
import Foundation
import TestSupport
import XCTest

/// Every range of docs/scenarios.md ("Ranges and limits") holds exactly: a value at a closed
/// end is accepted, the next number past it refused at its place; at an open end the end is
/// refused and the next number inside accepted. The editor's keys are taken from their
/// declaration, so a key added there is tested here.
final class RangeBoundaryTests: XCTestCase {
    /// A number's place and range in a scenario: `text(value)` is a scenario holding the value there.
    struct Probe {
        var place: String
        var range: ValueRange
        var text: (String) -> String
        /// A whole-number key (its values step by 1).
        var integer = false
        /// The first value inside an open lower end, where the next number is refused by another
        /// rule at the same place (a viewport side must make whole pixels).
        var insideLow: Double? = nil
    }

    /// The error at `probe.place` for `value` written as JSON, or nil when that place is fine
    /// (another rule may still refuse the scenario elsewhere, as a margin of 1e6 leaves no frame).
    func problem(_ probe: Probe, _ value: Double) -> String? {
        let number = probe.integer ? String(Int(value)) : JSONNumber.format(value)
        do {
            _ = try scenario(probe.text(number))
            return nil
        } catch {
            guard let error = error as? ScenarioError else { return "\(error)" }
            return error.place == probe.place ? error.message : nil
        }
    }

    func check(_ probe: Probe, file: StaticString = #filePath, line: UInt = #line) {
        let r = probe.range
        let step = { (d: Double, up: Bool) in probe.integer ? d + (up ? 1 : -1) : (up ? d.nextUp : d.nextDown) }
        let lowInside = r.lowerOpen ? (probe.insideLow ?? step(r.lower, true)) : r.lower
        let lowOutside = r.lowerOpen ? r.lower : step(r.lower, false)
        let highInside = r.upperOpen ? step(r.upper, false) : r.upper
        let highOutside = r.upperOpen ? r.upper : step(r.upper, true)
        for inside in [lowInside, highInside] {
            XCTAssertNil(problem(probe, inside), "\(probe.place) = \(inside) is in range", file: file, line: line)
        }
        for outside in [lowOutside, highOutside] {
            let message = problem(probe, outside)
            XCTAssertNotNil(message, "\(probe.place) = \(outside) is refused there", file: file, line: line)
            let expected = probe.integer ? "an integer \(r.text)" : r.text
            XCTAssertTrue(
                message?.contains(expected) ?? false, "\(message ?? "nil") names \(expected)", file: file, line: line)
        }
    }

    /// `{"editor": {"section": {"key": <value>}}}` (or a value of the editor itself).
    static func editorText(_ path: [String], extra: String = "") -> (String) -> String {
        { value in
            var node = value
            for key in path.reversed() { node = "{\"\(key)\": \(node)}" }
            return "{\"editor\": \(node)\(extra)}"
        }
    }

    /// A probe per number of every declared editor key (both numbers of a pair).
    func editorProbes() -> [Probe] {
        var probes: [Probe] = []
        func add(_ shape: KeyShape, _ path: [String], wrap: @escaping (String) -> String = { $0 }) {
            let place = "editor." + path.joined(separator: ".")
            let text = Self.editorText(path)
            switch shape {
            case .number(let range, _):
                let whole = path.first == "viewport"
                probes.append(Probe(place: place, range: range, text: { text(wrap($0)) }, insideLow: whole ? 1 : nil))
            case .integer(let range):
                let r = ValueRange(Double(range.lowerBound), Double(range.upperBound))
                probes.append(Probe(place: place, range: r, text: { text(wrap($0)) }, integer: true))
            case .pair(let range, _), .list(let range, _, _):
                probes.append(Probe(place: place + "[0]", range: range, text: { text(wrap("[\($0), 1]")) }))
                probes.append(Probe(place: place + "[1]", range: range, text: { text(wrap("[1, \($0)]")) }))
            case .nullable(let inner): add(inner, path, wrap: wrap)
            case .bool, .choice, .color, .point, .custom: break
            }
        }
        for entry in EditorKeys.entries {
            if let value = entry.value { add(value.shape, [entry.name]) }
            for key in entry.keys { add(key.shape, [entry.name, key.name]) }
        }
        return probes
    }

    func testEveryDeclaredEditorNumberHoldsAtItsEnds() {
        let probes = editorProbes()
        XCTAssertGreaterThanOrEqual(probes.count, 25)
        for probe in probes { check(probe) }
    }

    /// The keys of their own shape: the zoom minimum, the test card, face boxes, frame aspects
    /// and both animations' parameters.
    func testTheEditorsOwnShapesHoldAtTheirEnds() {
        let e = Self.editorText
        var probes = [
            Probe(place: "editor.zoom.min", range: .scales, text: e(["zoom", "min"], "")),
            Probe(
                place: "editor.image.testcard[0]", range: ValueRange(2, 16384),
                text: { e(["image", "testcard"], "")("[\($0), 2]") }, integer: true),
            Probe(place: "editor.faces[0][1]", range: .points, text: { e(["faces"], "")("[[0, \($0), 1, 1]]") }),
            Probe(place: "editor.faces[0][3]", range: .lengths, text: { e(["faces"], "")("[[0, 0, 1, \($0)]]") }),
            Probe(
                place: "editor.frame.aspect[1]", range: .positive, text: { e(["frame", "aspect"], "")("[1, \($0)]") }),
        ]
        for section in ["policy", "refit"] {
            let place = "editor.\(section).animation."
            let animation = { (curve: String, key: String) in
                { (v: String) in e([section, "animation"], "")("{\"curve\": \"\(curve)\", \"\(key)\": \(v)}") }
            }
            probes += [
                Probe(place: place + "duration", range: .seconds, text: animation("easeOut", "duration")),
                Probe(place: place + "response", range: .seconds, text: animation("spring", "response")),
                Probe(place: place + "dampingRatio", range: .positive, text: animation("spring", "dampingRatio")),
            ]
        }
        for probe in probes { check(probe) }
    }

    /// Every step's numbers, the start state's and fps.
    func testEveryStepStartAndScenarioNumberHoldsAtItsEnds() {
        let rotating = "\"editor\": {\"rotation\": {\"gesture\": true, \"limit\": null}}, "
        let resizable = "\"editor\": {\"frame\": {\"resizable\": true}}, "
        func step(_ step: String, _ place: String, _ range: ValueRange, editor: String = "", integer: Bool = false)
            -> Probe
        {
            Probe(
                place: "script[0]." + place, range: range,
                text: { "{\(editor)\"script\": [\(step.replacingOccurrences(of: "V", with: $0))]}" }, integer: integer,
                insideLow: place.hasPrefix("resize") ? 1 : nil)
        }
        func start(_ key: String, _ value: String, _ range: ValueRange, integer: Bool = false) -> Probe {
            Probe(
                place: "start." + key, range: range,
                text: {
                    "{\"editor\": {\"frame\": {\"resizable\": true}, \"rotation\": {\"limit\": null}}, \"start\":"
                        + " {\"\(key.prefix { $0 != "[" })\": \(value.replacingOccurrences(of: "V", with: $0))}}"
                }, integer: integer)
        }
        let probes = [
            step(#"{"pan": {"by": [V, 0]}}"#, "pan.by[0]", .points),
            step(#"{"pan": {"by": [0, V]}}"#, "pan.by[1]", .points),
            step(#"{"pan": {"by": [0, 0], "duration": V}}"#, "pan.duration", .seconds),
            step(#"{"pan": {"by": [0, 0], "hold": V}}"#, "pan.hold", .seconds),
            step(#"{"pan": {"by": [0, 0], "velocity": [V, 0]}}"#, "pan.velocity[0]", .points),
            step(#"{"pan": {"by": [0, 0], "from": [0, V]}}"#, "pan.from[1]", .points),
            step(#"{"pinch": {"scale": V}}"#, "pinch.scale", .scales),
            step(#"{"pinch": {"scale": 2, "at": [V, 0]}}"#, "pinch.at[0]", .points),
            step(#"{"pinch": {"scale": 2, "duration": V}}"#, "pinch.duration", .seconds),
            step(#"{"pinch": {"scale": 2, "hold": V}}"#, "pinch.hold", .seconds),
            step(#"{"rotation": {"by": V}}"#, "rotation.by", .points, editor: rotating),
            step(#"{"rotation": {"by": 1, "at": [0, V]}}"#, "rotation.at[1]", .points, editor: rotating),
            step(#"{"rotation": {"by": 1, "duration": V}}"#, "rotation.duration", .seconds, editor: rotating),
            step(#"{"rotation": {"by": 1, "hold": V}}"#, "rotation.hold", .seconds, editor: rotating),
            step(#"{"straighten": {"to": V}}"#, "straighten.to", .points),
            step(#"{"straighten": {"to": 1, "duration": V}}"#, "straighten.duration", .seconds),
            step(#"{"together": [{"pan": {"by": [V, 0]}}]}"#, "together[0].pan.by[0]", .points),
            step(#"{"touches": [[], [[0, 0], [V, 1]]]}"#, "touches[1][1][0]", .points),
            step(
                #"{"events": [{"frame": V, "gesture": "pan", "phase": "began"}]}"#, "events[0].frame",
                ValueRange(1, 100_000), integer: true),
            step(
                #"{"events": [{"frame": 1, "gesture": "pan", "phase": "began", "translation": [V, 0]}]}"#,
                "events[0].translation[0]", .points),
            step(
                #"{"events": [{"frame": 1, "gesture": "pinch", "phase": "began", "scale": V}]}"#, "events[0].scale",
                .scales),
            step(
                #"{"events": [{"frame": 1, "gesture": "pan", "phase": "began", "location": [0, V]}]}"#,
                "events[0].location[1]", .points),
            step(
                #"{"events": [{"frame": 1, "gesture": "pan", "phase": "ended", "velocity": [V, 0]}]}"#,
                "events[0].velocity[0]", .points),
            step(
                #"{"events": [{"frame": 1, "gesture": "rotation", "phase": "began", "rotation": V}]}"#,
                "events[0].rotation", .points, editor: rotating),
            step(#"{"wait": V}"#, "wait", .seconds),
            step(#"{"resize": [V, 300]}"#, "resize[0]", .viewportSide),
            step(#"{"resize": [300, V]}"#, "resize[1]", .viewportSide),
            step(#"{"aspect": [V, 1]}"#, "aspect[0]", .positive, editor: resizable),
            step(#"{"doubleTap": [0, V]}"#, "doubleTap[1]", .points),
            start("turns", "V", ValueRange(0, 3), integer: true),
            start("box[0]", "[V, 1]", .positive),
            start("angle", "V", .points),
            start("zoom", "V", .scales),
            start("at[1]", "[0, V]", .points),
            Probe(place: "fps", range: ValueRange(1, 240), text: { "{\"fps\": \($0)}" }, integer: true),
        ]
        for probe in probes { check(probe) }
    }

    /// The ranges are the contract's numbers, and each key has the range of its kind.
    func testTheRangesAreTheContractsNumbers() {
        XCTAssertEqual(ValueRange.points, ValueRange(-1e6, 1e6))
        XCTAssertEqual(ValueRange.lengths, ValueRange(0, 1e6))
        XCTAssertEqual(ValueRange.positive, ValueRange(0, 1e6, lowerOpen: true))
        XCTAssertEqual(ValueRange.scales, ValueRange(0.001, 1000))
        XCTAssertEqual(ValueRange.seconds, ValueRange(0, 10_000))
        XCTAssertEqual(ValueRange.momentum, ValueRange(0, 1, lowerOpen: true, upperOpen: true))
        XCTAssertEqual(ValueRange.unit, ValueRange(0, 1))
        XCTAssertEqual(ValueRange.viewportSide, ValueRange(0, 8192, lowerOpen: true))
        var declared: [String: String] = [:]
        for probe in editorProbes() { declared[probe.place] = probe.range.text }
        let expected: [String: ValueRange] = [
            "editor.viewport.width": .viewportSide, "editor.frame.size[0]": .positive, "editor.frame.margin": .lengths,
            "editor.frame.cornerRadius": .lengths, "editor.frame.minSize[1]": .positive,
            "editor.frame.handleSize": .lengths, "editor.mask.opacity": .unit, "editor.mask.fade": .seconds,
            "editor.border.width": .lengths, "editor.border.dash[0]": .lengths, "editor.grid.width": .lengths,
            "editor.zoom.max": .scales, "editor.policy.momentum": .momentum, "editor.policy.rubberBand": .positive,
            "editor.rotation.limit": .lengths, "editor.refit.delay": .seconds, "editor.doubleTap.factor": .scales,
        ]
        for (place, range) in expected { XCTAssertEqual(declared[place], range.text, place) }
    }

    /// The values the issue found misjudged, from Swift and from JSON alike.
    func testTheValuesTheIssueFoundMisjudged() throws {
        func valid(_ configure: (inout EditorConfig) -> Void) -> Bool {
            let s = Scenario(name: "v", editor: editor(configure), script: [])
            let fromSwift = (try? s.validated()) != nil
            let fromJSON = (try? scenario(ScenarioEncoder.scenario(s).serialized())) != nil
            XCTAssertEqual(fromSwift, fromJSON, "Swift and JSON agree")
            return fromSwift
        }
        XCTAssertFalse(valid { $0.doubleTap.factor = 0.0005 })
        XCTAssertTrue(valid { $0.policy.animation = .easeInOut(duration: 12) })
        XCTAssertTrue(valid { $0.border?.width = 1500 })
        XCTAssertTrue(valid { $0.grid = GridSpec(width: 1500) })
        XCTAssertTrue(valid { $0.policy.animation = .spring(response: 150, dampingRatio: 1) })
        XCTAssertTrue(valid { $0.policy.animation = .spring(response: 0, dampingRatio: 1) })
        XCTAssertTrue(valid { $0.policy.rubberBand = 1e6 })
        XCTAssertTrue(valid { $0.policy.animation = .spring(response: 0.35, dampingRatio: 1e6) })
        // A response of 0 arrives on the first advance; 1e6 bands and damps without overflow.
        let s = try Scenario(
            name: "edges",
            editor: editor {
                $0.policy.kind = .rubberBand
                $0.policy.rubberBand = 1e6
                $0.policy.animation = .spring(response: 0, dampingRatio: 1e6)
            },
            script: [.pan(PanStep(by: Point(0, 300), duration: 0.2)), .untilSettled]
        ).validated()
        let trace = try replay(s)
        XCTAssertTrue(trace.frames.last?.valid ?? false)
        XCTAssertTrue(trace.frames.allSatisfy { $0.zoom.isFinite && $0.shown.cx.isFinite && $0.shown.cy.isFinite })
    }
}
