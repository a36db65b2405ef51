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
    /// `[a, b, ...]`: at most `count` numbers, each within the range.
    case list(ValueRange, what: String, count: Int)
    /// The value, or `null`.
    case nullable(KeyShape)
    /// A shape of its own: its JSON Schema and the words the reference tables use.
    case custom(schema: JSONNode, text: String)

    /// Which registered names a choice also accepts.
    package enum Registered: Sendable { case policies, curves }

    /// A choice of an enum's raw values.
    package static func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> KeyShape
    where E.RawValue == String {
        .choice(E.allCases.map(\.rawValue), registered: nil)
    }
}

/// One key of an editor section (`mask.opacity`) or of the editor itself (`background`),
/// declared once: its JSON name, what it holds, its doc line, and how the decoder reads it
/// into the model, the encoder writes it from the model, and the validator checks it on the
/// model. Its default is the model's (`EditorConfig.defaults`).
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
    let read: @Sendable (Field, inout S, ExtensionNames) throws(ScenarioError) -> Void
    /// The canonical JSON; nil leaves the key out (a frame given by `size` has no `aspect`).
    let write: @Sendable (S) -> JSONNode?
    /// The first problem, at `place` (the key's JSON path) or below it.
    let check: @Sendable (S, _ place: String) -> Problem?

    package init(
        _ name: String, _ shape: KeyShape, doc: String, defaultNote: String? = nil,
        read: @escaping @Sendable (Field, inout S, ExtensionNames) throws(ScenarioError) -> Void,
        write: @escaping @Sendable (S) -> JSONNode?,
        check: @escaping @Sendable (S, _ place: String) -> Problem? = { _, _ in nil }
    ) {
        self.name = name
        self.shape = shape
        self.doc = doc
        self.defaultNote = defaultNote
        self.read = read
        self.write = write
        self.check = check
    }

    /// The key's name, shape, doc line and the default of the model `defaults`.
    func info(defaults: S) -> KeyInfo {
        KeyInfo(name: name, shape: shape, doc: doc, defaultValue: write(defaults), defaultNote: defaultNote)
    }
}

/// A key as the schema, the reference and the playground see it.
package struct KeyInfo: Sendable {
    package var name: String
    package var shape: KeyShape
    package var doc: String
    /// The encoded default; nil when the key is not written by default (`frame.size`).
    package var defaultValue: JSONNode?
    package var defaultNote: String?
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
