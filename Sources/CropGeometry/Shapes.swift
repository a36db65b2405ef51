/// A point or vector in view space (points), origin top-left, y down.
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, in points from the left.
    public var x: Double
    /// The vertical coordinate, in points from the top.
    public var y: Double
    /// The point (`x`, `y`).
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    /// The origin, (0, 0).
    public static let zero = Point(0, 0)
    /// The sum of two vectors.
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    /// The difference of two vectors.
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    /// The vector scaled by `s`.
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    /// The vector's Euclidean length.
    public var length: Double { (x * x + y * y).squareRoot() }
    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height (points, pixels or an aspect ratio).
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double
    /// A size of `width` by `height`.
    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
    /// `[width, height]`.
    public var description: String { "[\(width), \(height)]" }
}

/// An axis-aligned rectangle.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double
    /// The rect with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    /// The rect of this size centred on `center`.
    public init(center: Point, width: Double, height: Double) {
        self.init(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    }
    /// The left edge, `x`.
    public var minX: Double { x }
    /// The top edge, `y`.
    public var minY: Double { y }
    /// The right edge, `x + width`.
    public var maxX: Double { x + width }
    /// The bottom edge, `y + height`.
    public var maxY: Double { y + height }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }
    /// The centre point.
    public var center: Point { Point(midX, midY) }
    /// `[x, y, width, height]`.
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
    /// The red, green, blue and alpha channels, 0 to 255.
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
    /// A colour from its channels; opaque unless `alpha` is given.
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
    /// Opaque black.
    public static let black = RGBA(0, 0, 0)
    /// Opaque white.
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
