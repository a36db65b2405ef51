/// Elementary functions that give the same bits on every operating system, for policies,
/// curves and editor models of your own: the platform's `exp`, `sin` or `pow` may differ in
/// the last bit between macOS and Linux, which is enough to change a golden. CropReplay's own
/// engine and renderer compute with these (IEEE + - * / and sqrt only; a few ulps).
public enum PortableMath {
    /// e^x.
    public static func exp(_ x: Double) -> Double { DetMath.exp(x) }
    /// The natural logarithm.
    public static func log(_ x: Double) -> Double { DetMath.log(x) }
    /// base^e.
    public static func pow(_ base: Double, _ e: Double) -> Double { DetMath.pow(base, e) }
    /// Sine and cosine of an angle in radians.
    public static func sin(_ x: Double) -> Double { DetMath.sin(x) }
    /// The cosine of an angle in radians.
    public static func cos(_ x: Double) -> Double { DetMath.cos(x) }
    /// atan2(y, x) in radians.
    public static func atan2(_ y: Double, _ x: Double) -> Double { DetMath.atan2(y, x) }
}
