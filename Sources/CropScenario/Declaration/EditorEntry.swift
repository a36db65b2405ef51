import CropJSON

/// One key of the `editor` object: a section of keys (`mask`, `policy`) or a single value
/// (`background`, `faces`), with how it is read, written and checked on an `EditorConfig`.
/// `EditorKeys.entries` lists them all.
package struct EditorEntry: Sendable {
    package let name: String
    package let doc: String
    /// A section's keys, with their defaults; empty for a single value.
    package let keys: [KeyInfo]
    /// A single value's shape and default; nil for a section.
    package let value: KeyInfo?
    /// A section that may be `null` (`border`, `grid`).
    package let nullable: Bool
    /// What the reference says of a nullable section's default (`none`).
    package let absentNote: String?
    let read: @Sendable (Field?, inout EditorConfig, ExtensionNames) throws(ScenarioError) -> Void
    let write: @Sendable (EditorConfig) -> JSONNode
    /// The first problem at or below `place` (`editor.mask`).
    let check: @Sendable (EditorConfig, _ place: String) -> Problem?

    /// A section: an object of `keys` over the part of the editor at `path`. `rule` checks
    /// what its keys' ranges do not (whole pixels, a circle's square size, ...).
    package static func section<S: Sendable>(
        _ name: String, _ path: WritableKeyPath<EditorConfig, S> & Sendable, doc: String, _ keys: [Key<S>],
        rule: @escaping @Sendable (S, _ place: String) -> Problem? = { _, _ in nil }
    ) -> EditorEntry {
        let object = KeyObject(keys)
        return EditorEntry(
            name: name, doc: doc, keys: object.infos(defaults: EditorConfig.defaults[keyPath: path]),
            value: nil, nullable: false, absentNote: nil,
            read: { field, e, extensions throws(ScenarioError) in
                guard let field else { return }
                try object.read(field, into: &e[keyPath: path], extensions)
            },
            write: { e in object.write(e[keyPath: path]) },
            check: { e, place in object.problem(e[keyPath: path], at: place) ?? rule(e[keyPath: path], place) })
    }

    /// A section that may be `null` (nil): absent it is the editor's default (`absent`, which
    /// may be nil), given it starts from `given`.
    package static func optionalSection<S: Sendable>(
        _ name: String, _ path: WritableKeyPath<EditorConfig, S?> & Sendable, given: S, absentNote: String,
        doc: String, _ keys: [Key<S>], rule: @escaping @Sendable (S, _ place: String) -> Problem? = { _, _ in nil }
    ) -> EditorEntry {
        let object = KeyObject(keys)
        return EditorEntry(
            name: name, doc: doc, keys: object.infos(defaults: given), value: nil, nullable: true,
            absentNote: absentNote,
            read: { field, e, extensions throws(ScenarioError) in
                guard let field else { return }
                if field.isNull {
                    e[keyPath: path] = nil
                    return
                }
                var s = e[keyPath: path] ?? given
                try object.read(field, into: &s, extensions)
                e[keyPath: path] = s
            },
            write: { e in e[keyPath: path].map { object.write($0) } ?? .null },
            check: { e, place in
                guard let s = e[keyPath: path] else { return nil }
                return object.problem(s, at: place) ?? rule(s, place)
            })
    }

    /// A single value of the editor.
    package static func value(_ key: Key<EditorConfig>) -> EditorEntry {
        EditorEntry(
            name: key.name, doc: key.doc, keys: [], value: key.info(defaults: EditorConfig.defaults), nullable: false,
            absentNote: nil,
            read: { field, e, extensions throws(ScenarioError) in
                if let field { try key.read(field, &e, extensions) }
            },
            write: { e in key.write(e) ?? .null },
            check: { e, place in key.check(e, place) })
    }
}
