import CropGeometry
import CropJSON

/// The one check of script steps, whether decoded from JSON or built in Swift: every value's
/// range from the steps' declaration (`StepKeys`, docs/scenarios.md, "Ranges and limits") and
/// the load-time rules that need the editor (a rotation step needs the gesture, an aspect step
/// a resizable box, ...), at the step's JSON path (`script[2].pan.duration`). Steps are
/// checked in script order: snapshot and crop names must be unique.
package struct ScriptValidator {
    let editor: EditorConfig
    var snapshots: Set<String> = []
    var crops: Set<String> = []

    package init(editor: EditorConfig) { self.editor = editor }

    /// The first problem with the step `kind` at `path` (`script[3]`; empty for a step on its
    /// own, such as a playground button), or nil.
    package mutating func problem(_ kind: StepKind, at path: String) -> Problem? {
        guard let entry = StepKeys.entry(for: kind) else { return nil }
        return entry.check(kind, &self, path.isEmpty ? entry.name : path + "." + entry.name)
    }

    /// `together`: at least one step, each a gesture step and valid where it is.
    mutating func problem(together steps: [Step], at place: String) -> Problem? {
        if steps.isEmpty { return Problem(place: place, message: "expected at least one gesture step") }
        for (i, step) in steps.enumerated() {
            let item = "\(place)[\(i)]"
            guard let entry = StepKeys.entry(for: step.kind) else { continue }
            guard entry.gesture else {
                return Problem(
                    place: item + "." + entry.name,
                    message: "expected a gesture step (\(StepKeys.gestureNames.joined(separator: ", "))) inside"
                        + " \"together\", got \"\(entry.name)\"")
            }
            if let p = problem(step.kind, at: item) { return p }
        }
        return nil
    }

    /// Raw events: at least one, frames 1 to 100000 never decreasing, a rotation event only on
    /// an editor with the rotation gesture, and every value in its range.
    func problem(events: [RawEvent], at path: String) -> Problem? {
        if events.isEmpty { return Problem(place: path, message: "expected at least one event") }
        var last = 1
        for (i, e) in events.enumerated() {
            let at = "\(path)[\(i)]"
            if let p = (1...Limits.maxFrames).problem(e.frame, at: at + ".frame") { return p }
            guard e.frame >= last else {
                return Problem(
                    place: at + ".frame",
                    message: "expected frames in non-decreasing order, got \(e.frame) after \(last)")
            }
            last = e.frame
            if e.gesture == .rotation, let p = needsRotationGesture(at + ".gesture", what: "a raw rotation event") {
                return p
            }
            if let p = StepKeys.event.problem(e, at: at) { return p }
        }
        return nil
    }

    /// Rotation steps and raw rotation events need the rotation gesture (and an angle).
    func needsRotationGesture(_ place: String, what: String) -> Problem? {
        guard editor.rotation.gesture else {
            return Problem(place: place, message: "\(what) needs the rotation gesture (editor.rotation.gesture: true)")
        }
        return needsAngle(place, what: what)
    }

    /// An angle needs constraint "frame" or "none".
    func needsAngle(_ place: String, what: String) -> Problem? {
        guard editor.constraint == .viewport else { return nil }
        return Problem(
            place: place,
            message: "\(what) turns the photo by an angle, which needs constraint \"frame\" or \"none\" (this editor"
                + " has \"viewport\")")
    }

    /// An aspect step needs a resizable box that is not a circle.
    func needsResizableBox(_ place: String) -> Problem? {
        guard !editor.frame.resizable || editor.frame.shape == .circle else { return nil }
        return Problem(
            place: place,
            message: "an aspect step needs a resizable box that is not a circle (editor.frame.resizable,"
                + " shape rect or roundedRect)")
    }

    /// A snapshot or crop name not used before (its form is its key's check).
    mutating func problem(
        unique name: String, at place: String, in names: WritableKeyPath<ScriptValidator, Set<String>>,
        what: String
    ) -> Problem? {
        guard self[keyPath: names].insert(name).inserted else {
            return Problem(place: place, message: "duplicate \(what) name \"\(name)\"")
        }
        return nil
    }
}

extension Scenario {
    /// The first problem with this scenario through its declaration (`ScenarioKeys`): its
    /// name, editor, start, fps and every step (in order), at its JSON path, in the order the
    /// decoder reads a file, so both report the same first problem; nil when it is valid.
    package func problem() -> Problem? { ScenarioKeys.object.problem(self, at: "") }

    /// The steps with the paths their places give them: `script[i]`, and `script[i].together[j]`
    /// inside a `together` (whatever paths a Swift builder gave them).
    static func numbered(_ kinds: [StepKind], under prefix: String) -> [Step] {
        kinds.enumerated().map { i, kind in
            let path = "\(prefix)[\(i)]"
            guard case .together(let subs) = kind else { return Step(kind: kind, path: path) }
            return Step(kind: .together(numbered(subs.map(\.kind), under: path + ".together")), path: path)
        }
    }
}

extension OutputName {
    /// A name that is not a valid output name: what was expected and what was given.
    package static func problem(_ name: String, at place: String) -> Problem? {
        guard !isValid(name) else { return nil }
        return Problem(
            place: place, expected: "a name of 1 to 100 characters from A-Z a-z 0-9 . _ - (not \".\" or \"..\")",
            given: JSONNode.quote(Echo.cap(name)))
    }
}
