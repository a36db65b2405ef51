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

    /// Probes of a declared shape at `place`: `text(value)` is a scenario with the value there
    /// (both numbers of a pair or a point).
    static func probes(
        _ shape: KeyShape, at place: String, insideLow: Double? = nil, _ text: @escaping (String) -> String
    ) -> [Probe] {
        switch shape {
        case .number(let range, _):
            return [Probe(place: place, range: range, text: text, insideLow: insideLow)]
        case .integer(let range):
            let r = ValueRange(Double(range.lowerBound), Double(range.upperBound))
            return [Probe(place: place, range: r, text: text, integer: true)]
        case .pair(let range, _), .list(let range, _, _):
            return [
                Probe(place: place + "[0]", range: range, text: { text("[\($0), 1]") }),
                Probe(place: place + "[1]", range: range, text: { text("[1, \($0)]") }),
            ]
        case .point: return probes(.pair(.points, what: ("", "")), at: place, text)
        case .nullable(let inner): return probes(inner, at: place, insideLow: insideLow, text)
        case .bool, .choice, .color, .animation, .custom: return []
        }
    }

    /// A probe per number of every declared editor key (both numbers of a pair).
    func editorProbes() -> [Probe] {
        var probes: [Probe] = []
        func add(_ shape: KeyShape, _ path: [String]) {
            let whole = path.first == "viewport"
            probes += Self.probes(
                shape, at: "editor." + path.joined(separator: "."), insideLow: whole ? 1 : nil, Self.editorText(path))
        }
        for entry in EditorKeys.entries {
            if let value = entry.value { add(value.shape, [entry.name]) }
            for key in entry.keys { add(key.shape, [entry.name, key.name]) }
        }
        return probes
    }

    /// A value inside a declared shape, for the required keys around a probed one.
    static func inside(_ shape: KeyShape) -> String {
        switch shape {
        case .integer(let range): return String(range.lowerBound)
        case .choice(let values, _): return "\"\(values[0])\""
        case .point, .pair: return "[1, 1]"
        case .custom: return "\"a\""
        default: return "1"
        }
    }

    /// `{"k": V, "required": ...}` of declared keys, V at `key`.
    static func object(_ keys: [KeyInfo], _ key: String, _ value: String) -> String {
        let members = keys.filter { $0.required && $0.name != key }.map { "\"\($0.name)\": \(inside($0.shape))" }
        return "{" + (members + ["\"\(key)\": \(value)"]).joined(separator: ", ") + "}"
    }

    /// A probe per number of every declared step key (a step's value, an object step's keys,
    /// a raw event's keys) and start key, on an editor where every step and start key applies.
    func stepAndStartProbes() -> [Probe] {
        let editor = #""editor": {"frame": {"resizable": true}, "rotation": {"gesture": true, "limit": null}}"#
        var probes: [Probe] = []
        for entry in StepKeys.entries {
            let script = { (step: String) in "{\(editor), \"script\": [{\"\(entry.name)\": \(step)}]}" }
            let place = "script[0].\(entry.name)"
            if let value = entry.value {
                probes += Self.probes(value.shape, at: place, insideLow: entry.name == "resize" ? 1 : nil, script)
            }
            for key in entry.keys {
                let wrap = { (v: String) in
                    let object = Self.object(entry.keys, key.name, v)
                    return script(entry.value == nil ? object : "[\(object)]")
                }
                probes += Self.probes(key.shape, at: place + (entry.value == nil ? "." : "[0].") + key.name, wrap)
            }
        }
        for key in StartKeys.infos {
            probes += Self.probes(key.shape, at: "start." + key.name) { v in
                "{\(editor), \"start\": \(Self.object(StartKeys.infos, key.name, v))}"
            }
        }
        return probes
    }

    /// A step key or start key added to its declaration is tested here.
    func testEveryDeclaredStepAndStartNumberHoldsAtItsEnds() {
        let probes = stepAndStartProbes()
        XCTAssertGreaterThanOrEqual(probes.count, 36)
        for probe in probes { check(probe) }
        let places = Set(probes.map(\.place))
        for place in ["script[0].pan.from[1]", "script[0].events[0].frame", "script[0].wait", "start.zoom"] {
            XCTAssertTrue(places.contains(place), place)
        }
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

    /// The steps of their own shape (a step inside `together`, raw fingers, an aspect) and fps;
    /// the declared step and start keys are probed from their declaration above.
    func testTheStepsOwnShapesAndFpsHoldAtTheirEnds() {
        let resizable = "\"editor\": {\"frame\": {\"resizable\": true}}, "
        func step(_ step: String, _ place: String, _ range: ValueRange, editor: String = "") -> Probe {
            Probe(
                place: "script[0]." + place, range: range,
                text: { "{\(editor)\"script\": [\(step.replacingOccurrences(of: "V", with: $0))]}" })
        }
        let probes = [
            step(#"{"together": [{"pan": {"by": [V, 0]}}]}"#, "together[0].pan.by[0]", .points),
            step(#"{"touches": [[], [[0, 0], [V, 1]]]}"#, "touches[1][1][0]", .points),
            step(#"{"aspect": [V, 1]}"#, "aspect[0]", .positive, editor: resizable),
            step(#"{"aspect": [1, V]}"#, "aspect[1]", .positive, editor: resizable),
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
