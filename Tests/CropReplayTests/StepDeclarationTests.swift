import CropGeometry
import CropJSON
import CropScenario
import Foundation
import TestSupport
import Testing

/// The steps and the start state are declared once (`StepKeys`, `StartKeys`): the decoder,
/// the encoder's canonical form (and so the scenario hash), the validator and the JSON Schema
/// all go through the declaration (docs/scenarios.md, "The script" and "start").
@Suite struct StepDeclarationTests {
    /// An editor on which every step applies (a rotation step needs the gesture, an aspect
    /// step a resizable box).
    static let editor = #"{"frame": {"resizable": true}, "rotation": {"gesture": true}}"#

    /// Each kind of step: the smallest value, then every key given where it has keys.
    static let samples: [String: [String]] = [
        "pan": [
            #"{"by": [10, -20]}"#,
            #"{"by": [10, -20], "duration": 0.3, "easing": "easeOut", "hold": 0.1, "velocity": [5, 6], "from": [9, 8]}"#,
        ],
        "pinch": [
            #"{"scale": 2}"#, #"{"scale": 2, "at": [100, 200], "duration": 0.3, "easing": "easeInOut", "hold": 0.2}"#,
        ],
        "together": [#"[{"pan": {"by": [1, 2]}}, {"pinch": {"scale": 1.5, "at": [3, 4]}}]"#],
        "touches": ["[[], [[1, 2]], [[1.5, 2], [3, -4]]]"],
        "events": [
            #"[{"frame": 1, "gesture": "pan", "phase": "began"}]"#,
            #"[{"frame": 2, "gesture": "pan", "phase": "changed", "translation": [1, 2], "scale": 1.5,"#
                + #" "location": [3, 4], "velocity": [5, 6]}]"#,
        ],
        "wait": ["0.5"],
        "until": [#""settled""#],
        "snapshot": [#""s""#],
        "restore": ["true"],
        "resize": ["[300, 600]"],
        "rotate": [#""landscape""#],
        "save": [#"{"name": "c"}"#, #"{"name": "c", "alpha": "circle", "thenLoad": true}"#],
        "rotation": [#"{"by": 30}"#, #"{"by": 30, "at": [5, 6], "duration": 0.2, "easing": "easeOut", "hold": 0.1}"#],
        "straighten": [#"{"to": -5}"#, #"{"to": -5, "duration": 0.2, "easing": "easeInOut"}"#],
        "quarterTurn": [#""counterclockwise""#],
        "flip": [#""vertical""#],
        "aspect": ["[4, 3]", #""original""#, #""free""#],
        "doubleTap": ["[100, 200]"],
    ]

    static func text(_ name: String, _ value: String) -> String {
        "{\"editor\": \(editor), \"script\": [{\"\(name)\": \(value)}]}"
    }

    /// The value the encoder writes for the only step of `s`.
    static func encodedValue(_ s: Scenario) -> JSONNode? {
        guard case .array(let steps)? = ScenarioEncoder.scenario(s)["script"]?.value,
            case .object(let members)? = steps.first?.value
        else { return nil }
        return members.first?.node
    }

    static func keys(_ node: JSONNode?) -> [String] {
        guard case .object(let members)? = node?.value else { return [] }
        return members.map(\.key)
    }

    /// Each kind of step reads, writes and reads back to the same step through its declaration;
    /// the encoder writes an object step's keys in declaration order, every key with a default
    /// filled in, and the step's kind finds its own declaration.
    @Test(arguments: StepKeys.names) func eachStepRoundTripsThroughItsDeclaration(_ name: String) throws {
        let samples = try #require(Self.samples[name], "a sample of the step \(name)")
        let entry = try #require(StepKeys.entry(name))
        for value in samples {
            let first = try scenario(Self.text(name, value))
            let kind = try #require(first.script.first?.kind)
            #expect(StepKeys.entry(for: kind)?.name == name)
            let written = ScenarioEncoder.scenario(first)
            let again = try scenario(written.serialized())
            #expect(again.script == first.script, "\(name): \(value)")
            #expect(ScenarioEncoder.scenario(again).canonicalText == written.canonicalText)
            #expect(again.sourceHash == first.sourceHash)
            guard entry.value == nil else { continue }
            // An object step: the declared keys, in order; those with a default always.
            let keys = Self.keys(Self.encodedValue(first))
            let declared = entry.keys.map(\.name)
            #expect(keys == declared.filter(keys.contains), "\(name): declaration order")
            for key in entry.keys where key.required || key.defaultValue != nil {
                #expect(keys.contains(key.name), "\(name).\(key.name) is written")
            }
        }
        // The fullest sample of an object step gives and writes every declared key.
        if entry.value == nil, let full = samples.last {
            #expect(Self.keys(Self.encodedValue(try scenario(Self.text(name, full)))) == entry.keys.map(\.name))
        }
    }

    /// An object step accepts exactly its declared keys and refuses it without a required one.
    @Test(arguments: StepKeys.entries.filter { $0.value == nil }.map(\.name))
    func anObjectStepTakesItsDeclaredKeys(_ name: String) throws {
        let entry = try #require(StepKeys.entry(name))
        let minimal = try #require(Self.samples[name]?.first)
        let unknown = minimal.dropLast() + ", \"bogus\": 1}"
        #expect(
            Self.error(Self.text(name, String(unknown)))
                == "test.json: script[0].\(name).bogus: unknown key \"bogus\"; expected one of:"
                + " \(entry.keys.map(\.name).joined(separator: ", "))")
        for key in entry.keys where key.required {
            #expect(
                Self.error(Self.text(name, "{}"))?.hasPrefix("test.json: script[0].\(name): expected \"\(key.name)\":")
                    == true)
        }
    }

    static func error(_ json: String) -> String? {
        do {
            _ = try scenario(json)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Raw events' `rotation` is read, checked and written: two scenarios that differ only in a
    /// twist's angle have different canonical texts, so `check` names the change.
    @Test func aRawEventsRotationIsReadAndWritten() throws {
        let event = #"[{"frame": 1, "gesture": "rotation", "phase": "began", "rotation": %@}]"#
        let rotating = try scenario(Self.text("events", String(format: event, "12.5")))
        guard case .events(let events)? = rotating.script.first?.kind else {
            Issue.record("an events step")
            return
        }
        #expect(events.first?.rotation == 12.5)
        #expect(
            Self.keys(
                Self.encodedValue(rotating).flatMap { node -> JSONNode? in
                    guard case .array(let items) = node.value else { return nil }
                    return items.first
                }
            ).contains("rotation"))
        let other = try scenario(Self.text("events", String(format: event, "13")))
        #expect(other.sourceHash != rotating.sourceHash)
        #expect(
            Self.error(Self.text("events", #"[{"frame": 1, "gesture": "pan", "phase": "began", "rotation": 2e6}]"#))
                == "test.json: script[0].events[0].rotation: expected an angle in degrees within +-1000000, got"
                + " 2000000")
    }

    /// The start state through its declaration: every key read, written and read back; the
    /// optional ones left out when not given.
    @Test func theStartStateRoundTripsThroughItsDeclaration() throws {
        let full = #"{"mirrored": true, "turns": 1, "box": [300, 400], "angle": -12, "zoom": 1.8, "at": [920, 520]}"#
        for start in ["{}", full] {
            let first = try scenario("{\"editor\": \(Self.editor), \"start\": \(start)}")
            let written = ScenarioEncoder.scenario(first)
            let again = try scenario(written.serialized())
            #expect(again.start == first.start)
            #expect(again.sourceHash == first.sourceHash)
            let keys = Self.keys(written["start"])
            #expect(keys == (start == "{}" ? ["mirrored", "turns", "angle"] : StartKeys.infos.map(\.name)))
        }
    }

    // MARK: - Committed scenarios

    /// Every committed scenario file (scenarios/, comparisons/, the examples'), with the names
    /// a registered policy or curve of the examples adds.
    static func committedScenarios() throws -> [(path: String, scenario: Scenario)] {
        let fm = FileManager.default
        var paths: [String] = []
        for folder in ["scenarios", "comparisons", "Examples/CustomBehaviour/scenarios"] {
            let names = try fm.contentsOfDirectory(atPath: packageRoot + "/" + folder)
            paths += names.filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted().map { folder + "/" + $0 }
        }
        paths.append("Examples/CropViewApp/Tests/CropViewTests/Fixtures/session.json")
        let examples = ExtensionNames(policies: ["stepZoom"], curves: ["critical"])
        return try paths.map { path in
            let name = String(path.split(separator: "/").last!.dropLast(".json".count))
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/" + path)))
            let s = try ScenarioDecoder.decode(
                bytes: bytes, file: path, defaultName: name, directory: ".", extensions: examples)
            return (path, s)
        }
    }

    /// Every committed scenario: decoded, written and decoded again it is the same scenario
    /// with the same canonical text.
    @Test func everyCommittedScenarioRoundTrips() throws {
        let all = try Self.committedScenarios()
        #expect(all.count >= 50)
        let examples = ExtensionNames(policies: ["stepZoom"], curves: ["critical"])
        for (path, first) in all {
            let written = ScenarioEncoder.scenario(first)
            let again = try ScenarioDecoder.decode(
                text: written.serialized(), file: path, defaultName: first.name, extensions: examples)
            #expect(again.script == first.script, "\(path)")
            // (The editor compares by its canonical text below: an unset `turn.box` is written as
            // the value it stands for.)
            #expect(again.start == first.start && again.fps == first.fps, "\(path)")
            #expect(ScenarioEncoder.scenario(again).canonicalText == written.canonicalText, "\(path)")
        }
    }

    /// The scenario hash a golden records is the hash of the committed scenario's canonical
    /// form today: the declarations write what the hand-written encoder wrote.
    @Test func everyCommittedScenarioHashesAsItsGoldenRecords() throws {
        var compared = 0
        for (path, s) in try Self.committedScenarios() {
            let trace: String
            if path.hasPrefix("scenarios/") {
                trace = "golden/\(s.name)/trace.json"
            } else if path.hasSuffix("session.json") {
                trace = "Examples/CropViewApp/Tests/CropViewTests/Fixtures/trace.json"
            } else {
                continue  // comparisons record metrics, not traces
            }
            let root = try JSONParser.parse(
                bytes: Array(try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/" + trace))))
            guard case .string(let recorded)? = root["scenarioHash"]?.value else {
                Issue.record("\(trace) records a scenario hash")
                continue
            }
            #expect(s.sourceHash == recorded, "\(path)")
            compared += 1
        }
        #expect(compared >= 40)
    }

    // MARK: - The schema

    /// The schema of a declared shape holds its range.
    static func expectRange(_ schema: JSONNode?, _ shape: KeyShape, _ place: String) {
        func number(_ key: String) -> Double? {
            guard case .number(let d, _)? = schema?[key]?.value else { return nil }
            return d
        }
        switch shape {
        case .number(let r, _):
            #expect(number(r.lowerOpen ? "exclusiveMinimum" : "minimum") == r.lower, "\(place) lower end")
            #expect(number(r.upperOpen ? "exclusiveMaximum" : "maximum") == r.upper, "\(place) upper end")
        case .integer(let r):
            #expect(schema?["type"]?.serialized() == #""integer""#, "\(place) integer")
            #expect(number("minimum") == Double(r.lowerBound) && number("maximum") == Double(r.upperBound), "\(place)")
        case .pair(let r, _):
            #expect(number("minItems") == 2 && number("maxItems") == 2, "\(place) a pair")
            expectRange(schema?["items"], .number(r, what: ""), place + "[]")
        case .point:
            #expect(schema?["$ref"]?.serialized() == ##""#/definitions/pair""##, "\(place) a point")
        case .choice(let values, _):
            #expect(
                schema?["enum"]?.serialized() == JSONNode.array(values.map { .string($0) }).serialized(), "\(place)")
        case .bool:
            #expect(schema?["type"]?.serialized() == #""boolean""#, "\(place) bool")
        case .nullable, .list, .color, .animation, .custom: break
        }
    }

    /// Every declared step, each of its keys with its range and the required ones, and every
    /// start key, are in the committed schema.
    @Test func theSchemaListsEveryDeclaredStepKeyWithItsRange() throws {
        let schema = try JSONParser.parse(
            bytes: Array(try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/scenarios/schema.json"))))
        let definitions = schema["definitions"]
        var alternatives: [String: JSONNode] = [:]
        for definition in ["gestureStep", "step"] {
            guard case .array(let items)? = definitions?[definition]?["oneOf"]?.value else { continue }
            for item in items {
                guard case .object(let members)? = item["properties"]?.value, let step = members.first else { continue }
                alternatives[step.key] = step.node
            }
        }
        #expect(Set(alternatives.keys) == Set(StepKeys.names))
        guard case .array(let gestures)? = definitions?["gestureStep"]?["oneOf"]?.value else {
            Issue.record("a gestureStep definition")
            return
        }
        #expect(gestures.count == StepKeys.gestureNames.count)
        for entry in StepKeys.entries {
            let step = alternatives[entry.name]
            if let value = entry.value { Self.expectRange(step, value.shape, entry.name) }
            // An object step's keys, or a list's items' (`events`).
            let object = entry.value == nil ? step : step?["items"]
            #expect(Self.keys(object?["properties"]) == entry.keys.map(\.name), "\(entry.name) keys")
            for key in entry.keys {
                Self.expectRange(object?["properties"]?[key.name], key.shape, "\(entry.name).\(key.name)")
            }
            let required = entry.keys.filter(\.required).map { JSONNode.string($0.name) }
            #expect(
                object?["required"]?.serialized() == (required.isEmpty ? nil : JSONNode.array(required).serialized()),
                "\(entry.name) required keys")
        }
        let start = definitions?["start"]
        #expect(Self.keys(start?["properties"]) == StartKeys.infos.map(\.name))
        for key in StartKeys.infos { Self.expectRange(start?["properties"]?[key.name], key.shape, "start.\(key.name)") }
    }
}
