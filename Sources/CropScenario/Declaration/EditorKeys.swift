import CropGeometry
import CropJSON

/// The editor's keys, declared once (docs/scenarios.md, "The editor"): every section and
/// key with its JSON name, shape, range and doc line; defaults are the model's
/// (`EditorConfig.defaults`). The decoder reads JSON through it, the encoder writes the
/// canonical form (and the scenario hash) through it, the validator checks every
/// `EditorConfig` with it whether decoded or built in Swift, and the JSON Schema, the
/// reference tables (`cropreplay schema --docs`) and the playground's form are made from it.
///
/// Adding an editor key: a property on the model (with its default), one `Key` here, and
/// its behaviour. The playground's form gives it a control with no other edit (a line in
/// Sources/CropPlay/PanelLines.swift only refines its label, step and unit).
package enum EditorKeys {
    package static let entries: [EditorEntry] = [
        .section(
            "viewport", \.viewport, doc: "The screen in points and its pixel scale.",
            [
                .number("width", \.width, .viewportSide, what: "a width", doc: "points"),
                .number("height", \.height, .viewportSide, what: "a height", doc: "points"),
                .integer(
                    "scale", \.scale, 1...4,
                    doc: "pixels per point; `width*scale` and `height*scale` are whole pixels, at most 8192"),
            ], rule: { v, place in v.pixelProblem(at: place) }),
        .value(.color("background", \.background, doc: "behind the photo (alpha is composited over black)")),
        .value(image),
        .value(
            .choice(
                "fit", \.fit,
                doc: "how the photo is sized at zoom 1: `aspectFill` covers the viewport, `aspectFit` fits inside it"
                    + " (letterboxed), `frameFill` covers the frame's bounding rect, `shortSide` matches the short"
                    + " sides")),
        .section(
            "frame", \.frame, doc: "The crop frame, centred in the viewport; with `resizable`, a box the user drags.",
            [
                .choice("shape", \.shape, doc: "`rect`, `circle` (always 1:1) or `roundedRect`"),
                frameSize, frameAspect,
                .number(
                    "margin", \.margin, .lengths, what: "a margin",
                    doc: "points kept free on every side when `aspect` decides the size"),
                .number("cornerRadius", \.cornerRadius, .lengths, what: "a radius", doc: "points, `roundedRect` only"),
                .bool("resizable", \.resizable, doc: "the user drags the box's corners and edges"),
                .bool("lockAspect", \.lockAspect, doc: "a dragged box keeps its aspect"),
                .size("minSize", \.minSize, .positive, doc: "`[w, h]` points: a dragged box never gets smaller"),
                .choice("handles", \.handles, doc: "which parts of a resizable box a drag can start from"),
                .number(
                    "handleSize", \.handleSize, .lengths, what: "a handle size",
                    doc: "points: how far from an edge a finger still grabs it"),
            ], rule: { f, place in f.circleProblem(at: place) }),
        .section(
            "mask", \.mask, doc: "The veil over the photo outside (or inside) the frame.",
            [
                .color("color", \.color, doc: "the veil's colour"),
                .number("opacity", \.opacity, .unit, what: "an opacity", doc: "0 is transparent, 1 opaque"),
                .choice("region", \.region, doc: "`outside` dims around the frame, `inside` tints the frame itself"),
                .choice(
                    "visibility", \.visibility,
                    doc: "`hiddenWhileTouching` hides it while a gesture is active;"
                        + " `perGesture`: a gesture's start hides it, its end shows it"),
                .number("fade", \.fade, .seconds, what: "a duration", doc: "seconds to fade in or out (0: at once)"),
            ]),
        .optionalSection(
            "border", \.border, given: BorderSpec(), absentNote: "Absent, the border is drawn with these defaults.",
            doc: "The frame's outline, or `null` for none.",
            [
                .color("color", \.color, doc: "the line's colour"),
                .number("opacity", \.opacity, .unit, what: "an opacity", doc: "0 is transparent, 1 opaque"),
                .number("width", \.width, .lengths, what: "a width", doc: "the line's width in points"),
                .choice("position", \.position, doc: "on (`center`), `inside` or `outside` the frame's outline"),
                dash,
            ], rule: { b, place in b.dashProblem(at: place + ".dash") }),
        .optionalSection(
            "grid", \.grid, given: GridSpec(),
            absentNote: "Absent or `null`, no grid is drawn; a given grid starts from these defaults.",
            doc: "Guide lines inside the frame, or absent for none.",
            [
                .integer("lines", \.lines, 1...100, doc: "lines each way, evenly spaced (2: thirds)"),
                .color("color", \.color, doc: "the lines' colour"),
                .number("opacity", \.opacity, .unit, what: "an opacity", doc: "0 is transparent, 1 opaque"),
                .number("width", \.width, .lengths, what: "a width", doc: "the lines' width in points"),
                .choice("visibility", \.visibility, doc: "`always`, `whileTouching` or `never`"),
            ]),
        .section(
            "zoom", \.zoom, doc: "Zoom limits relative to the base; a pinch beyond them settles back.",
            [
                .choice(
                    "base", \.base, doc: "zoom 1 is the fit (`fit`) or one image pixel per point (`pixels`)"),
                zoomMin,
                .optionalNumber("max", \.max, .scales, what: "a zoom", doc: "the largest zoom, or `null` for none"),
                .choice("anchor", \.anchor, doc: "pinches zoom about the fingers (`focal`) or the image centre"),
            ]),
        .value(
            .choice(
                "constraint", \.constraint,
                doc: "what must stay covered: the frame's bounding rect (`frame`), the zoomed content box"
                    + " (`viewport`, scroll-view semantics), or nothing but the zoom limits (`none`)")),
        .section(
            "policy", \.policy,
            doc: "What happens when a gesture leaves the frame uncovered or the zoom out of its limits.",
            [
                policyKind,
                .choice(
                    "rollback", \.rollback,
                    doc: "`whole` returns to the state before the touch; `perGesture`"
                        + " restores only what each gesture changed"),
                .choice(
                    "onCancel", \.onCancel,
                    doc: "`settle` treats a cancelled gesture like a release, `ignore` leaves the state as it is"),
                .optionalNumber(
                    "momentum", \.momentum, .momentum, what: "a deceleration rate",
                    doc: "the deceleration per millisecond of a released drag (0.998 like a scroll view), or `null`;"
                        + " with `snapNearest` and `rubberBand`"),
                .number(
                    "rubberBand", \.rubberBand, .positive, what: "a rubber-band constant",
                    doc: "the resistance past the edge (smaller is stiffer)"),
                AnimationKeys.key("animation", \.animation, doc: "how the photo returns to a valid state"),
                policyParams,
            ]),
        .value(faces),
        .section(
            "crop", \.crop, doc: "How `save` computes the crop rectangle.",
            [
                .choice(
                    "formula", \.formula,
                    doc: "`geometric` maps the box back into image pixels; `offsetFactor` is"
                        + " a scroll-view cropper's formula (it assumes a width-limited fit)"),
                .choice(
                    "rounding", \.rounding,
                    doc: "`integral` floors the origin and ceils the far edge; `round`"
                        + " rounds the size and origin separately"),
            ]),
        .section(
            "rotation", \.rotation, doc: "The twist gesture and the angle's limit.",
            [
                .bool(
                    "gesture", \.gesture,
                    doc: "two fingers also twist the photo (needs constraint `frame` or `none`)"),
                .optionalNumber(
                    "limit", \.limit, .lengths, what: "a limit in degrees",
                    doc: "the largest angle either way in degrees, or `null` for none"),
                .bool(
                    "autoCover", \.autoCover,
                    doc: "every twist or straighten zooms (and moves) the photo just enough to keep the box covered"),
            ]),
        .section(
            "refit", \.refit,
            doc: "After a box drag ends, the box grows back to the largest rect of its aspect (smaller if that"
                + " would pass the maximum zoom), the photo following.",
            [
                .number(
                    "delay", \.delay, .seconds, what: "a delay in seconds",
                    doc: "seconds with no gesture before the re-fit starts"),
                AnimationKeys.key("animation", \.animation, doc: "how the box and the photo move"),
            ]),
        .section(
            "doubleTap", \.doubleTap, doc: "What a double tap does.",
            [
                .choice(
                    "action", \.action,
                    doc: "`none` only records it, `zoom` zooms by `factor` about the tap (at"
                        + " the maximum, back to the minimum), `reset` returns to the initial fit of the current"
                        + " orientation, box included"),
                .number("factor", \.factor, .scales, what: "a factor", doc: "how much a double tap zooms in"),
            ]),
        .section("turn", \.self, doc: "What a quarter turn does to the box.", [turnBox]),
    ]

    /// The editor's keys in order.
    package static var names: [String] { entries.map(\.name) }

    package static func entry(_ name: String) -> EditorEntry? { entries.first { $0.name == name } }

    // MARK: - Keys of their own shape

    static let image = Key<EditorConfig>(
        "image",
        .custom(
            schema: .object([
                ("type", .string("object")),
                (
                    "properties",
                    .object([
                        ("file", .object([("type", .string("string")), ("minLength", .number(1))])),
                        (
                            "testcard",
                            .object([
                                ("type", .string("array")),
                                ("items", ScenarioSchema.integer(2...Limits.maxImageSide)),
                                ("minItems", .number(2)), ("maxItems", .number(2)),
                            ])
                        ),
                    ])
                ),
                ("additionalProperties", .bool(false)),
            ]),
            text: "`{\"file\": \"photo.jpg\"}` (PNG or JPEG, relative to the scenario) or `{\"testcard\": [w, h]}`",
            parts: [.init(".testcard", .integer(2...Limits.maxImageSide))]),
        doc: "the photo; the test card is built in, 2 to 16384 pixels a side, at most 100 MP",
        read: { field, e, _ throws(ScenarioError) in
            let f = try field.object(allowed: ["file", "testcard"])
            if let file = f["file"] {
                if f["testcard"] != nil { throw field.error("expected either \"file\" or \"testcard\", not both") }
                e.image = .file(try file.string())
            } else if let card = f["testcard"] {
                let items = try card.array()
                guard items.count == 2 else { throw card.error("expected [width, height], got \(items.count) items") }
                let side = 2...Limits.maxImageSide
                let w = try items[0].wholeNumber(in: side)
                let h = try items[1].wholeNumber(in: side)
                e.image = .testcard(width: w, height: h)
            } else {
                throw field.error("expected {\"file\": \"path.png\"} or {\"testcard\": [width, height]}")
            }
        },
        write: { e in
            switch e.image {
            case .file(let path): return .object([("file", .string(path))])
            case .testcard(let w, let h): return .object([("testcard", .array([.number(w), .number(h)]))])
            }
        },
        check: { e, place in e.image.problem(at: place) })

    static let frameSize = Key<FrameSpec>(
        "size", .nullable(.pair(.positive, what: Size.what)),
        doc: "`[w, h]` points; a circle's is square; give `size` or `aspect`, not both",
        defaultNote: "not set",
        read: { f, s, _ throws(ScenarioError) in
            if f.isNull { return }
            let (w, h) = try f.numberPair()
            s.size = Size(w, h)
        },
        write: { s in s.size.map { .array([.number($0.width), .number($0.height)]) } },
        check: { s, place in s.size?.problem(.positive, at: place) })

    static let frameAspect = Key<FrameSpec>(
        "aspect",
        .custom(
            schema: ScenarioSchema.valueOrName(ScenarioSchema.pair(.positive), "image"),
            text: "`[w, h]` each \(ValueRange.positive.text), or `\"image\"` (the oriented image's)",
            parts: [.init("", .pair(.positive, what: Size.what))]),
        doc: "the largest rect of this aspect inside the viewport inset by `margin` (circles: 1:1)",
        read: { f, s, _ throws(ScenarioError) in
            if f.isNull { return }
            if s.size != nil { throw f.error("expected either \"size\" or \"aspect\", not both") }
            if case .string(let text) = f.node.value {
                guard text == "image" else { throw f.error("expected [w, h] or \"image\", got \"\(Echo.cap(text))\"") }
                s.aspect = .image
            } else {
                let (w, h) = try f.numberPair()
                s.aspect = .ratio(Size(w, h))
            }
        },
        write: { s in
            guard s.size == nil else { return nil }
            switch s.aspect {
            case .ratio(let r): return .array([.number(r.width), .number(r.height)])
            case .image: return .string("image")
            }
        },
        check: { s, place in
            guard s.size == nil, case .ratio(let r) = s.aspect else { return nil }
            return r.problem(.positive, at: place)
        })

    static let dash = Key<BorderSpec>(
        "dash", .nullable(.list(.lengths, what: "a dash length", count: Limits.maxDashes)),
        doc: "`[on, off, ...]` points along the outline (rects from the top-left, circles from 3 o'clock,"
            + " clockwise), each dash a butt-capped piece of its side's band; `[]` or `null`: solid",
        read: { f, s, _ throws(ScenarioError) in
            s.dash = []
            if f.isNull { return }
            for item in try f.array() { s.dash.append(try item.number()) }
        },
        write: { s in .array(s.dash.map { .number($0) }) },
        check: { s, place in
            for (i, d) in s.dash.enumerated() {
                if let p = ValueRange.lengths.problem(d, what: "a dash length", at: "\(place)[\(i)]") { return p }
            }
            return nil
        })

    static let zoomMin = Key<ZoomSpec>(
        "min",
        .custom(
            schema: ScenarioSchema.valueOrName(ScenarioSchema.number(.scales), "cover"),
            text: "a zoom \(ValueRange.scales.text), `\"cover\"` or `null`",
            parts: [.init("", .number(.scales, what: "a zoom"))]),
        doc: "the smallest zoom; `cover` is the smallest that can still cover the frame's bounding rect (under"
            + " `constraint: \"none\"` too: it is a zoom limit there, not a coverage rule)",
        read: { m, s, _ throws(ScenarioError) in
            if m.isNull {
                s.min = nil
            } else if case .string(let text) = m.node.value {
                guard text == "cover" else {
                    throw m.error("expected a number > 0, \"cover\" or null, got \"\(Echo.cap(text))\"")
                }
                s.min = .cover
            } else {
                s.min = .value(try m.number())
            }
        },
        write: { s in
            switch s.min {
            case .value(let v)?: return .number(v)
            case .cover?: return .string("cover")
            case nil: return .null
            }
        },
        check: { s, place in
            guard case .value(let v)? = s.min else { return nil }
            return ValueRange.scales.problem(v, what: "a zoom", at: place)
        })

    static let policyKind = Key<PolicySpec>(
        "kind", .choice(PolicyKind.allCases.map(\.rawValue), registered: .policies),
        doc: "`rollback`, `clamp`, `rubberBand`, `snapNearest`, `none`, or a registered policy",
        read: { k, s, extensions throws(ScenarioError) in
            let name = try k.string()
            let kind = PolicyKind(rawValue: name)
            if !kind.isBuiltIn && !extensions.policies.contains(name) {
                let options = PolicyKind.allCases.map(\.rawValue) + extensions.policies
                let hint = Suggest.closest(name, in: options).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw k.error(
                    "unknown policy \"\(Echo.cap(name))\"\(hint); expected one of"
                        + " \(options.map { "\"\($0)\"" }.joined(separator: ", "))"
                )
            }
            s.kind = kind
        },
        write: { .string($0.kind.rawValue) })

    static let policyParams = Key<PolicySpec>(
        "params", .custom(schema: .object([("type", .string("object"))]), text: "an object"),
        doc: "the parameters of a registered policy (its factory checks them)", defaultNote: "`{}`",
        read: { p, s, _ throws(ScenarioError) in
            guard !s.kind.isBuiltIn else {
                throw p.error(
                    "\"params\" are for registered policies; the built-in policy \"\(s.kind.rawValue)\" takes none")
            }
            try p.requireObject()
            s.parameters = Parameters(field: p)
        },
        write: { s in s.kind.isBuiltIn ? nil : s.parameters.field.node })

    static let faces = Key<EditorConfig>(
        "faces",
        .custom(
            schema: .object([
                ("type", .array([.string("array"), .string("null")])),
                ("maxItems", .number(Limits.maxFaces)),
                (
                    "items",
                    .object([
                        ("type", .string("array")),
                        (
                            "items",
                            .array([
                                ScenarioSchema.number(.points), ScenarioSchema.number(.points),
                                ScenarioSchema.number(.lengths), ScenarioSchema.number(.lengths),
                            ])
                        ),
                        ("minItems", .number(4)), ("maxItems", .number(4)),
                    ])
                ),
            ]),
            text: "`[[x, y, w, h], ...]` image pixels: x, y \(ValueRange.points.text), w, h \(ValueRange.lengths.text);"
                + " at most \(Limits.maxFaces)",
            parts: [
                .init("x, y", .number(.points, what: "a number")), .init("w, h", .number(.lengths, what: "a width")),
            ]),
        doc: "face boxes, drawn as 2-point red outlines while no gesture is active",
        read: { field, e, _ throws(ScenarioError) in
            e.faces = []
            guard !field.isNull else { return }
            for item in try field.array() {
                let values = try item.array()
                guard values.count == 4 else { throw item.error("expected [x, y, w, h], got \(values.count) items") }
                let v = try values.map { (f: Field) throws(ScenarioError) -> Double in try f.number() }
                e.faces.append(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
            }
        },
        write: { e in
            .array(e.faces.map { .array([.number($0.x), .number($0.y), .number($0.width), .number($0.height)]) })
        },
        check: { e, place in
            if e.faces.count > Limits.maxFaces {
                return Problem(
                    place: place, expected: "at most \(Limits.maxFaces) face boxes", given: String(e.faces.count))
            }
            for (i, r) in e.faces.enumerated() {
                let at = "\(place)[\(i)]"
                if let p = ValueRange.points.problem(r.x, what: "a number", at: at + "[0]")
                    ?? ValueRange.points.problem(r.y, what: "a number", at: at + "[1]")
                    ?? ValueRange.lengths.problem(r.width, what: "a width", at: at + "[2]")
                    ?? ValueRange.lengths.problem(r.height, what: "a height", at: at + "[3]")
                {
                    return p
                }
            }
            return nil
        })

    static let turnBox = Key<EditorConfig>(
        "box", .choice(TurnBox.self),
        doc: "whether the box turns with the photo on a quarter turn",
        defaultNote: "`turns` for a resizable box, `stays` otherwise",
        read: { f, e, _ throws(ScenarioError) in e.turnBox = try f.choice(TurnBox.self) },
        write: { e in .string(e.boxTurns ? "turns" : "stays") })
}

