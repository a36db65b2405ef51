import CropGeometry

/// One field of a `trace.json` frame (docs/outputs.md), declared once: its JSON name, its
/// kind and how it is read from a `FrameRecord`, the unit the golden comparison's messages
/// give it, how that comparison treats it and its line in the docs' table. The writer, the
/// reader, the golden comparison (`TraceDiff`), the docs table and the comparison's plots all
/// go through `TraceField.all`; adding a field is one declaration here (plus the behaviour
/// that fills it in `FrameRecord`).
package struct TraceField: Sendable {
    /// What the field holds, and how it is read from a frame.
    package enum Kind: Sendable {
        /// A whole number within a range (written without a fraction).
        case integer(ClosedRange<Int>, @Sendable (FrameRecord) -> Int)
        /// A number, written in the shortest form that reads back exactly.
        case number(@Sendable (FrameRecord) -> Double)
        /// A recognizer's phase, written as its name.
        case phase(@Sendable (FrameRecord) -> RecognizerPhase)
        case flag(@Sendable (FrameRecord) -> Bool)
        /// `[x, y, w, h]`, compared as the four numbers `name.x`, `name.y`, `name.w`, `name.h`.
        case rect(@Sendable (FrameRecord) -> Rect)
        /// The frame's events as their names (`pan.began`).
        case events(@Sendable (FrameRecord) -> [TraceEvent])
    }

    /// How the golden comparison treats a field: numbers within a tolerance, the rest exactly.
    package enum Comparison: Equatable, Sendable {
        case within(Double)
        case exact
    }

    package let name: String
    /// `"name": `, as the writer puts it before the value.
    let key: String
    package let kind: Kind
    /// The unit after a numeric difference in the comparison's messages (`+2.3 pt`); nil for none.
    package let unit: String?
    /// Follows from the kind: numbers and rects within `tolerance`, the rest exactly.
    package let comparison: Comparison
    /// Files written before the field existed lack it: it reads as absent (and then differs
    /// from a current replay's value), and an absent value is not written.
    package let optional: Bool
    /// The docs table's meaning; consecutive fields with the same meaning share a row.
    package let meaning: String

    init(
        _ name: String, _ kind: Kind, unit: String? = nil, optional: Bool = false, meaning: String
    ) {
        self.name = name
        key = "\"\(name)\": "
        self.kind = kind
        self.unit = unit
        self.optional = optional
        self.meaning = meaning
        switch kind {
        case .number, .rect: comparison = .within(TraceField.tolerance)
        case .integer, .phase, .flag, .events: comparison = .exact
        }
    }

    /// Numbers (and rects) compare within this, everything else exactly (docs/goldens.md).
    package static let tolerance = 1e-6

    /// How many values the field holds in `TraceFile.Frame.values` (a rect's four numbers).
    package var width: Int {
        if case .rect = kind { return 4 }
        return 1
    }

    /// The names of its values: `imageRect.x`, `imageRect.y`, `imageRect.w`, `imageRect.h` for a rect.
    package var valueNames: [String] {
        if case .rect = kind { return ["x", "y", "w", "h"].map { "\(name).\($0)" } }
        return [name]
    }

    /// A number or integer field's value on a frame (nil for other kinds).
    package func number(_ f: FrameRecord) -> Double? {
        switch kind {
        case .number(let read): return read(f)
        case .integer(_, let read): return Double(read(f))
        case .phase, .flag, .rect, .events: return nil
        }
    }

    /// The name with its unit, as plots and tables title it: `angle (deg)`, `zoom`.
    package var title: String { unit.map { "\(name) (\($0))" } ?? name }

    // MARK: - The fields, in file order

    package static let frame = TraceField(
        "frame", .integer(0...Int(Int32.max)) { $0.frame }, meaning: "frame number and its time, frame / fps seconds")
    package static let t = TraceField(
        "t", .number { $0.t }, meaning: "frame number and its time, frame / fps seconds")
    static let phases =
        "each recognizer's phase after the frame's events: `possible`, `began`, `changed`, `ended`, `cancelled`, `failed`"
    package static let pan = TraceField("pan", .phase { $0.pan }, meaning: phases)
    package static let pinch = TraceField("pinch", .phase { $0.pinch }, meaning: phases)
    package static let rotation = TraceField("rotation", .phase { $0.rotation }, optional: true, meaning: phases)
    package static let zoom = TraceField(
        "zoom", .number { $0.zoom },
        meaning: "the shown zoom: 1 is the fit (`zoom.base: \"fit\"`) or one image pixel per point (`\"pixels\"`)")
    package static let k = TraceField(
        "k", .number { $0.k },
        meaning: "points per image pixel as shown (the zoom times the base scale): what the renderer uses")
    package static let imageRect = TraceField(
        "imageRect", .rect { $0.imageRect }, unit: "pt",
        meaning: "`[x, y, w, h]` in points: where the (oriented) image lies before the angle turns it about its centre")
    package static let angle = TraceField(
        "angle", .number { $0.angle }, unit: "deg", optional: true,
        meaning: "the straighten angle in degrees, clockwise positive")
    static let orientation = "quarter turns clockwise (0 ... 3) and the mirror of the image's orientation"
    package static let turns = TraceField(
        "turns", .integer(0...3) { $0.orientation.turns }, optional: true, meaning: orientation)
    package static let mirrored = TraceField(
        "mirrored", .flag { $0.orientation.mirrored }, optional: true, meaning: orientation)
    package static let box = TraceField(
        "box", .rect { $0.box }, unit: "pt", optional: true, meaning: "the crop box `[x, y, w, h]` in points")
    package static let valid = TraceField(
        "valid", .flag { $0.valid }, meaning: "whether the shown state satisfies the zoom limits and the constraint")
    package static let mask = TraceField(
        "mask", .number { $0.mask },
        meaning: "the mask's visibility factor, 0 ... 1 (below 1 while it fades or hides)")
    package static let animating = TraceField(
        "animating", .flag { $0.animating }, meaning: "a settle or a re-fit is running")
    package static let events = TraceField(
        "events", .events { $0.events },
        meaning:
            "the frame's events in the order applied: `pan.began`, `pinch.changed`, `rotation.ended`, `tap.double`, ..."
    )

    /// Every frame field in the order a frame writes them.
    package static let all: [TraceField] = [
        frame, t, pan, pinch, rotation, zoom, k, imageRect, angle, turns, mirrored, box, valid, mask, animating, events,
    ]

    /// Where each field's values start in `TraceFile.Frame.values`, and their count.
    package static let offsets: [Int] = {
        var next = 0
        return all.map { field in
            defer { next += field.width }
            return next
        }
    }()
    package static let valueCount = all.reduce(0) { $0 + $1.width }

    /// The field a value name (`imageRect.x`, `zoom`) belongs to, and that value's place in
    /// `TraceFile.Frame.values`.
    package static func value(named name: String) -> (field: TraceField, index: Int)? { valuesByName[name] }

    static let valuesByName: [String: (field: TraceField, index: Int)] = {
        var out: [String: (field: TraceField, index: Int)] = [:]
        for (field, offset) in zip(all, offsets) {
            for (i, name) in field.valueNames.enumerated() { out[name] = (field, offset + i) }
        }
        return out
    }()

    /// The field whose values include `name` (`imageRect` for `imageRect.x`, and for a bare
    /// `imageRect`, an absent rect's name).
    package static func named(_ name: String) -> TraceField? {
        let base = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
        return all.first { $0.name == base }
    }
}

