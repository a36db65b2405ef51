import CropGeometry

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
            guard var k = keyframes.lastIndex(where: { $0.t <= t }) else { return keyframes.first?.point ?? Point(0, 0) }
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

        /// The position at lifting.
        package var last: Point { position(at: up) }
    }

    package struct Keyframe: Sendable, Equatable {
        package var t: Double
        package var point: Point
        /// Moves linearly to the next keyframe (else holds until it).
        package var linear: Bool
        package init(t: Double, point: Point, linear: Bool = false) {
            self.t = t
            self.point = point
            self.linear = linear
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

    /// `raw * scale + offset`, after the panel-to-screen mapping when one is given.
    package func map(_ raw: Point) -> Point {
        var p = raw
        if let panel, let screen, panel.width > 0, panel.height > 0 {
            p = Point(p.x * screen.width / panel.width, p.y * screen.height / panel.height)
        }
        return Point(p.x * scale + offset.x, p.y * scale + offset.y)
    }
}
