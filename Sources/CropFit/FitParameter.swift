import CropJSON
import CropScenario

/// One parameter `fit` searches: an editor number key and the interval it may take
/// (`--vary policy.rubberBand=0.2..1.5`). Both ends are checked as a scenario file's value
/// would be (`EditorNumber`), so a range the editor refuses is refused before the search.
package struct FitParameter: Sendable, Equatable {
    package var key: String
    package var low: Double
    package var high: Double

    package init(key: String, low: Double, high: Double) {
        self.key = key
        self.low = low
        self.high = high
    }

    /// `KEY=LOW..HIGH`; the message says what was expected.
    package static func parse(_ text: String) throws(FitError) -> FitParameter {
        let expected = "KEY=LOW..HIGH with LOW < HIGH (for example policy.rubberBand=0.2..1.5)"
        guard let eq = text.firstIndex(of: "=") else { throw FitError.vary(text, expected) }
        let key = String(text[..<eq])
        let range = text[text.index(after: eq)...]
        guard let dots = range.range(of: ".."), let low = Double(range[..<dots.lowerBound]),
            let high = Double(range[dots.upperBound...]), low.isFinite, high.isFinite, low < high, !key.isEmpty
        else {
            throw FitError.vary(text, expected)
        }
        return FitParameter(key: key, low: low, high: high)
    }

    /// The value at `u` from 0 (LOW) to 1 (HIGH).
    package func value(_ u: Double) -> Double { low + (high - low) * min(max(u, 0), 1) }

    /// Where `value` lies from LOW (0) to HIGH (1), clamped.
    package func unit(_ value: Double) -> Double { min(max((value - low) / (high - low), 0), 1) }

    /// The text it was given as.
    package var text: String { "\(key)=\(Echo.number(low))..\(Echo.number(high))" }
}

/// Why a fit cannot start: a message naming the option or file.
package struct FitError: Error, Sendable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) { self.description = description }

    static func vary(_ given: String, _ expected: String) -> FitError {
        FitError("'--vary' expects \(expected), got '\(Echo.cap(given))'")
    }
}
