import CropGeometry
import CropJSON

/// What a key holds: what the JSON Schema, the reference tables and the playground's form
/// are made from.
package indirect enum KeyShape: Sendable {
    /// A number within a range; `what` names it in messages (`a duration`).
    case number(ValueRange, what: String)
    case integer(ClosedRange<Int>)
    case bool
    /// One of these strings (with the registered policy or curve names, when `registered`).
    case choice([String], registered: Registered?)
    /// `"#RRGGBB"` or `"#RRGGBBAA"`.
    case color
    /// `[a, b]`, each within the range (`what` names the two in messages).
    case pair(ValueRange, what: (String, String))
    /// `[x, y]`, each within +-1e6: a point, a translation or a velocity in points.
    case point
    /// `[a, b, ...]`: at most `count` numbers, each within the range.
    case list(ValueRange, what: String, count: Int)
    /// The value, or `null`.
    case nullable(KeyShape)
    /// An animation object (`AnimationKeys`): a curve and the parameters it takes.
    case animation
    /// A shape of its own: its JSON Schema, the words the reference tables use, and the
    /// numbers inside it with their shapes (the ranges table lists them).
    case custom(schema: JSONNode, text: String, parts: [Part] = [])

    /// Numbers inside a shape of its own: `name` says which (`x, y` of a face box; empty: the
    /// whole value; a name starting with `.` is a key inside it).
    package struct Part: Sendable {
        package var name: String
        package var shape: KeyShape

        package init(_ name: String, _ shape: KeyShape) {
            self.name = name
            self.shape = shape
        }
    }

    /// A name that becomes a file or folder name (`OutputName`).
    package static let outputName = KeyShape.custom(
        schema: ScenarioSchema.ref("name"), text: "a name: 1 to 100 of A-Z a-z 0-9 . _ -, not `.` or `..`")

    /// Which registered names a choice also accepts.
    package enum Registered: Sendable { case policies, curves }

    /// A choice of an enum's raw values.
    package static func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> KeyShape
    where E.RawValue == String {
        .choice(E.allCases.map(\.rawValue), registered: nil)
    }
}

/// One key of a scenario object (an editor section's `mask.opacity`, the editor's own
/// `background`, a step's `pan.duration`, `start.zoom`) or a step's single value (`wait`),
/// declared once: its JSON name, what it holds, its doc line, and how the decoder reads it
/// into the model, the encoder writes it from the model, and the validator checks it on the
/// model. Its default is the model's (`EditorConfig.defaults`, `PanStep`'s initialiser, ...).
///
/// The decoder's `read` checks only the JSON's shape (a number, a pair, one of the names);
/// ranges are `check`'s, which runs on the model whether it was decoded or built in Swift, so
/// both get the same message at the same place.
package struct Key<S>: Sendable {
    package let name: String
    package let shape: KeyShape
    package let doc: String
    /// What the reference tables say of the default when the encoded default does not say it.
    package var defaultNote: String?
    /// What a missing required key should have been (`[dx, dy]` gives `expected "by": [dx, dy]`);
    /// nil for a key that may be left out.
    package var required: String?
    let read: @Sendable (Field, inout S, ExtensionNames) throws(ScenarioError) -> Void
    /// The canonical JSON; nil leaves the key out (a frame given by `size` has no `aspect`).
    let write: @Sendable (S) -> JSONNode?
    /// The first problem, at `place` (the key's JSON path) or below it.
    let check: @Sendable (S, _ place: String) -> Problem?
    /// What reading does when the object does not give the key (the scenario's `editor` is
    /// then the preset's or the defaults); nil: nothing, the model's default stays.
    var missing: (@Sendable (inout S, ExtensionNames) throws(ScenarioError) -> Void)?

    package init(
        _ name: String, _ shape: KeyShape, doc: String, defaultNote: String? = nil,
        read: @escaping @Sendable (Field, inout S, ExtensionNames) throws(ScenarioError) -> Void,
        write: @escaping @Sendable (S) -> JSONNode?,
        check: @escaping @Sendable (S, _ place: String) -> Problem? = { _, _ in nil },
        missing: (@Sendable (inout S, ExtensionNames) throws(ScenarioError) -> Void)? = nil
    ) {
        self.name = name
        self.shape = shape
        self.doc = doc
        self.defaultNote = defaultNote
        self.read = read
        self.write = write
        self.check = check
        self.missing = missing
    }

    /// The key's name, shape, doc line and the default of the model `defaults` (none when required).
    func info(defaults: S) -> KeyInfo {
        KeyInfo(
            name: name, shape: shape, doc: doc, defaultValue: required == nil ? write(defaults) : nil,
            defaultNote: defaultNote, required: required != nil)
    }

    /// This key, required: a missing one is `expected "name": <what>`.
    package func required(_ what: String) -> Key {
        var key = self
        key.required = what
        return key
    }
}