/// The top-level keys of `trace.json`, in file order, with the docs table's meaning for those
/// the table lists (the others are described around it).
package enum TraceKeys {
    package static let all: [(name: String, meaning: String?)] = [
        ("scenario", nil),
        ("engine", "the engine's behaviour version: goldens recorded by another version are reported as such"),
        (
            "scenarioHash",
            "a hash of the decoded scenario in a canonical form (whitespace, key order and `$schema` do not change it)"
        ),
        ("fps", nil), ("frames", nil), ("snapshots", nil), ("crops", nil),
    ]

    /// docs/outputs.md's table of trace fields: the listed top-level keys, then the frame's
    /// fields (consecutive fields with the same meaning on one row).
    package static var table: String {
        var rows: [(names: [String], meaning: String)] = all.compactMap { key in key.meaning.map { ([key.name], $0) } }
        var previous: String?
        for field in TraceField.all {
            if field.meaning == previous {
                rows[rows.count - 1].names.append(field.name)
            } else {
                rows.append(([field.name], field.meaning))
            }
            previous = field.meaning
        }
        var out = "| field | meaning |\n|---|---|\n"
        for row in rows { out += "| " + row.names.map { "`\($0)`" }.joined(separator: ", ") + " | \(row.meaning) |\n" }
        return out
    }
}
