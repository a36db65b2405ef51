/// A dash pattern measured along a closed path from its start: phase 0, starting
/// on; an odd array is repeated once (docs/behaviour.md, "Rendering").
package struct DashPattern: Equatable, Sendable {
    package let lengths: [Double]
    package let period: Double
    /// The length that is on in one period.
    package let onPerPeriod: Double

    package init?(_ lengths: [Double]) {
        guard !lengths.isEmpty else { return nil }
        let l = lengths.count % 2 == 1 ? lengths + lengths : lengths
        self.lengths = l
        period = l.reduce(0, +)
        var on = 0.0
        for (i, len) in l.enumerated() where i % 2 == 0 { on += len }
        onPerPeriod = on
        if !(period > 0) { return nil }
    }

    /// Whether the dash is on at arc length s (s >= 0).
    package func isOn(_ s: Double) -> Bool {
        var m = s - (s / period).rounded(.down) * period
        if m < 0 { m = 0 }
        for (i, len) in lengths.enumerated() {
            if m < len { return i % 2 == 0 }
            m -= len
        }
        return false
    }

    /// The on length within [0, m] for 0 <= m (periods counted whole, then the pattern).
    private func onUpTo(_ m: Double) -> Double {
        let n = (m / period).rounded(.down)
        var rest = m - n * period
        var on = n * onPerPeriod
        for (i, len) in lengths.enumerated() {
            if rest <= 0 { break }
            let t = rest < len ? rest : len
            if i % 2 == 0 { on += t }
            rest -= len
        }
        return on
    }

    /// The exact measure of the on set within [a, b] (0 <= a; empty when b <= a), measured
    /// from the period that holds a, so that a long path keeps its precision.
    package func onLength(_ a: Double, _ b: Double) -> Double {
        guard b > a else { return 0 }
        let base = (a / period).rounded(.down) * period
        let lo = max(0, a - base)
        let hi = b - base
        return max(0, onUpTo(hi) - onUpTo(lo))
    }

    /// The on stretches within [a, b] (0 <= a), clipped to it, in order; nil when there are
    /// more than `limit` of them (a pattern far finer than the span).
    package func onIntervals(_ a: Double, _ b: Double, limit: Int) -> [(Double, Double)]? {
        guard b > a, onPerPeriod > 0 else { return [] }
        var pos = (a / period).rounded(.down) * period
        // Every period holds at least one stretch: too many periods is too many stretches.
        guard (b - pos) / period <= Double(limit) else { return nil }
        var result: [(Double, Double)] = []
        var i = 0
        while pos < b {
            let len = lengths[i]
            let end = pos + len
            if i % 2 == 0 && end > a && len > 0 {
                if result.count == limit { return nil }
                result.append((max(pos, a), min(end, b)))
            }
            pos = end
            i = i + 1 == lengths.count ? 0 : i + 1
        }
        return result
    }
}
