import CropJSON
import CropScenario
import Foundation
import TestSupport
import Testing

/// The scenario's own keys are declared once (`ScenarioKeys`): the decoder, the canonical form,
/// the validator of a scenario built in Swift, the JSON Schema's top level and the reference's
/// tables go through the declaration (docs/scenarios.md, "Scenarios" and "Ranges and limits").
@Suite struct ScenarioDeclarationTests {
    static func decode(_ text: String, file: String = "s.json", defaultName: String = "s") -> Result<
        Scenario, ScenarioError
    > {
        Result { () throws(ScenarioError) in
            try ScenarioDecoder.decode(text: text, file: file, defaultName: defaultName)
        }
    }

    @Test func aScenarioTakesTheDeclaredKeysOnly() {
        guard case .failure(let error) = Self.decode(#"{"nme": "x"}"#) else {
            Issue.record("an unknown key is refused")
            return
        }
        #expect(error.place == "nme")
        #expect(
            error.message
                == #"unknown key "nme" (did you mean "name"?); expected one of: "#
                + ScenarioKeys.names.joined(separator: ", "))
        #expect(ScenarioKeys.names == ["$schema", "name", "preset", "editor", "start", "fps", "script"])
    }

    /// `$schema` and `preset` are not written (they do not change the hash); `start` only when given.
    @Test func theCanonicalFormWritesTheDeclaredKeys() throws {
        func keys(_ text: String) throws -> [String] {
            let s = try ScenarioDecoder.decode(text: text, file: "s.json", defaultName: "s")
            guard case .object(let members) = ScenarioEncoder.scenario(s).value else { return [] }
            return members.map(\.key)
        }
        let given = #""$schema": "schema.json", "name": "n", "preset": "circle-avatar-bounce", "fps": 30"#
        #expect(try keys("{\(given)}") == ["name", "editor", "fps", "script"])
        #expect(try keys(#"{"start": {"turns": 1}}"#) == ["name", "editor", "start", "fps", "script"])
        // A preset's editor, written whole, hashes like the same editor given key by key.
        let preset = try ScenarioDecoder.decode(text: #"{"preset": "circle-avatar-bounce"}"#, defaultName: "p")
        let spelled = try ScenarioDecoder.decode(
            text: "{\"editor\": \(ScenarioEncoder.editor(preset.editor).serialized())}", defaultName: "p")
        #expect(preset.preset == "circle-avatar-bounce")
        #expect(preset.sourceHash == spelled.sourceHash)
        #expect(try ScenarioDecoder.decode(text: "{}", defaultName: "d").fps == 60, "the model's default")
    }

    /// What a missing key does: the file's name must be a valid name; the editor is the preset's.
    @Test func missingKeysAreTheModelsOrThePresets() throws {
        guard case .failure(let error) = Self.decode("{}", defaultName: "a b") else {
            Issue.record("an invalid file name without a name is refused")
            return
        }
        #expect(
            error.description
                == #"s.json: the file name "a b" is not a valid scenario name (A-Z a-z 0-9 . _ -, at most 100);"#
                + #" give a "name""#)
        let preset = try ScenarioDecoder.decode(text: #"{"preset": "straighten-flip"}"#, defaultName: "p")
        #expect(preset.editor == EditorConfig.preset("straighten-flip"))
        let plain = try ScenarioDecoder.decode(text: "{}", defaultName: "p")
        #expect(plain.editor == EditorConfig.defaults)
    }

    /// A scenario built in Swift gets the first problem a file with the same values gets, in
    /// the order the file is read (name, editor, start, fps, script).
    @Test func swiftAndFilesGetTheSameFirstProblem() {
        var editor = EditorConfig.defaults
        editor.mask.opacity = 2
        let cases: [(Scenario, String)] = [
            (Scenario(name: "n", fps: 0, script: []), #"{"name": "n", "fps": 0}"#),
            (Scenario(name: "a/b", fps: 0, script: []), #"{"name": "a/b", "fps": 0}"#),
            (
                Scenario(name: "n", editor: editor, fps: 0, script: []),
                #"{"name": "n", "editor": {"mask": {"opacity": 2}}, "fps": 0}"#
            ),
            (
                Scenario(name: "n", fps: 241, script: [.wait(-1)]),
                #"{"name": "n", "fps": 241, "script": [{"wait": -1}]}"#
            ),
            (Scenario(name: "n", script: [.wait(-1)]), #"{"name": "n", "script": [{"wait": -1}]}"#),
        ]
        for (swift, text) in cases {
            let file: String
            switch Self.decode(text) {
            case .success: file = "accepted"
            case .failure(let e): file = "\(e.place ?? ""): \(e.message)"
            }
            let code = swift.problem().map { "\($0.place): \($0.message)" } ?? "accepted"
            #expect(code == file, "\(text)")
            #expect(file != "accepted", "\(text)")
        }
    }

    /// Every number a step, the start state, the editor and the scenario declare is in the
    /// ranges table, in the row of its range: a new key appears there with no edit.
    @Test func theRangesTableListsEveryDeclaredNumber() {
        let table = ReferenceDocs.rangeTable.split(separator: "\n").map(String.init)
        func expect(_ key: String, _ shape: KeyShape) {
            let range: String
            switch shape {
            case .number(let r, _), .pair(let r, _), .list(let r, _, _): range = r.text
            case .integer(let r): range = r.text
            case .point: range = ValueRange.points.text
            case .nullable(let inner): return expect(key, inner)
            default: return
            }
            let rows = table.filter { $0.contains("`\(key)`") }
            #expect(rows.count == 1, "\(key) is in one row")
            #expect(rows.first?.hasSuffix("| \(range) |") == true, "\(key): \(rows.first ?? "no row")")
        }
        var checked = 0
        for entry in StepKeys.entries {
            if let value = entry.value { expect(entry.name, value.shape) }
            let prefix = entry.value == nil ? entry.name + "." : entry.name + "[]."
            for key in entry.keys { expect(prefix + key.name, key.shape) }
            checked += entry.keys.count
        }
        for key in StartKeys.infos { expect("start." + key.name, key.shape) }
        for entry in EditorKeys.entries {
            for key in entry.keys { expect("editor.\(entry.name).\(key.name)", key.shape) }
        }
        for key in ScenarioKeys.infos { expect(key.name, key.shape) }
        #expect(checked >= 30)
        // Numbers inside shapes of their own, and the animation object's under each animation.
        #expect(table.contains { $0.contains("`touches`") && $0.hasSuffix("| \(ValueRange.points.text) |") })
        #expect(table.contains { $0.contains("`editor.refit.animation.response`") })
        #expect(
            table.contains { $0.contains("`editor.faces` (w, h)") && $0.hasSuffix("| \(ValueRange.lengths.text) |") })
    }
}
