import CropJSON
import CropPipeline
import CropScenario

// The structure-aware target: the fuzzer's bytes are a stream of choices (ByteChoices) that
// pick a valid base scenario (scenarios/, Fuzz/seeds/, every preset with an empty script)
// and mutate it as JSON: numbers set to values within the contract's ranges, face boxes,
// presets, editor fields, steps inserted, removed, duplicated and swapped, the image and the
// fps. A byte fuzzer rarely gets past the decoder's checks; these inputs mostly do, so the
// engine and the renderer see them.

/// The base scenarios, parsed once (the working directory is the repository's root).
let baseScenarios: [JSONNode] = {
    var texts: [String] = []
    for folder in ["scenarios", "Fuzz/seeds"] {
        for path in (try? FileIO.scenarioFiles(folder)) ?? [] where !path.hasSuffix("schema.json") {
            if let bytes = try? FileIO.read(path, limit: 1 << 20) {
                texts.append(String(decoding: bytes, as: UTF8.self))
            }
        }
    }
    texts += Preset.all.map { #"{"preset": "\#($0.name)", "script": [{"snapshot": "start"}]}"# }
    return texts.compactMap { try? JSONParser.parse($0) }
}()

/// A place in a JSON tree.
enum JSONStep: Equatable {
    case key(String)
    case index(Int)
}

extension JSONNode {
    /// The node at `path`, if any.
    func at(_ path: [JSONStep]) -> JSONNode? {
        var node = self
        for step in path {
            switch (step, node.value) {
            case (.key(let k), .object):
                guard let next = node[k] else { return nil }
                node = next
            case (.index(let i), .array(let items)) where i < items.count:
                node = items[i]
            default: return nil
            }
        }
        return node
    }

    /// Sets the node at `path` (objects are created on the way; a missing array index is ignored).
    mutating func set(_ path: [JSONStep], _ new: JSONNode?) {
        guard let first = path.first else {
            if let new { self = new }
            return
        }
        let rest = Array(path.dropFirst())
        switch (first, value) {
        case (.key(let k), .object(var members)):
            if let i = members.firstIndex(where: { $0.key == k }) {
                if rest.isEmpty && new == nil {
                    members.remove(at: i)
                } else {
                    members[i].node.set(rest, new)
                }
            } else if let new {
                var child = rest.isEmpty ? new : JSONNode(.object([]))
                if !rest.isEmpty { child.set(rest, new) }
                members.append(JSONMember(key: k, node: child))
            }
            value = .object(members)
        case (.key, _):
            guard new != nil else { return }
            self = JSONNode(.object([]))
            set(path, new)
        case (.index(let i), .array(var items)) where i < items.count:
            if rest.isEmpty && new == nil {
                items.remove(at: i)
            } else {
                items[i].set(rest, new)
            }
            value = .array(items)
        default: break
        }
    }

    /// Paths to every number in the tree.
    func numberPaths(_ prefix: [JSONStep] = []) -> [[JSONStep]] {
        switch value {
        case .number: return [prefix]
        case .array(let items): return items.indices.flatMap { items[$0].numberPaths(prefix + [.index($0)]) }
        case .object(let members): return members.flatMap { $0.node.numberPaths(prefix + [.key($0.key)]) }
        default: return []
        }
    }
}

/// Mutations of a scenario's JSON drawn from a choice stream.
struct ScenarioMutator {
    var choices: ByteChoices
    var names = 0

    /// Numbers at the edges of the contract's ranges and around the presets' geometry.
    static let interesting: [Double] = [
        0, 1, -1, 0.5, 2, 3, 4, 10, 20, 42, 44, 100, 195, 330, 390, 422, 495, 844, 1000, 1081, 1200, 1600, 16384, 1e6,
        -1e6,
        999_999.5, -999_999.5, 1e-9, 1e-6, 0.001, 0.35, 0.55, 0.998, 45, 90, -45, 180, 360, 10000, -20, -100, 8192,
        0.25, 1.5, 15,
    ]

    mutating func number() -> Double {
        switch choices.int(8) {
        case 0: return choices.number(-1e6, 1e6)
        case 1: return choices.number(-50, 900)
        case 2: return Double(choices.int(2000)) - 500
        default: return ScenarioMutator.interesting[choices.int(ScenarioMutator.interesting.count)]
        }
    }

    /// A number for the field at `path`, mostly within its range (the key names the range):
    /// so most mutated scenarios pass the decoder and reach the engine and the renderer.
    mutating func number(for path: [JSONStep]) -> Double {
        var keys: [String] = []
        for step in path { if case .key(let k) = step { keys.append(k) } }
        let key = keys.last ?? ""
        let parent = keys.dropLast().last ?? ""
        if choices.int(16) == 0 { return number() }  // anything, now and then
        func logScale(_ lo: Double, _ hi: Double) -> Double {
            [lo, hi, 1, 2, 0.5, 1.5, 10, 0.1][choices.int(8)]
        }
        switch key {
        case "frame" where parent == "events": return Double(1 + choices.int(30))
        case "fps": return [1, 30, 60, 240, 7][choices.int(5)]
        case "scale" where parent == "viewport": return Double(1 + choices.int(4))
        case "scale", "factor", "min", "max": return logScale(0.001, 1000)
        case "duration", "hold", "wait", "fade", "delay": return [0, 0.05, 0.1, 0.4, 1, 3, 10000][choices.int(7)]
        case "response": return [0, 0.35, 1, 100][choices.int(4)]
        case "dampingRatio", "rubberBand": return [1e-6, 0.1, 0.55, 1, 1e6][choices.int(5)]
        case "momentum": return [0.5, 0.998, 1e-6, 0.999999][choices.int(4)]
        case "opacity": return [0, 0.5, 1, 0.01][choices.int(4)]
        case "lines": return Double(1 + choices.int(5))
        case "testcard", "resize": return Double([2, 3, 64, 390, 1600, 1200, 844, 5000][choices.int(8)])
        case "width" where parent == "viewport", "height" where parent == "viewport":
            return Double([20, 64, 390, 844, 100, 2048][choices.int(6)])
        case "width", "cornerRadius", "margin", "handleSize", "dash", "limit", "minSize", "size":
            return [0, 0.5, 1, 2, 20, 44, 330, 1000][choices.int(8)]
        case "aspect": return [1, 16, 9, 3, 1e6, 0.001][choices.int(6)]
        case "faces": return choices.int(2) == 0 ? [0, 1, 50, 1081, 1600, 5000][choices.int(6)] : number()
        default: return number()
        }
    }

    mutating func point() -> JSONNode {
        let xs: [Double] = [0, 20, 195, 390, -10, 400, 1e6, -1e6]
        let ys: [Double] = [0, 20, 422, 844, -10, 850, 1e6, -1e6]
        func one(_ c: [Double], _ span: Double) -> Double {
            choices.int(3) == 0 ? c[choices.int(c.count)] : choices.number(0, span)
        }
        return .array([.number(one(xs, 390)), .number(one(ys, 844))])
    }

    mutating func pair() -> JSONNode { .array([.number(number()), .number(number())]) }
    mutating func duration() -> Double { [0, 0.05, 0.1, 0.4, 1, 3, 0.016][choices.int(7)] }
    mutating func pick(_ values: [String]) -> JSONNode { .string(values[choices.int(values.count)]) }
    mutating func flag() -> JSONNode { .bool(choices.int(2) == 1) }

    mutating func animation() -> JSONNode {
        switch choices.int(4) {
        case 0: return .object(["curve": .string("none")])
        case 1:
            return .object([
                "curve": .string("spring"), "response": .number([0, 0.35, 1, 10000][choices.int(4)]),
                "dampingRatio": .number([1, 0.1, 1e6, 0.5][choices.int(4)]),
            ])
        default: return .object(["curve": pick(["linear", "easeOut", "easeInOut"]), "duration": .number(duration())])
        }
    }

    /// A step of any kind, with values mostly within the contract's ranges.
    mutating func step() -> JSONNode {
        names += 1
        switch choices.int(18) {
        case 0:
            var fields: [(String, JSONNode)] = [("by", pair()), ("duration", .number(duration()))]
            if choices.int(2) == 0 { fields.append(("from", point())) }
            if choices.int(3) == 0 { fields.append(("velocity", pair())) }
            if choices.int(4) == 0 { fields.append(("hold", .number(duration()))) }
            return .object(["pan": .object(fields)])
        case 1:
            var fields: [(String, JSONNode)] = [
                ("scale", .number([0.001, 0.5, 2, 1000, 1.5, 0.1, 10][choices.int(7)])),
                ("duration", .number(duration())),
            ]
            if choices.int(2) == 0 { fields.append(("at", point())) }
            return .object(["pinch": .object(fields)])
        case 2: return .object(["rotation": .object(["by": .number(number()), "duration": .number(duration())])])
        case 3: return .object(["straighten": .object(["to": .number([-45, 12.5, 45, 90, -1e6][choices.int(5)])])])
        case 4:
            var frames: [JSONNode] = []
            for _ in 0..<(1 + choices.int(6)) { frames.append(.array((0..<choices.int(3)).map { _ in point() })) }
            return .object(["touches": .array(frames)])
        case 5:
            var events: [JSONNode] = []
            var frame = 1
            for _ in 0..<(1 + choices.int(6)) {
                frame += choices.int(3)
                var fields: [(String, JSONNode)] = [
                    ("frame", .number(frame)), ("gesture", pick(["pan", "pinch", "rotation"])),
                    ("phase", pick(["began", "changed", "changed", "ended", "cancelled", "failed"])),
                ]
                if choices.int(2) == 0 { fields.append(("translation", pair())) }
                if choices.int(2) == 0 {
                    fields.append(("scale", .number([0.001, 0.5, 2, 1000, 1.5][choices.int(5)])))
                }
                if choices.int(3) == 0 { fields.append(("rotation", .number(number()))) }
                if choices.int(2) == 0 { fields.append(("location", point())) }
                if choices.int(3) == 0 { fields.append(("velocity", pair())) }
                events.append(.object(fields))
            }
            return .object(["events": .array(events)])
        case 6: return .object(["wait": .number(duration())])
        case 7: return .object(["until": .string("settled")])
        case 8: return .object(["snapshot": .string("m\(names)")])
        case 9:
            return .object([
                "save": .object([
                    ("name", .string("c\(names)")), ("alpha", choices.int(2) == 0 ? .string("circle") : .null),
                    ("thenLoad", flag()),
                ])
            ])
        case 10: return .object(["restore": .bool(true)])
        case 11:
            let sizes: [Double] = [1, 20, 100, 390, 844, 2000, 8192]
            return .object([
                "resize": .array([.number(sizes[choices.int(sizes.count)]), .number(sizes[choices.int(sizes.count)])])
            ])
        case 12: return .object(["rotate": pick(["landscape", "portrait"])])
        case 13: return .object(["quarterTurn": pick(["clockwise", "counterclockwise"])])
        case 14: return .object(["flip": pick(["horizontal", "vertical"])])
        case 15:
            let v: JSONNode = choices.int(3) == 0 ? pair() : pick(["original", "free", "free"])
            return .object(["aspect": v])
        case 16: return .object(["doubleTap": point()])
        default: return .object(["together": .array([gestureStep(), gestureStep()])])
        }
    }

    /// A step `together` accepts: a pan, a pinch, a rotation or a straighten.
    mutating func gestureStep() -> JSONNode {
        while true {
            let s = step()
            if case .object(let members) = s.value, let key = members.first?.key,
                ["pan", "pinch", "rotation", "straighten"].contains(key)
            {
                return s
            }
            if choices.exhausted { return .object(["pan": .object(["by": pair()])]) }
        }
    }

    /// One editor field set to a value, or a whole object replaced.
    mutating func editorField(_ root: inout JSONNode) {
        let e: [JSONStep] = [.key("editor")]
        switch choices.int(24) {
        case 0: root.set(e + [.key("frame"), .key("resizable")], flag())
        case 1: root.set(e + [.key("frame"), .key("shape")], pick(["rect", "circle", "roundedRect"]))
        case 2: root.set(e + [.key("frame"), .key("handles")], pick(["corners", "cornersAndEdges"]))
        case 3: root.set(e + [.key("frame"), .key("lockAspect")], flag())
        case 4: root.set(e + [.key("frame"), .key("minSize")], .array([.number(number()), .number(number())]))
        case 5:
            root.set(e + [.key("frame"), .key("aspect")], nil)
            root.set(e + [.key("frame"), .key("size")], pair())
        case 6:
            root.set(e + [.key("frame"), .key("size")], nil)
            root.set(e + [.key("frame"), .key("aspect")], choices.int(2) == 0 ? .string("image") : pair())
        case 7:
            root.set(
                e + [.key("frame"), .key(["margin", "cornerRadius", "handleSize"][choices.int(3)])], .number(number()))
        case 8:
            root.set(
                e + [.key("grid")],
                .object([
                    "visibility": pick(["always", "whileTouching", "never"]), "lines": .number(1 + choices.int(4)),
                    "width": .number([1, 0.5, 40, 1e6][choices.int(4)]),
                ]))
        case 9:
            root.set(
                e + [.key("border")],
                choices.int(4) == 0
                    ? .null
                    : .object([
                        "width": .number([1, 2, 0.5, 40][choices.int(4)]),
                        "position": pick(["center", "inside", "outside"]),
                        "dash": choices.int(2) == 0 ? .null : pair(),
                    ]))
        case 10:
            root.set(
                e + [.key("mask")],
                .object([
                    "region": pick(["outside", "inside"]),
                    "visibility": pick(["always", "hiddenWhileTouching", "perGesture"]),
                    "fade": .number(duration()), "opacity": .number([0, 0.5, 1][choices.int(3)]),
                ]))
        case 11:
            root.set(
                e + [.key("policy"), .key("kind")], pick(["rollback", "clamp", "rubberBand", "snapNearest", "none"]))
        case 12: root.set(e + [.key("policy"), .key("animation")], animation())
        case 13:
            root.set(
                e + [.key("policy"), .key("momentum")], [JSONNode.null, .number(0.998), .number(0.5)][choices.int(3)])
        case 14: root.set(e + [.key("policy"), .key("rubberBand")], .number([0.55, 1e-6, 1e6, 1][choices.int(4)]))
        case 15: root.set(e + [.key("constraint")], pick(["frame", "viewport", "none"]))
        case 16:
            let limits: [JSONNode] = [
                .null, .string("cover"), .number(1), .number(3), .number(0.001), .number(1000), .number(1.6),
            ]
            root.set(e + [.key("zoom"), .key(["min", "max"][choices.int(2)])], limits[choices.int(limits.count)])
        case 17:
            root.set(
                e + [.key("zoom"), .key(choices.int(2) == 0 ? "base" : "anchor")],
                pick(["fit", "pixels", "focal", "center"]))
        case 18: root.set(e + [.key("fit")], pick(["aspectFill", "aspectFit", "frameFill", "shortSide"]))
        case 19:
            root.set(
                e + [.key("rotation")],
                .object([
                    "gesture": flag(), "limit": choices.int(3) == 0 ? .null : .number(number()), "autoCover": flag(),
                ]))
        case 20:
            root.set(
                e + [.key("doubleTap")],
                .object([
                    "action": pick(["none", "zoom", "reset"]), "factor": .number([2, 0.001, 1000][choices.int(3)]),
                ]))
        case 21: root.set(e + [.key("refit")], .object(["delay": .number(duration()), "animation": animation()]))
        case 22:
            let sides: [Double] = [20, 64, 390, 844, 100.5, 8192]
            root.set(
                e + [.key("viewport")],
                .object([
                    "width": .number(sides[choices.int(sides.count)]),
                    "height": .number(sides[choices.int(sides.count)]),
                    "scale": .number(1 + choices.int(4)),
                ]))
        default: root.set(e + [.key("turn"), .key("box")], pick(["turns", "stays"]))
        }
    }

    /// Face boxes: a few from interesting numbers (negative, past the image, empty, huge).
    mutating func faces() -> JSONNode {
        .array(
            (0..<(1 + choices.int(4))).map { _ in
                let w = [0, 1, 50, 1e6, 5000][choices.int(5)]
                return .array([
                    .number(number()), .number(number()), .number(w), .number([0, 1, 50, 1e6][choices.int(4)]),
                ])
            })
    }

    /// The mutated scenario: a base and up to 24 mutations until the choices run out.
    mutating func scenario() -> JSONNode? {
        guard !baseScenarios.isEmpty else { return nil }
        var root = baseScenarios[choices.int(baseScenarios.count)]
        var rounds = 0
        while !choices.exhausted && rounds < 24 {
            rounds += 1
            let script: [JSONStep] = [.key("script")]
            let count: Int
            if case .array(let items)? = root.at(script)?.value { count = items.count } else { count = 0 }
            switch choices.int(12) {
            case 0, 1:
                let paths = root.numberPaths()
                if !paths.isEmpty {
                    let path = paths[choices.int(paths.count)]
                    root.set(path, .number(number(for: path)))
                }
            case 2:
                let paths = root.numberPaths()
                if !paths.isEmpty {
                    let path = paths[choices.int(paths.count)]
                    if case .number(let x, _)? = root.at(path)?.value {
                        root.set(path, .number([x + 1, x - 1, x * 2, x / 2, -x, x + 0.5, x * 1000][choices.int(7)]))
                    }
                }
            case 3: root.set([.key("editor"), .key("faces")], faces())
            case 4: root.set([.key("preset")], .string(Preset.all[choices.int(Preset.all.count)].name))
            case 5, 6:
                var items: [JSONNode] = []
                if case .array(let old)? = root.at(script)?.value { items = old }
                items.insert(step(), at: choices.int(items.count + 1))
                root.set(script, .array(items))
            case 7: if count > 0 { root.set(script + [.index(choices.int(count))], nil) }
            case 8:
                if count > 0, case .array(var items)? = root.at(script)?.value {
                    let i = choices.int(count)
                    let j = choices.int(count)
                    items.swapAt(i, j)
                    root.set(script, .array(items))
                }
            case 9, 10: editorField(&root)
            default:
                let sizes = [[2, 2], [64, 48], [1600, 1200], [16384, 2], [3, 5000], [400, 300], [1, 1]]
                let s = sizes[choices.int(sizes.count)]
                if choices.int(2) == 0 {
                    root.set(
                        [.key("editor"), .key("image")], .object(["testcard": .array([.number(s[0]), .number(s[1])])]))
                } else {
                    root.set([.key("fps")], .number([1, 30, 60, 240, 7][choices.int(5)]))
                }
            }
        }
        // A file image cannot be read here: a test card of a choice of sizes stands in.
        if root.at([.key("editor"), .key("image"), .key("file")]) != nil {
            root.set([.key("editor"), .key("image")], .object(["testcard": .array([.number(400), .number(300)])]))
        }
        return root
    }
}
