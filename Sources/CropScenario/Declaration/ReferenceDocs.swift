import CropJSON

/// The reference tables of docs/scenarios.md made from the declarations: a table per editor
/// section (`EditorKeys`, every key with its value, range, default and doc line), the
/// animation object's keys (`AnimationKeys`), the ranges and limits of every number a
/// scenario holds, the start state's keys (`StartKeys`) and the steps (`StepKeys`, each kind
/// and every key of the object steps and of raw events). `cropreplay schema --docs` prints
/// them; a test fails when the committed docs differ.
package enum ReferenceDocs {
    /// Every part, in the order docs/scenarios.md holds them, as `cropreplay schema --docs`
    /// prints them.
    package static var markdown: String {
        [editorTables, rangeTable, startTable, stepTables].joined(separator: "\n")
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

    /// The ranges of every number a scenario holds, and the limits.
    package static var rangeTable: String {
        var out = [rangesIntro, "", "| numbers | range |", "|---|---|"]
        out += ranges.map { "| \($0.what) | \($0.range) |" }
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
        case .custom(_, let text): return escaped(text)
        }
    }

    static func range(_ shape: KeyShape) -> String {
        switch shape {
        case .number(let r, _): return r.text
        case .integer(let r): return "from \(r.lowerBound) to \(r.upperBound)"
        case .pair(let r, _), .list(let r, _, _): return "each \(r.text)"
        case .point: return "each \(ValueRange.points.text)"
        case .nullable(let inner): return range(inner)
        case .bool, .choice, .color, .custom: return ""
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

    /// What each range applies to.
    static let ranges: [(what: String, range: String)] = [
        (
            "points, pixels, velocities and angles in degrees: `pan.by`, `pan.velocity`, `pan.from`, `pinch.at`,"
                + " `rotation.by`, `rotation.at`, `straighten.to`, `touches`, `doubleTap`, the raw events'"
                + " `translation`, `location`, `velocity` and `rotation`, `start.angle`, `start.at`, a face's x and y",
            ValueRange.points.text
        ),
        (
            "margins, radii, dash lengths, border and grid widths, handle reach, the angle limit, a face's w and h",
            ValueRange.lengths.text
        ),
        (
            "sizes and aspects (`frame.size`, `frame.aspect`, `frame.minSize`, `start.box`, the `aspect` step), the"
                + " rubber-band constant, a spring's damping ratio",
            ValueRange.positive.text
        ),
        (
            "pinch scales (`pinch.scale`, raw `scale`), zoom limits, `start.zoom`, the double-tap factor",
            ValueRange.scales.text
        ),
        (
            "seconds: durations, holds, waits, fades, delays, a spring's response",
            ValueRange.seconds.text
        ),
        ("momentum (deceleration per millisecond)", ValueRange.momentum.text),
        ("opacities", ValueRange.unit.text),
        ("viewport sides in points (`viewport.width`, `viewport.height`, `resize`)", ValueRange.viewportSide.text),
        ("`fps`", "an integer from 1 to 240"),
        ("raw events' `frame`", "an integer from 1 to \(Limits.maxFrames), never decreasing"),
        ("`start.turns`", "an integer from 0 to 3"),
    ]

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
