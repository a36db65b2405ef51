import CropJSON

/// The JSON Schema of scenario files (`scenarios/schema.json`), generated from the
/// declarations the decoder reads through: the editor's (`EditorKeys`), the start state's
/// (`StartKeys`) and the steps' (`StepKeys`), with their keys, shapes, ranges, defaults and doc
/// lines, and the scenario's own keys (`ScenarioKeys`), so editors can complete and validate
/// scenarios.
/// `cropreplay schema` prints it; a test fails when the committed file and this generator disagree.
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
    /// A number within `range`.
    package static func number(_ range: ValueRange, _ description: String? = nil) -> JSONNode {
        var pairs: [(String, JSONNode)] = [
            ("type", str("number")),
            (range.lowerOpen ? "exclusiveMinimum" : "minimum", num(range.lower)),
            (range.upperOpen ? "exclusiveMaximum" : "maximum", num(range.upper)),
        ]
        if let description { pairs.append(("description", str(description))) }
        return obj(pairs)
    }
    package static func integer(_ range: ClosedRange<Int>) -> JSONNode {
        obj([
            ("type", str("integer")), ("minimum", num(Double(range.lowerBound))),
            ("maximum", num(Double(range.upperBound))),
        ])
    }
    /// `[a, b]`, each within `range`.
    package static func pair(_ range: ValueRange, _ description: String? = nil) -> JSONNode {
        var pairs: [(String, JSONNode)] = [
            ("type", str("array")), ("items", number(range)), ("minItems", num(2)), ("maxItems", num(2)),
        ]
        if let description { pairs.append(("description", str(description))) }
        return obj(pairs)
    }
    /// A value of `schema`, the string `name`, or null.
    package static func valueOrName(_ schema: JSONNode, _ name: String) -> JSONNode {
        obj([("anyOf", arr([schema, enumOf([name]), obj([("type", str("null"))])]))])
    }
    static var bool: JSONNode { obj([("type", str("boolean"))]) }
    static func orNull(_ n: JSONNode) -> JSONNode { obj([("anyOf", arr([n, obj([("type", str("null"))])]))]) }

    /// An object with exactly `keys` (in declaration order), each described by `props`.
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

    /// The schema of a declared shape.
    static func schema(_ shape: KeyShape, _ extensions: ExtensionNames) -> JSONNode {
        switch shape {
        case .number(let range, _): return number(range)
        case .integer(let range): return integer(range)
        case .bool: return bool
        case .choice(let values, let registered):
            switch registered {
            case .policies?: return enumOf(values + extensions.policies)
            case .curves?: return enumOf(values + extensions.curves)
            case nil: return enumOf(values)
            }
        case .color: return ref("color")
        case .pair(let range, _): return pair(range)
        case .point: return ref("pair")
        case .list(let range, _, let count):
            return obj([("type", str("array")), ("items", number(range)), ("maxItems", num(Double(count)))])
        case .nullable(let inner): return orNull(schema(inner, extensions))
        case .animation: return ref("animation")
        case .custom(let schema, _, _): return schema
        }
    }

    /// A declared key: its shape's schema with its doc line and default.
    static func property(_ key: KeyInfo, _ extensions: ExtensionNames) -> JSONNode {
        guard case .object(var members) = schema(key.shape, extensions).value else {
            return schema(key.shape, extensions)
        }
        members.append(JSONMember(key: "description", node: str(key.doc)))
        if let value = key.defaultValue, key.defaultNote == nil {
            members.append(JSONMember(key: "default", node: value))
        }
        return node(.object(members))
    }

    /// An object of declared keys: each key's shape, doc line and default, and the required ones.
    static func object(_ keys: [KeyInfo], description: String? = nil, _ extensions: ExtensionNames = .none)
        -> JSONNode
    {
        object(
            keys.map(\.name), Dictionary(uniqueKeysWithValues: keys.map { ($0.name, property($0, extensions)) }),
            required: keys.filter(\.required).map(\.name), description: description)
    }

    /// The `editor` object, from its declaration.
    static func editor(_ extensions: ExtensionNames) -> JSONNode {
        var props: [String: JSONNode] = [:]
        for entry in EditorKeys.entries {
            if let value = entry.value {
                props[entry.name] = property(value, extensions)
                continue
            }
            let section = object(entry.keys, description: entry.doc, extensions)
            props[entry.name] = entry.nullable ? orNull(section) : section
        }
        return object(EditorKeys.names, props)
    }

    /// A step, `{"pan": {...}}`, from its declaration.
    static func step(_ entry: StepEntry) -> JSONNode {
        let value = entry.value.map { property($0, .none) } ?? object(entry.keys, description: entry.doc)
        return object([entry.name], [entry.name: value], required: [entry.name])
    }

    /// The schema; `extensions` adds registered policy and curve names to the choices.
    package static func generate(extensions: ExtensionNames = .none) -> JSONNode {
        let name = obj([
            ("type", str("string")), ("pattern", str("^[A-Za-z0-9._-]{1,100}$")), ("not", enumOf([".", ".."])),
        ])
        let definitions: [(String, JSONNode)] = [
            ("color", obj([("type", str("string")), ("pattern", str("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))])),
            ("pair", pair(.points)),
            ("name", name),
            (
                "animation",
                object(
                    AnimationKeys.names,
                    Dictionary(
                        uniqueKeysWithValues: AnimationKeys.all.map { ($0.name, property($0, extensions)) }),
                    required: ["curve"])
            ),
            ("editor", editor(extensions)),
            (
                "start",
                object(StartKeys.infos, description: "A saved edit re-opened at frame 0 (every key optional)")
            ),
            // A step is a gesture step (which `together` also takes) or one of the others.
            ("gestureStep", obj([("oneOf", arr(StepKeys.entries.filter(\.gesture).map(step)))])),
            ("step", obj([("oneOf", arr([ref("gestureStep")] + StepKeys.entries.filter { !$0.gesture }.map(step)))])),
        ]
        return obj([
            ("$schema", str("http://json-schema.org/draft-07/schema#")),
            ("title", str("CropReplay scenario")),
            (
                "description",
                str("A gesture script replayed by cropreplay (see the README). Generated by `cropreplay schema`.")
            ),
            ("type", str("object")),
            ("properties", obj(ScenarioKeys.infos.map { ($0.name, property($0, extensions)) })),
            ("additionalProperties", node(.bool(false))),
            ("definitions", obj(definitions)),
        ])
    }

    /// The schema as the text of `scenarios/schema.json`.
    package static var text: String { text(extensions: .none) }
    package static func text(extensions: ExtensionNames) -> String {
        generate(extensions: extensions).serialized(indent: 2) + "\n"
    }
}