extension ViewportSpec {
    /// `width*scale` and `height*scale` must be whole pixels within the limit.
    package func pixelProblem(at place: String) -> Problem? {
        for (name, value) in [("width", width), ("height", height)] {
            let pixels = value * Double(scale)
            if pixels > Double(Limits.maxViewportPixels) {
                return Problem(
                    place: "\(place).\(name)",
                    message:
                        "viewport \(name) is \(JSONNumber.format(pixels)) pixels after scale \(scale); the limit is"
                        + " \(Limits.maxViewportPixels)")
            }
            if pixels != pixels.rounded() {
                return Problem(
                    place: "\(place).\(name)",
                    message: "expected \(name) * scale to be whole pixels, got \(JSONNumber.format(value)) * \(scale)"
                        + " = \(JSONNumber.format(pixels))")
            }
        }
        return nil
    }
}

extension FrameSpec {
    /// A circle given by `size` must be square.
    func circleProblem(at place: String) -> Problem? {
        guard shape == .circle, let size, size.width != size.height else { return nil }
        return Problem(
            place: place + ".size",
            message: "a circle frame given by size must be square, got [\(JSONNumber.format(size.width)),"
                + " \(JSONNumber.format(size.height))]")
    }
}

extension BorderSpec {
    /// At most 64 dash lengths, whose sum is above 0 when there are any.
    func dashProblem(at place: String) -> Problem? {
        if dash.count > Limits.maxDashes {
            return Problem(
                place: place, expected: "at most \(Limits.maxDashes) dash lengths", given: String(dash.count))
        }
        if !dash.isEmpty, !(dash.reduce(0, +) > 0) {
            return Problem(place: place, message: "expected dash lengths whose sum is > 0")
        }
        return nil
    }
}

extension ImageSource {
    /// A file path that is not empty and has no NUL; a test card 2 to 16384 pixels a side, at most 100 MP.
    func problem(at place: String) -> Problem? {
        switch self {
        case .file(let path):
            if path.isEmpty {
                return Problem(place: place + ".file", expected: "a file path", given: "an empty string")
            }
            if path.utf8.contains(0) {
                return Problem(place: place + ".file", expected: "a file path", given: "one with a NUL character")
            }
            return nil
        case .testcard(let w, let h):
            let side = 2...Limits.maxImageSide
            if let p = side.problem(w, at: place + ".testcard[0]") ?? side.problem(h, at: place + ".testcard[1]") {
                return p
            }
            if w * h > Limits.maxImagePixels {
                return Problem(
                    place: place + ".testcard",
                    message: "image is \(w)x\(h) = \(w * h) pixels; the limit is 100 MP")
            }
            return nil
        }
    }
}
