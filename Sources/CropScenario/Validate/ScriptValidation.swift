import CropGeometry
import CropJSON

/// The one check of script steps, whether decoded from JSON or built in Swift: every value's
/// range (docs/scenarios.md, "Ranges and limits") and the load-time rules that need the
/// editor (a rotation step needs the gesture, an aspect step a resizable box, ...), at the
/// step's JSON path (`script[2].pan.duration`). Steps are checked in script order: snapshot
/// and crop names must be unique.
package struct ScriptValidator {
    let editor: EditorConfig
    private var snapshots: Set<String> = []
    private var crops: Set<String> = []

    package init(editor: EditorConfig) { self.editor = editor }

    /// The first problem with the step `kind` at `path` (`script[3]`), or nil.
    package mutating func problem(_ kind: StepKind, at path: String) -> Problem? {
        func seconds(_ value: Double, _ key: String, what: String = "a duration") -> Problem? {
            ValueRange.seconds.problem(value, what: what, at: key)
        }
        func degrees(_ value: Double, _ key: String) -> Problem? {
            ValueRange.points.problem(value, what: "an angle in degrees", at: key)
        }
        switch kind {
        case .pan(let p):
            let at = path + ".pan"
            return p.by.problem(at: at + ".by") ?? seconds(p.duration, at + ".duration")
                ?? seconds(p.hold, at + ".hold") ?? p.velocity?.problem(at: at + ".velocity")
                ?? p.from?.problem(at: at + ".from")
        case .pinch(let p):
            let at = path + ".pinch"
            return ValueRange.scales.problem(p.scale, what: "a scale", at: at + ".scale")
                ?? p.at?.problem(at: at + ".at") ?? seconds(p.duration, at + ".duration")
                ?? seconds(p.hold, at + ".hold")
        case .rotation(let r):
            let at = path + ".rotation"
            return needsRotationGesture(at, what: "a rotation step") ?? degrees(r.by, at + ".by")
                ?? r.at?.problem(at: at + ".at") ?? seconds(r.duration, at + ".duration")
                ?? seconds(r.hold, at + ".hold")
        case .straighten(let s):
            let at = path + ".straighten"
            return needsAngle(at, what: "a straighten step") ?? degrees(s.to, at + ".to")
                ?? seconds(s.duration, at + ".duration")
        case .together(let steps):
            let at = path + ".together"
            if steps.isEmpty { return Problem(place: at, message: "expected at least one gesture step") }
            for (i, step) in steps.enumerated() {
                let item = "\(at)[\(i)]"
                let key = ScriptValidator.key(step.kind)
                guard Keys.gestureSteps.contains(key) else {
                    return Problem(
                        place: item + "." + key,
                        message: "expected a gesture step (\(Keys.gestureSteps.joined(separator: ", "))) inside"
                            + " \"together\", got \"\(key)\"")
                }
                if let p = problem(step.kind, at: item) { return p }
            }
            return nil
        case .touches(let frames):
            let at = path + ".touches"
            if frames.count > Limits.maxFrames {
                return Problem(place: at, message: "more than \(Limits.maxFrames) frames")
            }
            for (i, fingers) in frames.enumerated() {
                guard fingers.count <= 2 else {
                    return Problem(
                        place: "\(at)[\(i)]", expected: "0, 1 or 2 finger positions", given: "\(fingers.count)")
                }
                for (j, p) in fingers.enumerated() { if let p = p.problem(at: "\(at)[\(i)][\(j)]") { return p } }
            }
            return nil
        case .events(let events): return problem(events, at: path + ".events")
        case .wait(let s): return seconds(s, path + ".wait", what: "a duration in seconds")
        case .resize(let w, let h):
            let at = path + ".resize"
            let range = ValueRange.viewportSide
            return range.problem(w, what: "a width", at: at + "[0]") ?? range.problem(
                h, what: "a height", at: at + "[1]")
                ?? ViewportSpec(width: w, height: h, scale: editor.viewport.scale).pixelProblem(at: at)
        case .aspect(let choice):
            let at = path + ".aspect"
            guard editor.frame.resizable, editor.frame.shape != .circle else {
                return Problem(
                    place: at,
                    message: "an aspect step needs a resizable box that is not a circle (editor.frame.resizable,"
                        + " shape rect or roundedRect)")
            }
            guard case .ratio(let r) = choice else { return nil }
            return r.problem(.positive, at: at)
        case .doubleTap(let p): return p.problem(at: path + ".doubleTap")
        case .snapshot(let name):
            return Self.name(name, at: path + ".snapshot", unique: &snapshots, what: "snapshot")
        case .save(let s): return Self.name(s.name, at: path + ".save.name", unique: &crops, what: "crop")
        case .untilSettled, .restore, .rotate, .quarterTurn, .flip: return nil
        }
    }

    /// Raw events: at least one, frames 1 to 100000 never decreasing, values in range, and a
    /// rotation event only on an editor with the rotation gesture.
    private func problem(_ events: [RawEvent], at path: String) -> Problem? {
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
            if let p = e.translation?.problem(at: at + ".translation")
                ?? e.scale.flatMap({ ValueRange.scales.problem($0, what: "a scale", at: at + ".scale") })
                ?? e.location?.problem(at: at + ".location") ?? e.velocity?.problem(at: at + ".velocity")
                ?? e.rotation.flatMap({
                    ValueRange.points.problem($0, what: "an angle in degrees", at: at + ".rotation")
                })
            {
                return p
            }
        }
        return nil
    }

    /// Rotation steps and raw rotation events need the rotation gesture (and an angle).
    private func needsRotationGesture(_ place: String, what: String) -> Problem? {
        guard editor.rotation.gesture else {
            return Problem(place: place, message: "\(what) needs the rotation gesture (editor.rotation.gesture: true)")
        }
        return needsAngle(place, what: what)
    }

    /// An angle needs constraint "frame" or "none".
    private func needsAngle(_ place: String, what: String) -> Problem? {
        guard editor.constraint == .viewport else { return nil }
        return Problem(
            place: place,
            message: "\(what) turns the photo by an angle, which needs constraint \"frame\" or \"none\" (this editor"
                + " has \"viewport\")")
    }

    /// A snapshot or crop name: a valid output name, not used before.
    private static func name(_ name: String, at place: String, unique: inout Set<String>, what: String) -> Problem? {
        if let p = OutputName.problem(name, at: place) { return p }
        guard unique.insert(name).inserted else {
            return Problem(place: place, message: "duplicate \(what) name \"\(name)\"")
        }
        return nil
    }

    /// The JSON key of a step kind.
    static func key(_ kind: StepKind) -> String {
        switch kind {
        case .pan: return "pan"
        case .pinch: return "pinch"
        case .together: return "together"
        case .touches: return "touches"
        case .events: return "events"
        case .wait: return "wait"
        case .untilSettled: return "until"
        case .snapshot: return "snapshot"
        case .restore: return "restore"
        case .resize: return "resize"
        case .rotate: return "rotate"
        case .save: return "save"
        case .rotation: return "rotation"
        case .straighten: return "straighten"
        case .quarterTurn: return "quarterTurn"
        case .flip: return "flip"
        case .aspect: return "aspect"
        case .doubleTap: return "doubleTap"
        }
    }
}

extension Scenario {
    /// The first problem with this scenario: its name, editor, start, fps and every step (in
    /// order), at its JSON path; nil when it is valid.
    package func problem() -> Problem? {
        // In the order the decoder reads a file, so both report the same first problem.
        if let p = OutputName.problem(name, at: "name") ?? editor.problem(at: "editor")
            ?? start?.problem(at: "start") ?? (1...240).problem(fps, at: "fps")
        {
            return p
        }
        var validator = ScriptValidator(editor: editor)
        for step in script { if let p = validator.problem(step.kind, at: step.path) { return p } }
        return nil
    }

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