/// A key as the schema, the reference and the playground see it.
package struct KeyInfo: Sendable {
    package var name: String
    package var shape: KeyShape
    package var doc: String
    /// The encoded default; nil when the key is not written by default (`frame.size`) or is required.
    package var defaultValue: JSONNode?
    package var defaultNote: String?
    /// The object is refused without it (`pan.by`).
    package var required = false
}

/// The keys of one JSON object over its model `S` (an editor section, a step, the start
/// state), in declaration order: the order they are read, written and checked in.
package struct KeyObject<S>: Sendable {
    package let keys: [Key<S>]
    /// The keys' names, the only ones the object accepts.
    package let names: [String]

    package init(_ keys: [Key<S>]) {
        self.keys = keys
        self.names = keys.map(\.name)
    }

    /// Reads `field` onto `s`: unknown keys refused (with a hint), then missing required keys,
    /// then each key in declaration order, whatever the file's order (`aspect` reads after
    /// `size`): a given key's `read`, a missing key's `missing`.
    func read(_ field: Field, into s: inout S, _ extensions: ExtensionNames) throws(ScenarioError) {
        let members = try field.object(allowed: names)
        for key in keys {
            if let what = key.required, members[key.name] == nil {
                throw field.error("expected \"\(key.name)\": \(what)")
            }
        }
        for key in keys {
            if let member = members[key.name] {
                try key.read(member, &s, extensions)
            } else if let missing = key.missing {
                try missing(&s, extensions)
            }
        }
    }

    /// The object with every key that writes itself, in declaration order.
    func write(_ s: S) -> JSONNode {
        .object(keys.compactMap { key in key.write(s).map { (key.name, $0) } })
    }

    /// The first key out of its range, at `place.key` (`key` for the scenario itself, whose
    /// place is empty) or below it.
    func problem(_ s: S, at place: String) -> Problem? {
        for key in keys {
            if let problem = key.check(s, place.isEmpty ? key.name : place + "." + key.name) { return problem }
        }
        return nil
    }

    func infos(defaults: S) -> [KeyInfo] { keys.map { $0.info(defaults: defaults) } }
}

// MARK: - Keys of the common shapes

extension Key {
    /// A number within `range`.
    package static func number(
        _ name: String, _ path: WritableKeyPath<S, Double> & Sendable, _ range: ValueRange, what: String, doc: String
    ) -> Key {
        Key(
            name, .number(range, what: what), doc: doc,
            read: { f, s, _ throws(ScenarioError) in s[keyPath: path] = try f.number() },
            write: { .number($0[keyPath: path]) },
            check: { s, place in range.problem(s[keyPath: path], what: what, at: place) })
    }

    /// A number within `range`, or null (nil).
    package static func optionalNumber(
        _ name: String, _ path: WritableKeyPath<S, Double?> & Sendable, _ range: ValueRange, what: String,
        doc: String
    ) -> Key {
        Key(
            name, .nullable(.number(range, what: what)), doc: doc,
            read: { f, s, _ throws(ScenarioError) in s[keyPath: path] = f.isNull ? nil : try f.number() },
            write: { .number($0[keyPath: path]) },
            check: { s, place in s[keyPath: path].flatMap { range.problem($0, what: what, at: place) } })
    }

    /// A whole number within `range` (a JSON fraction is refused as it is read).
    package static func integer(
        _ name: String, _ path: WritableKeyPath<S, Int> & Sendable, _ range: ClosedRange<Int>, doc: String
    ) -> Key {
        Key(
            name, .integer(range), doc: doc,
            read: { f, s, _ throws(ScenarioError) in
                s[keyPath: path] = try f.wholeNumber(in: range)
            },
            write: { .number($0[keyPath: path]) },
            check: { s, place in range.problem(s[keyPath: path], at: place) })
    }

    package static func bool(_ name: String, _ path: WritableKeyPath<S, Bool> & Sendable, doc: String) -> Key {
        Key(
            name, .bool, doc: doc,
            read: { f, s, _ throws(ScenarioError) in s[keyPath: path] = try f.bool() },
            write: { .bool($0[keyPath: path]) })
    }

