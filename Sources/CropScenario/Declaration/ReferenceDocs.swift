import CropJSON

/// The reference tables of docs/scenarios.md made from the declarations: the scenario's own
/// keys (`ScenarioKeys`), a table per editor section (`EditorKeys`, every key with its value,
/// range, default and doc line), the animation object's keys (`AnimationKeys`), the range of
/// every number a scenario holds (each declared key listed under its range) and the limits,
/// the start state's keys (`StartKeys`) and the steps (`StepKeys`, each kind and every key of
/// the object steps and of raw events). `cropreplay schema --docs` prints them; a test fails
/// when the committed docs differ.
package enum ReferenceDocs {
    /// Every part, in the order docs/scenarios.md holds them, as `cropreplay schema --docs`
    /// prints them.
    package static var markdown: String {
        [scenarioTable, editorTables, rangeTable, startTable, stepTables].joined(separator: "\n")
    }

    /// The scenario's own keys.
    package static var scenarioTable: String {
        ([header] + ScenarioKeys.infos.map(row)).joined(separator: "\n") + "\n"
    }

    /// A table of the editor's own values, one per section and one of the animation object.
    package static var editorTables: String {
        var out = ["#### Values of the editor itself", "", header]
        out += EditorKeys.entries.compactMap { entry in entry.value.map(row) }
        for entry in EditorKeys.entries where entry.value == nil {
            out += [
                "", "#### `\(entry.name)`", "", [entry.doc, entry.absentNote].compactMap { $0 }.joined(separator: " "),
            ]
            out += ["", header] + entry.keys.map(row)
        }
        out += [
            "", "#### `policy.animation`, `refit.animation`", "",
            "A curve and the parameters it takes; a registered curve takes `params` only.", "", header,
        ]
        out += AnimationKeys.all.map(row)
        return out.joined(separator: "\n") + "\n"
    }

    /// The ranges of every number a scenario holds, each with the declared keys in it, and the limits.
    package static var rangeTable: String {
        var out = [rangesIntro, "", "| numbers | range |", "|---|---|"]
        var rows = rangeNames.map { (range: Numbers.real($0.range), what: $0.what, keys: [String]()) }
        for number in numbers {
            if let i = rows.firstIndex(where: { $0.range == number.range }) {
                rows[i].keys.append(number.key)
            } else {
                rows.append((number.range, "", [number.key]))
            }
        }
        for row in rows where !row.keys.isEmpty {
            let keys = row.keys.joined(separator: ", ")
            out.append("| \(row.what.isEmpty ? keys : row.what + ": " + keys) | \(row.range.text) |")
        }
        out += ["", "Limits:", ""] + limits.map { "- \($0)" }
        return out.joined(separator: "\n") + "\n"
    }

    /// The keys of `start`.
    package static var startTable: String {
        ([header] + StartKeys.infos.map(row)).joined(separator: "\n") + "\n"
    }

    /// A table of the steps, then one per object step of its keys, and one of a raw event's keys.
    package static var stepTables: String {
        let gestures = StepKeys.gestureNames.map { "`\($0)`" }.joined(separator: ", ")
        var out = [
            "Gesture steps, which `together` takes: \(gestures).", "", "| step | value | range | what it does |",
            "|---|---|---|---|",
        ]
        for entry in StepKeys.entries {
            let shape = entry.value.map { value($0.shape) } ?? "an object, keys below"
            let numbers = entry.value.map { range($0.shape) } ?? ""
            out.append("| `\(entry.name)` | \(shape) | \(numbers) | \(escaped(entry.doc)) |")
        }
        for entry in StepKeys.entries where !entry.keys.isEmpty {
            let title = entry.value == nil ? "The `\(entry.name)` step" : "Each item of `\(entry.name)`"
            out += ["", "#### \(title)", "", header] + entry.keys.map(row)
        }
        return out.joined(separator: "\n") + "\n"
    }

    static let header = "| key | value | range | default | meaning |\n|---|---|---|---|---|"

    static func row(_ key: KeyInfo) -> String {
        let preset =
            key.required ? "required" : key.defaultNote ?? key.defaultValue.map { "`\($0.serialized())`" } ?? ""
        return "| `\(key.name)` | \(value(key.shape)) | \(range(key.shape)) | \(preset) | \(escaped(key.doc)) |"
    }

    static func value(_ shape: KeyShape) -> String {
        switch shape {
        case .number: return "number"
        case .integer: return "integer"
        case .bool: return "`true`, `false`"
        case .choice(let values, let registered):
            let names = values.map { "`\"\($0)\"`" }.joined(separator: ", ")
            return registered == nil ? names : names + ", a registered name"
        case .color: return "`\"#RRGGBB\"`, `\"#RRGGBBAA\"`"
        case .pair: return "`[w, h]`"
        case .point: return "`[x, y]`"
        case .list(_, _, let count): return "`[a, b, ...]`, at most \(count)"
        case .nullable(let inner): return value(inner) + ", `null`"
        case .animation: return "an animation"
        case .custom(_, let text, _): return escaped(text)
        }
    }

    static func range(_ shape: KeyShape) -> String {
        switch shape {
        case .number(let r, _): return r.text
        case .integer(let r): return "from \(r.lowerBound) to \(r.upperBound)"
        case .pair(let r, _), .list(let r, _, _): return "each \(r.text)"
        case .point: return "each \(ValueRange.points.text)"
        case .nullable(let inner): return range(inner)
        case .bool, .choice, .color, .animation, .custom: return ""
        }
    }

    /// `|` inside a table cell.
    static func escaped(_ s: String) -> String {
        s.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }

    static let rangesIntro =
        "Every number has a range, so no sum or product of them overflows; a value outside it is an error at"
        + " its place (`script[2].pan.duration: expected a duration from 0 to 10000, got 12000`), the same from a"
        + " file, from Swift (`Scenario.validated()`, `EditorConfig.validated()`, `Replay.load`,"
        + " `CropEditorModel`) and from the playground's form. Numbers must be finite."

    /// The numbers a range holds: every number, number pair, point and list of a scenario is
    /// in one.
    enum Numbers: Equatable {
        case real(ValueRange)
        case whole(ClosedRange<Int>)

        var text: String {
            switch self {
            case .real(let r): return r.text
            case .whole(let r): return r.text
            }
        }
    }

    /// What the numbers of each common range are; a range not named here gets a row of its keys.
    static let rangeNames: [(range: ValueRange, what: String)] = [
        (.points, "points, pixels, velocities and angles in degrees"),
        (.lengths, "lengths in points (margins, radii, dashes, widths, reach) and the angle limit"),
        (.positive, "sizes, aspects and ratios"),
        (.scales, "scales, zooms and factors"),
        (.seconds, "seconds"),
        (.momentum, "deceleration per millisecond"),
        (.unit, "opacities"),
        (.viewportSide, "viewport sides in points"),
    ]

    /// Every declared number with its key, in the order of the reference: the scenario's own
    /// keys with the editor's, the start state's and the steps' in their places.
    static var numbers: [(key: String, range: Numbers)] {
        var out: [(key: String, range: Numbers)] = []
        func add(_ key: String, _ shape: KeyShape) {
            switch shape {
            case .number(let r, _), .pair(let r, _), .list(let r, _, _): out.append(("`\(key)`", .real(r)))
            case .integer(let r): out.append(("`\(key)`", .whole(r)))
            case .point: out.append(("`\(key)`", .real(.points)))
            case .nullable(let inner): add(key, inner)
            case .animation: for a in AnimationKeys.all { add(key + "." + a.name, a.shape) }
            case .custom(_, _, let parts):
                for part in parts {
                    if part.name.isEmpty || part.name.hasPrefix(".") {
                        add(key + part.name, part.shape)
                    } else {
                        let before = out.count
                        add(key, part.shape)
                        for i in before..<out.count { out[i].key += " (\(part.name))" }
                    }
                }
            case .bool, .choice, .color: break
            }
        }
        for top in ScenarioKeys.infos {
            switch top.name {
            case "editor":
                for entry in EditorKeys.entries {
                    if let value = entry.value { add("editor.\(entry.name)", value.shape) }
                    for key in entry.keys { add("editor.\(entry.name).\(key.name)", key.shape) }
                }
            case "start": for key in StartKeys.infos { add("start.\(key.name)", key.shape) }
            case "script":
                for entry in StepKeys.entries {
                    if let value = entry.value { add(entry.name, value.shape) }
                    // An object step's keys, or the keys of each item of a list (`events`).
                    let prefix = entry.value == nil ? entry.name + "." : entry.name + "[]."
                    for key in entry.keys { add(prefix + key.name, key.shape) }
                }
            default: add(top.name, top.shape)
            }
        }
        return out
    }

    static let limits: [String] = [
        "a viewport of at most \(Limits.maxViewportPixels)x\(Limits.maxViewportPixels) pixels after its scale,"
            + " `width*scale` and `height*scale` whole pixels",
        "images of at most \(Limits.maxImageSide) pixels a side and 100 megapixels (the test card at least 2 a side)",
        "at most \(Limits.maxFrames) frames, \(Limits.maxFaces) face boxes, \(Limits.maxDashes) dash lengths, 2"
            + " fingers per `touches` frame",
        "a scenario file of at most \(Limits.maxScenarioBytes / 1024 / 1024) MiB, an image file of at most"
            + " \(Limits.maxImageFileBytes / 1024 / 1024) MiB",
    ]
}
