import CropJSON

/// The JSON Schema of scenario files (`scenarios/schema.json`), generated from
/// the key lists the decoder checks against (`Keys`) and the enums it accepts,
/// so editors can complete and validate scenarios. `cropreplay schema` prints it;
/// a test fails when the committed file and this generator disagree.
package enum ScenarioSchema {
    typealias J = JSONValue

    static func node(_ v: J) -> JSONNode { JSONNode(v) }
    static func obj(_ pairs: [(String, JSONNode)]) -> JSONNode {
        node(.object(pairs.map { JSONMember(key: $0.0, node: $0.1) }))
    }
    static func str(_ s: String) -> JSONNode { node(.string(s)) }
    static func num(_ d: Double) -> JSONNode { node(.number(d, isIntegerLiteral: d == d.rounded())) }
    static func arr(_ items: [JSONNode]) -> JSONNode { node(.array(items)) }
    static func ref(_ name: String) -> JSONNode { obj([("$ref", str("#/definitions/\(name)"))]) }
    static func enumOf(_ values: [String], _ description: String? = nil) -> JSONNode {
        var pairs: [(String, JSONNode)] = [("enum", arr(values.map(str)))]
        if let description { pairs.append(("description", str(description))) }
        return obj(pairs)
    }
    static func number(
        min: Double? = nil, exclusiveMin: Double? = nil, max: Double? = nil, _ description: String? = nil
    ) -> JSONNode {
        var pairs: [(String, JSONNode)] = [("type", str("number"))]
        if let min { pairs.append(("minimum", num(min))) }
        if let exclusiveMin { pairs.append(("exclusiveMinimum", num(exclusiveMin))) }
        if let max { pairs.append(("maximum", num(max))) }
        if let description { pairs.append(("description", str(description))) }
        return obj(pairs)
    }
    static func integer(_ min: Int, _ max: Int) -> JSONNode {
        obj([("type", str("integer")), ("minimum", num(Double(min))), ("maximum", num(Double(max)))])
    }
    static var bool: JSONNode { obj([("type", str("boolean"))]) }
    static func orNull(_ n: JSONNode) -> JSONNode { obj([("anyOf", arr([n, obj([("type", str("null"))])]))]) }

    /// An object with exactly `keys` (in `Keys` order), each described by `props`.
    static func object(
        _ keys: [String], _ props: [String: JSONNode], required: [String] = [], description: String? = nil
    ) -> JSONNode {
        var pairs: [(String, JSONNode)] = [("type", str("object"))]
        if let description { pairs.append(("description", str(description))) }
        pairs.append(("properties", obj(keys.map { ($0, props[$0] ?? obj([])) })))
        pairs.append(("additionalProperties", node(.bool(false))))
        if !required.isEmpty { pairs.append(("required", arr(required.map(str)))) }
        return obj(pairs)
    }

    static func cases<E: RawRepresentable & CaseIterable>(_ t: E.Type) -> [String] where E.RawValue == String {
        E.allCases.map { $0.rawValue }
    }

    /// The schema; `extensions` adds registered policy and curve names to the choices.
    package static func generate(extensions: ExtensionNames = .none) -> JSONNode {
        let name = obj([
            ("type", str("string")), ("pattern", str("^[A-Za-z0-9._-]{1,100}$")), ("not", enumOf([".", ".."])),
        ])
        let duration = number(min: 0, max: 10_000, "seconds")
        let definitions: [(String, JSONNode)] = [
            ("color", obj([("type", str("string")), ("pattern", str("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))])),
            (
                "pair",
                obj([
                    ("type", str("array")), ("items", obj([("type", str("number"))])), ("minItems", num(2)),
                    ("maxItems", num(2)),
                ])
            ),
            ("name", name),
            (
                "animation",
                object(
                    Keys.animation,
                    [
                        "curve": enumOf(Keys.curves + extensions.curves),
                        "duration": number(min: 0, max: 10_000, "seconds"),
                        "response": number(min: 0, max: 10_000, "seconds"),
                        "dampingRatio": number(exclusiveMin: 0, max: 1_000_000),
                        "params": obj([
                            ("type", str("object")), ("description", str("parameters of a registered curve")),
                        ]),
                    ], required: ["curve"])
            ),
            (
                "editor",
                object(
                    Keys.editor,
                    [
                        "viewport": object(
                            Keys.viewport,
                            [
                                "width": number(exclusiveMin: 0), "height": number(exclusiveMin: 0),
                                "scale": integer(1, 4),
                            ]),
                        "background": ref("color"),
                        "image": object(
                            Keys.image,
                            [
                                "file": obj([("type", str("string")), ("minLength", num(1))]),
                                "testcard": obj([
                                    ("type", str("array")), ("items", integer(2, 16384)), ("minItems", num(2)),
                                    ("maxItems", num(2)),
                                ]),
                            ]),
                        "fit": enumOf(cases(Fit.self)),
                        "frame": object(
                            Keys.frame,
                            [
                                "shape": enumOf(cases(FrameShape.self)), "size": orNull(ref("pair")),
                                "aspect": obj([
                                    ("anyOf", arr([ref("pair"), enumOf(["image"]), obj([("type", str("null"))])]))
                                ]),
                                "margin": number(min: 0), "cornerRadius": number(min: 0), "resizable": bool,
                                "lockAspect": bool,
                                "minSize": ref("pair"), "handles": enumOf(cases(BoxHandles.self)),
                                "handleSize": number(min: 0),
                            ]),
                        "mask": object(
                            Keys.mask,
                            [
                                "color": ref("color"), "opacity": number(min: 0, max: 1),
                                "region": enumOf(cases(MaskRegion.self)),
                                "visibility": enumOf(cases(MaskVisibility.self)), "fade": number(min: 0, "seconds"),
                            ]),
                        "border": orNull(
                            object(
                                Keys.border,
                                [
                                    "color": ref("color"), "opacity": number(min: 0, max: 1),
                                    "width": number(min: 0, max: 1000),
                                    "position": enumOf(cases(BorderPosition.self)),
                                    "dash": orNull(
                                        obj([("type", str("array")), ("items", number(min: 0)), ("maxItems", num(64))])),
                                ])),
                        "grid": orNull(
                            object(
                                Keys.grid,
                                [
                                    "lines": integer(1, 100), "color": ref("color"), "opacity": number(min: 0, max: 1),
                                    "width": number(min: 0, max: 1000),
                                    "visibility": enumOf(cases(GridVisibility.self)),
                                ])),
                        "zoom": object(
                            Keys.zoom,
                            [
                                "base": enumOf(cases(ZoomBase.self)),
                                "min": obj([
                                    (
                                        "anyOf",
                                        arr([number(exclusiveMin: 0), enumOf(["cover"]), obj([("type", str("null"))])])
                                    )
                                ]),
                                "max": orNull(number(exclusiveMin: 0)), "anchor": enumOf(cases(ZoomAnchor.self)),
                            ]),
                        "constraint": enumOf(cases(Constraint.self)),
                        "policy": object(
                            Keys.policy,
                            [
                                "kind": enumOf(PolicyKind.allCases.map(\.rawValue) + extensions.policies),
                                "rollback": enumOf(cases(RollbackMode.self)),
                                "onCancel": enumOf(cases(CancelRule.self)),
                                "momentum": orNull(
                                    obj([
                                        ("type", str("number")), ("exclusiveMinimum", num(0)),
                                        ("exclusiveMaximum", num(1)),
                                        ("description", str("deceleration per ms, above 0 and below 1")),
                                    ])),
                                "rubberBand": number(exclusiveMin: 0, max: 1_000_000),
                                "animation": ref("animation"),
                                "params": obj([
                                    ("type", str("object")), ("description", str("parameters of a registered policy")),
                                ]),
                            ]),
                        "rotation": object(
                            Keys.rotation,
                            ["gesture": bool, "limit": orNull(number(min: 0, "degrees")), "autoCover": bool]),
                        "refit": object(
                            Keys.refit,
                            ["delay": number(min: 0, max: 10_000, "seconds"), "animation": ref("animation")]),
                        "doubleTap": object(
                            Keys.doubleTap,
                            ["action": enumOf(cases(DoubleTapAction.self)), "factor": number(exclusiveMin: 0)]),
                        "turn": object(Keys.turn, ["box": enumOf(cases(TurnBox.self))]),
                        "faces": orNull(
                            obj([
                                ("type", str("array")),
                                (
                                    "items",
                                    obj([
                                        ("type", str("array")), ("items", obj([("type", str("number"))])),
                                        ("minItems", num(4)),
                                        ("maxItems", num(4)),
                                    ])
                                ),
                            ])),
                        "crop": object(
                            Keys.crop,
                            ["formula": enumOf(cases(CropFormula.self)), "rounding": enumOf(cases(CropRounding.self))]),
                    ])
            ),
            (
                "start",
                object(
                    Keys.start,
                    [
                        "mirrored": bool, "turns": integer(0, 3),
                        "box": obj([
                            ("type", str("array")), ("items", number(exclusiveMin: 0, max: 1_000_000)),
                            ("minItems", num(2)),
                            ("maxItems", num(2)),
                            ("description", str("width and height in points, about the box centre")),
                        ]),
                        "angle": number(min: -1_000_000, max: 1_000_000, "degrees, clockwise"),
                        "zoom": number(min: 0.001, max: 1000), "at": ref("pair"),
                    ],
                    description: "A saved edit re-opened at frame 0 (every key optional)")
            ),
            (
                "step",
                obj([
                    (
                        "oneOf",
                        arr(
                            Keys.steps.map { key in
                                object([key], [key: stepBody(key, duration: duration)], required: [key])
                            })
                    )
                ])
            ),
        ]
        return obj([
            ("$schema", str("http://json-schema.org/draft-07/schema#")),
            ("title", str("CropReplay scenario")),
            (
                "description",
                str("A gesture script replayed by cropreplay (see the README). Generated by `cropreplay schema`.")
            ),
            ("type", str("object")),
            (
                "properties",
                obj([
                    (
                        "$schema",
                        obj([
                            ("type", str("string")),
                            ("description", str("Path or URL of this schema, for editors; ignored by cropreplay")),
                        ])
                    ),
                    ("name", ref("name")),
                    ("preset", enumOf(Preset.all.map { $0.name })),
                    ("editor", ref("editor")),
                    ("start", ref("start")),
                    ("fps", integer(1, 240)),
                    ("script", obj([("type", str("array")), ("items", ref("step"))])),
                ])
            ),
            ("additionalProperties", node(.bool(false))),
            ("definitions", obj(definitions)),
        ])
    }

    static func stepBody(_ key: String, duration: JSONNode) -> JSONNode {
        let easing = enumOf(cases(Easing.self))
        switch key {
        case "pan":
            return object(
                Keys.pan,
                [
                    "by": ref("pair"), "duration": duration, "easing": easing, "hold": duration,
                    "velocity": ref("pair"),
                    "from": ref("pair"),
                ],
                required: ["by"])
        case "rotation":
            return object(
                Keys.rotationStep,
                [
                    "by": number(min: nil, "degrees"), "at": ref("pair"), "duration": duration, "easing": easing,
                    "hold": duration,
                ],
                required: ["by"])
        case "straighten":
            return object(
                Keys.straighten, ["to": number(min: nil, "degrees"), "duration": duration, "easing": easing],
                required: ["to"])
        case "quarterTurn": return enumOf(cases(TurnDirection.self))
        case "flip": return enumOf(cases(FlipAxis.self))
        case "aspect": return obj([("anyOf", arr([ref("pair"), enumOf(["original", "free"])]))])
        case "doubleTap": return ref("pair")
        case "pinch":
            return object(
                Keys.pinch,
                [
                    "scale": number(min: 0.001, max: 1000), "at": ref("pair"), "duration": duration, "easing": easing,
                    "hold": duration,
                ],
                required: ["scale"])
        case "together": return obj([("type", str("array")), ("minItems", num(1)), ("items", ref("step"))])
        case "touches":
            return obj([
                ("type", str("array")),
                ("items", obj([("type", str("array")), ("maxItems", num(2)), ("items", ref("pair"))])),
            ])
        case "events":
            return obj([
                ("type", str("array")), ("minItems", num(1)),
                (
                    "items",
                    object(
                        Keys.event,
                        [
                            "frame": integer(1, 100_000), "gesture": enumOf(cases(GestureKind.self)),
                            "phase": enumOf(cases(GesturePhase.self)),
                            "translation": ref("pair"), "scale": number(min: 0.001, max: 1000), "location": ref("pair"),
                            "velocity": ref("pair"), "rotation": number(min: nil, "degrees"),
                        ], required: ["frame", "gesture", "phase"])
                ),
            ])
        case "wait": return duration
        case "until": return enumOf(["settled"])
        case "snapshot": return ref("name")
        case "restore": return obj([("const", node(.bool(true)))])
        case "resize": return ref("pair")
        case "rotate": return enumOf(cases(Orientation.self))
        default:
            return object(
                Keys.save, ["name": ref("name"), "alpha": orNull(enumOf(["circle"])), "thenLoad": bool],
                required: ["name"])
        }
    }

    /// The schema as the text of `scenarios/schema.json`.
    package static var text: String { text(extensions: .none) }
    package static func text(extensions: ExtensionNames) -> String {
        generate(extensions: extensions).serialized(indent: 2) + "\n"
    }
}