    /// One of an enum's raw values (any value of the enum is valid in Swift).
    package static func choice<E: RawRepresentable & CaseIterable>(
        _ name: String, _ path: WritableKeyPath<S, E> & Sendable, doc: String
    ) -> Key where E.RawValue == String {
        Key(
            name, .choice(E.self), doc: doc,
            read: { f, s, _ throws(ScenarioError) in s[keyPath: path] = try f.choice(E.self) },
            write: { .string($0[keyPath: path].rawValue) })
    }

    /// An sRGB colour (any `RGBA` is valid in Swift).
    package static func color(_ name: String, _ path: WritableKeyPath<S, RGBA> & Sendable, doc: String) -> Key {
        Key(
            name, .color, doc: doc,
            read: { f, s, _ throws(ScenarioError) in s[keyPath: path] = try f.color() },
            write: { .string($0[keyPath: path].hex) })
    }

    /// A number within `range` that may be left out (nil, not written); `null` is refused.
    /// `absent` says what is used without it.
    package static func number(
        _ name: String, _ path: WritableKeyPath<S, Double?> & Sendable, _ range: ValueRange, what: String,
        doc: String, absent: String
    ) -> Key {
        Key(
            name, .number(range, what: what), doc: doc, defaultNote: absent,
            read: { f, s, _ throws(ScenarioError) in s[keyPath: path] = try f.number() },
            write: { s in s[keyPath: path].map { .number($0) } },
            check: { s, place in s[keyPath: path].flatMap { range.problem($0, what: what, at: place) } })
    }

    /// `[x, y]` in points, each within +-1e6 (places `name[0]` and `name[1]`).
    package static func point(_ name: String, _ path: WritableKeyPath<S, Point> & Sendable, doc: String) -> Key {
        Key(
            name, .point, doc: doc,
            read: { f, s, _ throws(ScenarioError) in s[keyPath: path] = try f.numberPoint() },
            write: { s in .array([.number(s[keyPath: path].x), .number(s[keyPath: path].y)]) },
            check: { s, place in s[keyPath: path].problem(at: place) })
    }

    /// `[x, y]` in points that may be left out (nil, not written); `null` is refused.
    package static func point(
        _ name: String, _ path: WritableKeyPath<S, Point?> & Sendable, doc: String, absent: String
    ) -> Key {
        Key(
            name, .point, doc: doc, defaultNote: absent,
            read: { f, s, _ throws(ScenarioError) in s[keyPath: path] = try f.numberPoint() },
            write: { s in s[keyPath: path].map { .array([.number($0.x), .number($0.y)]) } },
            check: { s, place in s[keyPath: path]?.problem(at: place) })
    }

    /// `[width, height]`, each within `range` (places `name[0]` and `name[1]`).
    package static func size(
        _ name: String, _ path: WritableKeyPath<S, Size> & Sendable, _ range: ValueRange, doc: String
    ) -> Key {
        Key(
            name, .pair(range, what: Size.what), doc: doc,
            read: { f, s, _ throws(ScenarioError) in
                let (w, h) = try f.numberPair()
                s[keyPath: path] = Size(w, h)
            },
            write: { .array([.number($0[keyPath: path].width), .number($0[keyPath: path].height)]) },
            check: { s, place in s[keyPath: path].problem(range, at: place) })
    }

    /// `[width, height]` that may be left out (nil, not written); `null` is refused.
    package static func size(
        _ name: String, _ path: WritableKeyPath<S, Size?> & Sendable, _ range: ValueRange, doc: String,
        absent: String
    ) -> Key {
        Key(
            name, .pair(range, what: Size.what), doc: doc, defaultNote: absent,
            read: { f, s, _ throws(ScenarioError) in
                let (w, h) = try f.numberPair()
                s[keyPath: path] = Size(w, h)
            },
            write: { s in s[keyPath: path].map { .array([.number($0.width), .number($0.height)]) } },
            check: { s, place in s[keyPath: path]?.problem(range, at: place) })
    }
}

extension Size {
    /// The names of the two numbers of a size in messages.
    package static let what = ("a width", "a height")

    /// The first side outside `range`, at `place[0]` or `place[1]`.
    package func problem(_ range: ValueRange, at place: String) -> Problem? {
        range.problem(width, what: Self.what.0, at: place + "[0]")
            ?? range.problem(height, what: Self.what.1, at: place + "[1]")
    }
}

extension Point {
    /// The first coordinate outside +-1e6, at `place[0]` or `place[1]`.
    package func problem(at place: String) -> Problem? {
        ValueRange.points.problem(x, what: "a number", at: place + "[0]")
            ?? ValueRange.points.problem(y, what: "a number", at: place + "[1]")
    }
}
