import CropJSON

/// One kind of script step (`{"pan": {...}}`, `{"wait": 0.5}`), declared once: its JSON key,
/// its doc line, whether `together` takes it, what its value holds (an object of keys, or a
/// single value), and how the decoder reads it, the encoder writes it and the validator
/// checks it. `StepKeys.entries` lists them all.
package struct StepEntry: Sendable {
    package let name: String
    package let doc: String
    /// A gesture step: `together` takes it.
    package let gesture: Bool
    /// An object step's keys (`pan.by`, ...), or the keys of each item of a list of objects
    /// (`events`); empty otherwise.
    package let keys: [KeyInfo]
    /// The step's value when it is not an object of `keys` (`wait`'s number, the `events`
    /// list); nil for an object step.
    package let value: KeyInfo?
    /// Whether a step is of this kind.
    let holds: @Sendable (StepKind) -> Bool
    /// The step from its value (`field` is at `script[2].pan`).
    let read: @Sendable (_ field: Field) throws(ScenarioError) -> StepKind
    /// The step's value in canonical form (a step of this kind).
    let write: @Sendable (StepKind) -> JSONNode
    /// The first problem with a step of this kind, at `place` (`script[2].pan`) or below it.
    let check: @Sendable (StepKind, inout ScriptValidator, _ place: String) -> Problem?

    /// A rule a step's values break together or with the editor, checked on the model (a
    /// rotation step needs the rotation gesture; snapshot names are unique).
    package typealias Rule<S> = @Sendable (S, inout ScriptValidator, _ place: String) -> Problem?

    /// A step whose value is an object of `keys` over its model, read onto `initial` (the
    /// model's defaults; a required key's value there is a placeholder). `before` runs before
    /// the keys' ranges are checked, `after` once they hold.
    package static func object<S: Sendable>(
        _ name: String, _ kind: StepCase<S>, initial: S, gesture: Bool = false, doc: String, _ keys: [Key<S>],
        before: Rule<S>? = nil, after: Rule<S>? = nil
    ) -> StepEntry {
        let object = KeyObject(keys)
        return StepEntry(
            name: name, doc: doc, gesture: gesture, keys: object.infos(defaults: initial), value: nil,
            holds: { kind.extract($0) != nil },
            read: { field throws(ScenarioError) in
                var s = initial
                try object.read(field, into: &s, .none)
                return kind.embed(s)
            },
            write: { step in kind.extract(step).map { object.write($0) } ?? .null },
            check: { step, validator, place in
                guard let s = kind.extract(step) else { return nil }
                if let problem = before?(s, &validator, place) ?? object.problem(s, at: place) { return problem }
                return after?(s, &validator, place)
            })
    }

    /// A step whose value is the single value `key` reads onto `initial` (`key` is named as
    /// the step). `items` are the keys of each object of a list (`events`).
    package static func value<S: Sendable>(
        _ kind: StepCase<S>, initial: S, gesture: Bool = false, _ key: Key<S>, items: [KeyInfo] = [],
        before: Rule<S>? = nil, after: Rule<S>? = nil
    ) -> StepEntry {
        var value = key.info(defaults: initial)
        value.defaultValue = nil  // a step's value has none: `initial` is only where it is read onto
        return StepEntry(
            name: key.name, doc: key.doc, gesture: gesture, keys: items, value: value,
            holds: { kind.extract($0) != nil },
            read: { field throws(ScenarioError) in
                var s = initial
                try key.read(field, &s, .none)
                return kind.embed(s)
            },
            write: { step in kind.extract(step).flatMap { key.write($0) } ?? .null },
            check: { step, validator, place in
                guard let s = kind.extract(step) else { return nil }
                if let problem = before?(s, &validator, place) ?? key.check(s, place) { return problem }
                return after?(s, &validator, place)
            })
    }
}

/// A case of `StepKind` and the model it holds: how a step is made from its model and its
/// model taken out of a step (nil for a step of another kind).
package struct StepCase<S>: Sendable {
    let embed: @Sendable (S) -> StepKind
    let extract: @Sendable (StepKind) -> S?

    package init(_ embed: @escaping @Sendable (S) -> StepKind, _ extract: @escaping @Sendable (StepKind) -> S?) {
        self.embed = embed
        self.extract = extract
    }
}
