import CropJSON

/// Limits of docs/scenarios.md ("Ranges and limits"), checked before anything is allocated.
package enum Limits {
    package static let maxViewportPixels = 8192
    package static let maxImageSide = 16384
    package static let maxImagePixels = 100_000_000
    package static let maxFrames = 100_000
    /// The largest scenario file read (a recorded 10-minute two-finger session at 120 fps is
    /// about 4 MB as `touches`).
    package static let maxScenarioBytes = 16 * 1024 * 1024
    /// The largest image file read (a 100 MP PNG compresses well below this).
    package static let maxImageFileBytes = 256 * 1024 * 1024
    /// Coordinates, translations, velocities, sizes and angles in points (or image pixels, or
    /// degrees): within +-1e6, far beyond any screen, so no sum or product of them overflows.
    package static let maxCoordinate = 1_000_000.0
    /// Pinch scales, zoom limits and the double-tap factor: from 1/1000 to 1000.
    package static let minScale = 0.001
    package static let maxScale = 1000.0
    /// Face boxes per scenario.
    package static let maxFaces = 1000
    /// Dash lengths per border.
    package static let maxDashes = 64
    /// Seconds for durations, holds, waits, fades, delays and a spring's response.
    package static let maxSeconds = 10_000.0
    /// Aspects, the rubber-band constant and a spring's damping ratio: within (0, 1e6].
    package static let maxRatio = 1_000_000.0
}

/// The numbers a value may take: an interval whose ends are each closed or open. Every number
/// of a scenario has one (docs/scenarios.md, "Ranges and limits"); the same words appear in
/// the messages, the reference tables and the JSON Schema.
package struct ValueRange: Equatable, Sendable {
    package var lower: Double
    package var upper: Double
    /// The lower end is excluded (`above 0`).
    package var lowerOpen = false
    /// The upper end is excluded (`below 1`).
    package var upperOpen = false

    package init(_ lower: Double, _ upper: Double, lowerOpen: Bool = false, upperOpen: Bool = false) {
        self.lower = lower
        self.upper = upper
        self.lowerOpen = lowerOpen
        self.upperOpen = upperOpen
    }

    /// Points, pixels, velocities and angles in degrees: within +-1e6.
    package static let points = ValueRange(-Limits.maxCoordinate, Limits.maxCoordinate)
    /// Margins, radii, dash lengths, border and grid widths, handle reach, the angle limit: 0 to 1e6.
    package static let lengths = ValueRange(0, Limits.maxCoordinate)
    /// Sizes, aspects, the rubber-band constant and a spring's damping ratio: above 0, at most 1e6.
    package static let positive = ValueRange(0, Limits.maxRatio, lowerOpen: true)
    /// Pinch scales, zoom limits and the double-tap factor: 0.001 to 1000.
    package static let scales = ValueRange(Limits.minScale, Limits.maxScale)
    /// Durations, holds, waits, fades, delays and a spring's response: 0 to 10000 seconds.
    package static let seconds = ValueRange(0, Limits.maxSeconds)
    /// Momentum, the deceleration per millisecond: above 0 and below 1.
    package static let momentum = ValueRange(0, 1, lowerOpen: true, upperOpen: true)
    /// Opacities: 0 to 1.
    package static let unit = ValueRange(0, 1)
    /// A viewport side in points: above 0, at most 8192 (and at most 8192 pixels after the scale).
    package static let viewportSide = ValueRange(0, Double(Limits.maxViewportPixels), lowerOpen: true)

    package func contains(_ d: Double) -> Bool {
        (lowerOpen ? d > lower : d >= lower) && (upperOpen ? d < upper : d <= upper)
    }

    /// `from 0 to 10000`, `within +-1000000`, `above 0 and at most 1000000`, `above 0 and below 1`.
    package var text: String {
        let low = Echo.number(lower)
        let high = Echo.number(upper)
        if lower == -upper, !lowerOpen, !upperOpen { return "within +-\(high)" }
        switch (lowerOpen, upperOpen) {
        case (false, false): return "from \(low) to \(high)"
        case (true, false): return "above \(low) and at most \(high)"
        case (true, true): return "above \(low) and below \(high)"
        case (false, true): return "from \(low) and below \(high)"
        }
    }

    /// What was expected and what was given when `d` is outside the range (NaN and the
    /// infinities always are); nil when it is inside.
    package func problem(_ d: Double, what: String, at place: String) -> Problem? {
        contains(d) ? nil : Problem(place: place, expected: "\(what) \(text)", given: Echo.given(d))
    }
}

/// Whole numbers with both ends included: `an integer from 1 to 4`.
extension ClosedRange<Int> {
    package var text: String { "an integer from \(lowerBound) to \(upperBound)" }

    package func problem(_ i: Int, at place: String) -> Problem? {
        contains(i) ? nil : Problem(place: place, expected: text, given: String(i))
    }
}

/// One thing wrong with a scenario's model: the place (a JSON path such as `editor.zoom.max`
/// or `script[2].pan.duration`) and either what was expected and what was given, or a rule's
/// message. `error(file:)` is the `ScenarioError` the decoder and the Swift builders throw.
package struct Problem: Equatable, Sendable {
    package var place: String
    package var message: String
    package var expected: String?
    package var given: String?

    /// A value out of its range or of the wrong kind.
    package init(place: String, expected: String, given: String) {
        self.place = place
        self.message = "expected \(expected), got \(given)"
        self.expected = expected
        self.given = given
    }

    /// A rule that values break together (a circle given by a non-square size, a rotation
    /// step on an editor without the gesture, ...).
    package init(place: String, message: String) {
        self.place = place
        self.message = message
    }

    package func error(file: String) -> ScenarioError {
        ScenarioError(file: file, place: place, message: message, expected: expected, given: given)
    }
}
