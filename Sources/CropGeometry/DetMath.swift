/// Deterministic elementary functions built from IEEE basic operations only
/// (+ - * / sqrt, exact scaling by powers of two), so that every number that
/// reaches a pixel, a trace or a crop is the same on every platform: the
/// platform libm is never called. Accuracy is a few ulps, which is far below
/// the 1e-6 tolerance of trace comparison.
package enum DetMath {
    package static let pi = 3.141592653589793
    package static let ln2 = 0.6931471805599453
    static let ln2Hi = 6.93147180369123816490e-01
    static let ln2Lo = 1.90821492927058770002e-10
    static let halfPiHi = 1.57079632673412561417e+00
    static let halfPiLo = 6.07710050650619224932e-11

    /// 2^n for an integer n, exact (two steps keep subnormal and large n in range).
    package static func powerOfTwo(_ n: Int) -> Double {
        if n > 1023 { return .infinity }
        if n < -1074 { return 0 }
        if n >= -1022 { return Double(sign: .plus, exponent: n, significand: 1) }
        return Double(sign: .plus, exponent: n + 600, significand: 1)
            * Double(sign: .plus, exponent: -600, significand: 1)
    }

    /// e^x.
    package static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.78 { return .infinity }
        if x < -745.2 { return 0 }
        let n = (x / ln2).rounded(.toNearestOrAwayFromZero)
        let r = (x - n * ln2Hi) - n * ln2Lo
        // Taylor series of e^r for |r| <= 0.35, Horner form.
        var sum = 1.0
        var k = 16.0
        while k >= 1 {
            sum = 1.0 + r * sum / k
            k -= 1
        }
        let ni = Int(n)
        if ni > 1000 { return sum * powerOfTwo(1000) * powerOfTwo(ni - 1000) }
        if ni < -1000 { return sum * powerOfTwo(-1000) * powerOfTwo(ni + 1000) }
        return sum * powerOfTwo(ni)
    }

    /// Natural logarithm; NaN for negative input, -infinity for 0.
    package static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        var m = x.significand  // in [1, 2)
        var e = Int(x.exponent)
        if m > 1.4142135623730951 {
            m = m / 2
            e += 1
        }
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        // 2 * atanh(s) = 2 (s + s^3/3 + s^5/5 + ...), |s| <= 0.172.
        var term = 0.0
        var k = 27.0
        while k >= 3 {
            term = s2 * (1.0 / k + term)
            k -= 2
        }
        let atanh2 = 2 * (s + s * term)
        let fe = Double(e)
        return fe * ln2Hi + (fe * ln2Lo + atanh2)
    }

    package static func log2(_ x: Double) -> Double {
        if x > 0, x.significand == 1 { return Double(x.exponent) }
        return log(x) / ln2
    }

    package static func exp2(_ x: Double) -> Double {
        if x == x.rounded(), abs(x) < 1000 { return powerOfTwo(Int(x)) }
        return exp(x * ln2)
    }

    /// base^e for base > 0.
    package static func pow(_ base: Double, _ e: Double) -> Double {
        if e == 0 { return 1 }
        if e == 1 { return base }
        if base == 1 { return 1 }
        return exp(e * log(base))
    }

    /// sin and cos together, with reduction by multiples of pi/2.
    package static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        let n = (x / (pi / 2)).rounded(.toNearestOrAwayFromZero)
        let r = (x - n * halfPiHi) - n * halfPiLo
        let r2 = r * r
        var s = 0.0
        var c = 0.0
        // sin r = r (1 - r^2/(2*3) (1 - r^2/(4*5) (...))), cos r likewise.
        var k = 22.0
        while k >= 2 {
            s = 1 - r2 / (k * (k + 1)) * s
            c = 1 - r2 / ((k - 1) * k) * c
            k -= 2
        }
        let sinR = r * s
        let cosR = c
        let quadrant = ((Int(n) % 4) + 4) % 4
        switch quadrant {
        case 0: return (sinR, cosR)
        case 1: return (cosR, -sinR)
        case 2: return (-sinR, -cosR)
        default: return (-cosR, sinR)
        }
    }

    package static func sin(_ x: Double) -> Double { sinCos(x).sin }
    package static func cos(_ x: Double) -> Double { sinCos(x).cos }

    /// Arc tangent, by argument halving then a power series.
    package static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x < 0 { return -atan(-x) }
        if x > 1 { return pi / 2 - atan(1 / x) }
        // atan(x) = 2 atan(x / (1 + sqrt(1 + x^2))), applied twice: |y| <= tan(pi/16).
        var y = x
        y = y / (1 + (1 + y * y).squareRoot())
        y = y / (1 + (1 + y * y).squareRoot())
        let y2 = y * y
        var sum = 0.0
        var k = 31.0
        while k >= 3 {
            sum = y2 * (1.0 / k - sum)
            k -= 2
        }
        return 4 * (y - y * sum)
    }

    /// Angle of (x, y) in (-pi, pi].
    package static func atan2(_ y: Double, _ x: Double) -> Double {
        if x == 0 {
            if y > 0 { return pi / 2 }
            if y < 0 { return -pi / 2 }
            return 0
        }
        let a = atan(y / x)
        if x > 0 { return a }
        return y >= 0 ? a + pi : a - pi
    }

    /// Half away from zero, as the spec's round().
    package static func round(_ x: Double) -> Double { x.rounded(.toNearestOrAwayFromZero) }
}

extension DetMath {
    /// sin and cos of an angle in degrees: exact at multiples of 90 (0 gives sin 0 and cos 1
    /// exactly), the radian series otherwise.
    package static func sinCosDegrees(_ degrees: Double) -> (sin: Double, cos: Double) {
        let d = degrees.truncatingRemainder(dividingBy: 360)  // exact
        if d == 0 { return (0, 1) }
        if d == 90 || d == -270 { return (1, 0) }
        if d == 180 || d == -180 { return (0, -1) }
        if d == 270 || d == -90 { return (-1, 0) }
        return sinCos(d * (pi / 180))
    }

    /// The angle of (x, y) in degrees, in (-180, 180].
    package static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        atan2(y, x) * (180 / pi)
    }
}

/// A rotation by an angle (degrees, clockwise on screen with y down): Rot(a)(x, y) =
/// (x cos a - y sin a, x sin a + y cos a) (docs/behaviour.md, "View state and mapping").
package struct Rotation: Equatable, Sendable {
    package let sin: Double
    package let cos: Double

    package init(degrees: Double) {
        let sc = DetMath.sinCosDegrees(degrees)
        sin = sc.sin
        cos = sc.cos
    }

    package init(sin: Double, cos: Double) {
        self.sin = sin
        self.cos = cos
    }

    /// Rot(a)(p).
    package func apply(_ p: Point) -> Point { Point(p.x * cos - p.y * sin, p.x * sin + p.y * cos) }
    /// Rot(-a)(p).
    package func inverse(_ p: Point) -> Point { Point(p.x * cos + p.y * sin, -p.x * sin + p.y * cos) }
    package var isIdentity: Bool { sin == 0 && cos == 1 }
}
