/// A point or vector in view space (points), origin top-left, y down.
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(0, 0)
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    public var length: Double { (x * x + y * y).squareRoot() }
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height (points, pixels or an aspect ratio).
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
    public var description: String { "[\(width), \(height)]" }
}

/// An axis-aligned rectangle.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public init(center: Point, width: Double, height: Double) {
        self.init(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(midX, midY) }
    public var description: String { "[\(x), \(y), \(width), \(height)]" }

    /// True when this rect contains `other`, with `tolerance` on every edge.
    public func contains(_ other: Rect, tolerance: Double) -> Bool {
        minX <= other.minX + tolerance && minY <= other.minY + tolerance
            && maxX >= other.maxX - tolerance && maxY >= other.maxY - tolerance
    }
}

/// Axis of view space.
package enum Axis: Sendable, CaseIterable { case x, y }

/// An 8-bit sRGB colour with straight (non-premultiplied) alpha.
public struct RGBA: Equatable, Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
    /// The channels by their initials, as the compositor's arithmetic reads them.
    package var r: UInt8 { red }
    package var g: UInt8 { green }
    package var b: UInt8 { blue }
    package var a: UInt8 { alpha }
    public static let black = RGBA(0, 0, 0)
    public static let white = RGBA(255, 255, 255)
    /// `#RRGGBB` or `#RRGGBBAA`.
    public var hex: String {
        func h(_ v: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
        }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }
    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil when malformed.
    public init?(hex: String) {
        let chars = Array(hex.utf8)
        guard chars.first == UInt8(ascii: "#"), chars.count == 7 || chars.count == 9 else { return nil }
        var values: [UInt8] = []
        var i = 1
        while i < chars.count {
            guard let hi = RGBA.nibble(chars[i]), let lo = RGBA.nibble(chars[i + 1]) else { return nil }
            values.append(hi << 4 | lo)
            i += 2
        }
        self.init(values[0], values[1], values[2], values.count == 4 ? values[3] : 255)
    }
    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
