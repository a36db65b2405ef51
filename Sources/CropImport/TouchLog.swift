import CropGeometry
import CropJSON

/// Recorded touches, whatever the log format: each finger (a contact from landing to
/// lifting) with its positions over time, in raw log coordinates and seconds.
package struct TouchLog: Sendable, Equatable {
    /// One finger's life: it lands at `down`, lifts at `up`, and between keyframes its
    /// position holds (or moves linearly, when a keyframe says so: WebDriver moves).
    package struct Contact: Sendable, Equatable {
        package var down: Double
        package var up: Double
        package var keyframes: [Keyframe]
        /// Where in the log it landed (for error messages).
        package var line: Int

        package init(down: Double, up: Double, keyframes: [Keyframe], line: Int) {
            self.down = down
            self.up = up
            self.keyframes = keyframes
            self.line = line
        }

        /// The position at time t: the latest keyframe at or before t (the first one before
        /// it), moving linearly towards the next one when that keyframe says so.
        package func position(at t: Double) -> Point {
            guard var k = keyframes.lastIndex(where: { $0.t <= t }) else {
                return keyframes.first?.point ?? Point(0, 0)
            }
            if k == keyframes.count - 1 || !keyframes[k].linear { return keyframes[k].point }
            let a = keyframes[k]
            let b = keyframes[k + 1]
            guard b.t > a.t else {
                k += 1
                return keyframes[k].point
            }
            let f = (t - a.t) / (b.t - a.t)
            return Point(a.point.x + (b.point.x - a.point.x) * f, a.point.y + (b.point.y - a.point.y) * f)
        }

        /// The log's line of the position at time t (the landing's when not known).
        package func line(at t: Double) -> Int {
            let k = keyframes.lastIndex(where: { $0.t <= t }) ?? 0
            return k < keyframes.count && keyframes[k].line > 0 ? keyframes[k].line : line
        }

        /// The position at lifting.
        package var last: Point { position(at: up) }
    }

    package struct Keyframe: Sendable, Equatable {
        package var t: Double
        package var point: Point
        /// Moves linearly to the next keyframe (else holds until it).
        package var linear: Bool
        /// The log's line that set this position (0: not known; the contact's landing line).
        package var line: Int
        package init(t: Double, point: Point, linear: Bool = false, line: Int = 0) {
            self.t = t
            self.point = point
            self.linear = linear
            self.line = line
        }
    }

    /// Contacts in the order they landed (fingers landing together keep log order).
    package var contacts: [Contact]
    package init(contacts: [Contact]) { self.contacts = contacts }
}

/// A log that cannot be imported: the log's line (and column, for JSON) and what was expected.
package struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    package var line: Int
    package var column: Int?
    package var message: String
    package init(line: Int, column: Int? = nil, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
    /// `LINE[:COL]: what`.
    package var description: String { "\(line)" + (column.map { ":\($0)" } ?? "") + ": " + message }
}

/// What the three log formats have in common: positions mapped to view points.
package struct PointMapping: Sendable, Equatable {
    package var scale = 1.0
    package var offset = Point(0, 0)
    /// getevent: the panel's axis ranges and the screen's size in points.
    package var panel: Size?
    package var screen: Size?
    package init() {}

    /// The options that map log positions, as given (for errors): ` with --scale 2 --offset 1,-1`.
    package var optionsWords: String {
        var words: [String] = []
        if panel != nil || screen != nil { words.append("--panel and --screen") }
        if scale != 1 { words.append("--scale \(JSONNumber.format(scale))") }
        if offset != Point(0, 0) {
            words.append("--offset \(JSONNumber.format(offset.x)),\(JSONNumber.format(offset.y))")
        }
        return words.isEmpty ? "" : " with " + words.joined(separator: " ")
    }

    /// `raw * scale + offset`, after the panel-to-screen mapping when one is given.
    package func map(_ raw: Point) -> Point {
        var p = raw
        if let panel, let screen, panel.width > 0, panel.height > 0 {
            p = Point(p.x * screen.width / panel.width, p.y * screen.height / panel.height)
        }
        return Point(p.x * scale + offset.x, p.y * scale + offset.y)
    }
}

/// The lines of a text log, ended by LF or CRLF. In Swift "\r\n" is one Character, so a
/// split on "\n" alone would never split a CRLF file: this splits on both.
package enum LogLines {
    package static func split(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }
}
